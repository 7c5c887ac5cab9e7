import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type CalendarConnection, cleanConnectionName, DUPLICATE_CONNECTION_MESSAGE } from '../domain/meetings/calendar-connection.js'
import { type AppError, conflict, invalidField, notFound } from '../errors.js'
import type { JobQueue } from '../ports/job-queue.js'
import { type ConnectionSettings, vetConnectionSettings } from './calendar-connection-fields.js'
import { requireWriter } from '../identity/index.js'
import type { AccessDeps } from './oauth-grant.js'
import { stopPushChannel } from './keep-push-channel.js'
import { listProviderCalendars } from './provider-calendars.js'
import { queueSync } from './sync-calendar-job.js'

export interface ConnectionPatch extends ConnectionSettings {
  /** Google and Microsoft connections: read this calendar of the account instead (one GET …/calendars lists). */
  readonly calendarId?: string
}

type Change = (current: CalendarConnection, at: string) => CalendarConnection

/**
 * A change of calendar: one the grant can read, not connected already. The
 * connection reads it from scratch (no cursor) at once; the old calendar's push
 * channel is stopped and that sync opens one on the new calendar.
 */
const calendarChange =
  (deps: AccessDeps) =>
  (actor: Actor, id: string, calendarId: string | undefined): TE.TaskEither<AppError, Change | null> =>
    calendarId === undefined
      ? TE.right(null)
      : pipe(
          deps.calendarConnections.list(actor.accountId),
          TE.bindTo('all'),
          TE.bind('self', ({ all }) => TE.fromNullable(notFound('Calendar connection'))(all.find((c) => c.id === id))),
          TE.tap(({ self }) =>
            self.provider === 'ics' ? TE.left(invalidField('calendarId', 'cannot be changed on an iCalendar feed, which is one calendar: to read another, connect its feed')) : TE.right(undefined),
          ),
          TE.bind('calendars', () => listProviderCalendars(deps)(actor, id)),
          TE.flatMap(({ calendars, all, self }) => {
            const chosen = calendars.find((c) => c.id === calendarId)
            if (chosen === undefined) {
              return TE.left(invalidField('calendarId', "is not one of the calendars this connection's account can read (GET /calendar/connections/{id}/calendars lists them)"))
            }
            if (chosen.selected) return TE.right(null)
            if (all.some((c) => c.id !== id && c.provider === self.provider && c.calendarId === calendarId)) return TE.left(conflict(DUPLICATE_CONNECTION_MESSAGE))
            return TE.right<AppError, Change>((cur, at) => ({
              ...cur,
              calendarId,
              feedName: cleanConnectionName(chosen.name) ?? cur.feedName,
              sealedCursor: null,
              status: 'pending',
              lastError: null,
              warnings: [],
              nextSyncAt: null,
              // The old calendar's channel is stopped below; the sync opens one on the new calendar.
              push: null,
            }))
          }),
        )

/**
 * Sets the name, the auto-join mode and rules and, for an OAuth connection, which calendar it
 * reads. A rule list given replaces the old one whole (send [] to clear it); values are stored
 * trimmed and lowercased. The schedule reflects the change at once: decisions are made at request
 * time. A new calendar is synced at once.
 */
export const updateCalendarConnection =
  (deps: AccessDeps & { readonly jobs: JobQueue }) =>
  (actor: Actor, id: string, patch: ConnectionPatch): TE.TaskEither<AppError, CalendarConnection> => {
    const { calendarId, ...rest } = patch
    return pipe(
      requireWriter(actor),
      TE.flatMap(() => TE.fromEither(vetConnectionSettings(rest))),
      TE.bindTo('settings'),
      TE.bind('change', () => calendarChange(deps)(actor, id, calendarId)),
      TE.flatMap(({ settings, change }) => {
        const at = deps.clock.now().toISOString()
        let before: CalendarConnection | null = null
        return pipe(
          deps.calendarConnections.update(actor.accountId, id, (current) => {
            before = current
            const next = { ...current, ...settings, updatedAt: at }
            return change === null ? next : change(next, at)
          }),
          TE.flatMap(TE.fromOption(() => notFound('Calendar connection'))),
          TE.tap((c) =>
            change === null
              ? TE.right(undefined)
              : pipe(
                  before === null ? TE.right(undefined) : stopPushChannel(deps)(before),
                  TE.flatMap(() => queueSync(deps.jobs)({ accountId: c.accountId, connectionId: c.id, due: null })),
                ),
          ),
        )
      }),
    )
  }
