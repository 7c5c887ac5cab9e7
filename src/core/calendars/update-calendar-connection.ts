import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { CalendarConnection } from '../domain/meetings/calendar-connection.js'
import { type AppError, notFound } from '../errors.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { Clock } from '../ports/clock.js'
import { type ConnectionSettings, vetConnectionSettings } from './calendar-connection-fields.js'
import { requireWriter } from '../identity/index.js'

/**
 * Sets the name, the auto-join mode and rules. A rule list given replaces the old one
 * whole (send [] to clear it); values are stored trimmed and lowercased. The
 * schedule reflects the change at once: decisions are made at request time.
 */
export const updateCalendarConnection =
  (deps: { readonly calendarConnections: CalendarConnectionStore; readonly clock: Clock }) =>
  (actor: Actor, id: string, patch: ConnectionSettings): TE.TaskEither<AppError, CalendarConnection> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => TE.fromEither(vetConnectionSettings(patch))),
      TE.flatMap((settings) => {
        const at = deps.clock.now().toISOString()
        return deps.calendarConnections.update(actor.accountId, id, (current) => ({ ...current, ...settings, updatedAt: at }))
      }),
      TE.flatMap(TE.fromOption(() => notFound('Calendar connection'))),
    )
