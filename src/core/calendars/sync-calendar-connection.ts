import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import {
  type CalendarConnection,
  type CalendarSyncSettings,
  cleanConnectionName,
  connectionName,
  retryDelayMinutes,
  syncWarnings,
} from '../domain/meetings/calendar-connection.js'
import type { Meeting } from '../domain/meetings/meeting.js'
import { changesOf, planSync, referencedIds } from '../domain/meetings/meeting-sync-plan.js'
import type { AppError } from '../errors.js'
import { type CalendarFailure, type CalendarProvider, type CalendarWindow, calendarFailure } from '../ports/calendar-provider.js'
import type { EventPublisher } from '../ports/event-publisher.js'
import type { Ids } from '../ports/ids.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import { type MeetingChangeListener, notifyChanges } from '../meetings/index.js'
import { ignoreFailure } from '../recordings/index.js'
import { keepPushChannel, type PushDeps } from './keep-push-channel.js'
import type { OwnerNotices } from './owner-notices.js'
import { isOAuthConnection } from './oauth-grant.js'
import { type FetchDeps, type FetchedPage, fetchCalendarPage } from './sync-calendar-fetch.js'
import { queueSync, type SyncJobPayload } from './sync-calendar-job.js'

export interface SyncDeps extends FetchDeps, PushDeps {
  readonly meetings: MeetingStore
  readonly jobs: JobQueue
  readonly ids: Ids
  /** One provider per connection kind; a kind without one fails its syncs with a readable lastError. */
  readonly calendars: ReadonlyArray<CalendarProvider>
  readonly calendarSync: CalendarSyncSettings
  readonly onMeetingsChanged?: MeetingChangeListener
  /** Tells the owner (webhooks) when a grant needs renewing. */
  readonly events?: EventPublisher
  /** Tells the owner in the app, and by mail when the server sends mail, when a grant needs renewing. */
  readonly tellOwner?: OwnerNotices
}

export type SyncOutcome =
  | { readonly kind: 'skipped'; readonly why: 'connection_gone' | 'stale' }
  | {
      readonly kind: 'synced'
      readonly inserted: number
      readonly updated: number
      readonly removed: number
      readonly nextSyncAt: string
      /** The first line of the connection's warnings, when the sync left something out. */
      readonly leftOut?: string
      /** What went wrong with the push channel, for the log (the sync itself succeeded). */
      readonly pushNote?: string
    }
  /** nextSyncAt null: none is planned (the grant must be renewed by its owner first). */
  | { readonly kind: 'failed'; readonly message: string; readonly nextSyncAt: string | null; readonly cause?: unknown }

const MINUTE = 60_000
const DAY = 86_400_000

/** A failure to save what was read, in words for lastError (the cause goes to the log, never to the account). */
const savingFailure = (e: AppError): CalendarFailure =>
  calendarFailure(
    e._tag === 'StoreFailure'
      ? "The calendar was read but its meetings could not be saved: the server's store failed. The sync will be tried again."
      : `The calendar was read but its meetings could not be saved: ${'message' in e ? e.message : e._tag}.`,
    true,
  )

/**
 * Reads one connection's calendar and brings its meetings in line (see
 * planSync), then plans the next periodic sync. Every sync that gets as far as
 * reading the connection ends `active` or `error`: a failing feed, and a
 * failure to save what was read, keep the meetings, set status `error` and a
 * readable lastError, and are retried (sooner when the failure may pass). Only
 * a store that cannot even record the failure is returned to the job queue,
 * which retries the job.
 */
