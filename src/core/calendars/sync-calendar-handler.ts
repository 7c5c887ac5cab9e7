import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AppError, finalFailure, retryableFailure } from '../errors.js'
import type { JobHandler, JobReport } from '../ports/job-handler.js'
import { type SyncDeps, type SyncOutcome, syncCalendarConnection } from './sync-calendar-connection.js'
import { SyncJobPayload } from './sync-calendar-job.js'

const describe = (e: AppError): string => ('message' in e ? e.message : e._tag === 'StoreFailure' ? 'the store failed' : e._tag)

const meetings = (n: number) => `${n} meeting${n === 1 ? '' : 's'}`

/** What a sync did, for the log: the changes, or why the calendar could not be read. */
export const syncReport = (connectionId: string, outcome: SyncOutcome): JobReport | undefined => {
  if (outcome.kind === 'skipped') return undefined
  if (outcome.kind === 'failed') {
    return {
      level: 'warn',
      message: `calendar ${connectionId} could not be read: ${outcome.message.replace(/\.$/, '')}; ${outcome.nextSyncAt === null ? 'no sync until its owner reconnects it' : `next attempt at ${outcome.nextSyncAt}`}`,
      details: {
        connectionId,
        error: outcome.message,
        nextSyncAt: outcome.nextSyncAt,
        ...(outcome.cause === undefined ? {} : { cause: outcome.cause instanceof Error ? outcome.cause.message : String(outcome.cause) }),
      },
    }
  }
  const { inserted, updated, removed, nextSyncAt, leftOut, pushNote } = outcome
  const notes = [leftOut, pushNote].flatMap((n) => (n === undefined ? [] : [`; ${n.replace(/\.$/, '')}`])).join('')
  return {
    ...(pushNote === undefined ? {} : { level: 'warn' as const }),
    message: `calendar ${connectionId} synced: ${meetings(inserted)} added, ${updated} changed, ${removed} removed; next sync at ${nextSyncAt}${notes}`,
    details: { connectionId, added: inserted, changed: updated, removed, nextSyncAt, ...(leftOut === undefined ? {} : { leftOut }), ...(pushNote === undefined ? {} : { pushNote }) },
  }
}

/**
 * The `calendar.sync` job. A failing feed is not a job failure (the sync
 * records it on the connection and plans its retry); a store failure is, so
 * the queue tries the job again.
 */
export const calendarSyncHandler =
  (deps: SyncDeps): JobHandler =>
  (payload) =>
    pipe(
      SyncJobPayload.decode(payload),
      E.mapLeft(() => finalFailure('The calendar sync job has a payload it cannot read')),
      TE.fromEither,
      TE.flatMap((job) =>
        pipe(
          syncCalendarConnection(deps)(job),
          TE.mapLeft((e: AppError) => retryableFailure(`Calendar sync failed: ${describe(e)}`)),
          TE.map((outcome) => syncReport(job.connectionId, outcome)),
        ),
      ),
    )
