import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { CalendarConnection } from '../domain/meetings/calendar-connection.js'
import { type AppError, notFound } from '../errors.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import { type MeetingChangeListener, notifyChanges } from '../meetings/index.js'
import { requireWriter } from '../identity/index.js'
import type { AccessDeps } from './oauth-grant.js'
import { stopPushChannel } from './keep-push-channel.js'

export interface DeleteConnectionDeps extends AccessDeps {
  readonly meetings: MeetingStore
  readonly onMeetingsChanged?: MeetingChangeListener
}


/**
 * Disconnects a calendar, stopping its push channel. Its meetings go with it (never listed again); a sync
 * queued for it finds no connection and does nothing. Returns it as it was.
 */
export const deleteCalendarConnection =
  (deps: DeleteConnectionDeps) =>
  (actor: Actor, id: string): TE.TaskEither<AppError, CalendarConnection> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => deps.calendarConnections.remove(actor.accountId, id)),
      TE.flatMap(TE.fromOption(() => notFound('Calendar connection'))),
      TE.tap((c) => stopPushChannel(deps)(c)),
      TE.tap((c) =>
        pipe(
          deps.meetings.removeForConnection(actor.accountId, c.id, deps.clock.now().toISOString()),
          TE.flatMap((gone) =>
            notifyChanges(deps.onMeetingsChanged)(
              actor.accountId,
              gone.map((meeting) => ({ kind: 'removed' as const, meeting, previous: { ...meeting, removedAt: null, removedBy: null } })),
            ),
          ),
        ),
      ),
    )