export const syncCalendarConnection =
  (deps: SyncDeps) =>
  (job: SyncJobPayload): TE.TaskEither<AppError, SyncOutcome> => {
    const later = (now: Date, minutes: number) => new Date(now.getTime() + minutes * MINUTE).toISOString()

    const finish = (c: CalendarConnection, change: (current: CalendarConnection) => CalendarConnection) =>
      pipe(
        deps.calendarConnections.update(c.accountId, c.id, change),
        TE.tap(
          O.match(
            // Deleted while we synced: take back whatever this sync added.
            () => TE.map(() => undefined)(deps.meetings.removeForConnection(c.accountId, c.id, deps.clock.now().toISOString())),
            (saved) =>
              saved.nextSyncAt === null
                ? TE.right(undefined)
                : TE.map(() => undefined)(queueSync(deps.jobs)({ accountId: saved.accountId, connectionId: saved.id, due: saved.nextSyncAt })),
          ),
        ),
      )

    const recordFailure = (c: CalendarConnection, failure: CalendarFailure, now: Date, cause?: unknown): TE.TaskEither<AppError, SyncOutcome> => {
      const failures = c.consecutiveFailures + 1
      const at = now.toISOString()
      if (failure.reauthorize === true) {
        return pipe(
          finish(c, (cur) => ({ ...cur, status: 'reauthorization_required', lastError: failure.message, consecutiveFailures: failures, nextSyncAt: null, updatedAt: at })),
          TE.tap(() => (c.status === 'reauthorization_required' ? TE.right(undefined) : tellOwner(c, failure.message, at))),
          TE.map(() => ({ kind: 'failed', message: failure.message, nextSyncAt: null, ...(cause === undefined ? {} : { cause }) })),
        )
      }
      const nextSyncAt = later(now, retryDelayMinutes(failures, failure.retryable, deps.calendarSync.intervalMinutes, failure.retryAfterSeconds))
      return pipe(
        finish(c, (cur) => ({ ...cur, status: 'error', lastError: failure.message, consecutiveFailures: failures, nextSyncAt, updatedAt: at })),
        TE.map(() => ({ kind: 'failed', message: failure.message, nextSyncAt, ...(cause === undefined ? {} : { cause }) })),
      )
    }

    /**
     * The webhook event and the owner's notification for a grant that needs renewing; failing to
     * publish or tell never undoes the sync's record.
     */
    const tellOwner = (c: CalendarConnection, error: string, at: string): TE.TaskEither<AppError, void> =>
      pipe(
        deps.events === undefined
          ? TE.right(undefined)
          : ignoreFailure(
              deps.events.publish({
                id: deps.ids.uuid(),
                type: 'calendar.reauthorization_required',
                accountId: c.accountId,
                occurredAt: at,
                data: { connectionId: c.id, provider: c.provider, name: connectionName(c), accountEmail: c.accountEmail, status: 'reauthorization_required', error },
              }),
            ),
        TE.flatMap(() => TE.fromTask(deps.tellOwner === undefined || !isOAuthConnection(c) ? T.of(undefined) : deps.tellOwner.reconnect(c, error))),
      )

    const applyPage = (c: CalendarConnection, { page, accessToken }: FetchedPage, window: CalendarWindow, now: Date): TE.TaskEither<AppError, SyncOutcome> => {
      const at = now.toISOString()
      const ctx = { accountId: c.accountId, connectionId: c.id, source: c.provider, window, now: at, newId: deps.ids.uuid }
      let before: ReadonlyArray<Meeting> = []
      const plan = (existing: ReadonlyArray<Meeting>) => {
        before = existing
        return planSync(ctx, existing, page)
      }
      const nextSyncAt = later(now, deps.calendarSync.intervalMinutes)
      const scope = { connectionId: c.id, externalIds: referencedIds(page), window }
      const saved = pipe(
        deps.meetings.reconcile(c.accountId, scope, plan),
        TE.tap(() =>
          // A calendar chosen while this sync read the old one keeps its fresh start (no cursor of the old one).
          finish(c, (cur) => (cur.calendarId !== c.calendarId ? cur : {
            ...cur,
            status: 'active',
            lastError: null,
            lastSyncedAt: at,
            warnings: syncWarnings(page.warnings ?? []),
            feedName: cleanConnectionName(page.calendarName ?? '') ?? cur.feedName,
            consecutiveFailures: 0,
            sealedCursor: page.cursor === null ? null : deps.secretBox.seal(page.cursor),
            nextSyncAt,
            updatedAt: at,
          })),
        ),
      )
      const pushUpkeep: T.Task<string | undefined> =
        accessToken === null || !isOAuthConnection(c) ? T.of(undefined) : keepPushChannel(deps, deps.calendarSync.intervalMinutes)(c, accessToken)
      return pipe(
        saved,
        TE.matchEW(
          (e) => recordFailure(c, savingFailure(e), now, e._tag === 'StoreFailure' ? e.cause : undefined),
          (writes) =>
            pipe(
              notifyChanges(deps.onMeetingsChanged)(c.accountId, changesOf(writes, before)),
              TE.flatMap(() => TE.fromTask(pushUpkeep)),
              TE.map((pushNote): SyncOutcome => {
                const removed = writes.updates.filter((m) => m.removedAt !== null).length
                const leftOut = page.warnings?.[0]
                return {
                  kind: 'synced',
                  inserted: writes.inserts.length,
                  updated: writes.updates.length - removed,
                  removed,
                  nextSyncAt,
                  ...(leftOut === undefined ? {} : { leftOut }),
                  ...(pushNote === undefined ? {} : { pushNote }),
                }
              }),
            ),
        ),
      )
    }

    const syncNow = (c: CalendarConnection): TE.TaskEither<AppError, SyncOutcome> => {
      const now = deps.clock.now()
      const window = {
        from: new Date(now.getTime() - deps.calendarSync.daysBack * DAY).toISOString(),
        to: new Date(now.getTime() + deps.calendarSync.daysAhead * DAY).toISOString(),
      }
      return pipe(
        fetchCalendarPage(deps)(c, window),
        TE.matchEW(
          (failure) => recordFailure(c, failure, now, failure.cause),
          (page) => applyPage(c, page, window, now),
        ),
      )
    }

    return pipe(
      deps.calendarConnections.find(job.accountId, job.connectionId),
      TE.flatMap(
        O.match(
          (): TE.TaskEither<AppError, SyncOutcome> => TE.right({ kind: 'skipped', why: 'connection_gone' }),
          (c) => (job.due !== null && c.nextSyncAt !== job.due ? TE.right({ kind: 'skipped', why: 'stale' }) : syncNow(c)),
        ),
      ),
    )
  }
