import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { CalendarConnection } from '../domain/meetings/calendar-connection.js'
import { type AppError, notFound } from '../errors.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import { type MeetingChangeListener, notifyChanges } from '../meetings/index.js'
import { requireWriter } from '../identity/index.js'
import { type AccessDeps, accessTokenFor, isOAuthConnection, oauthOf } from './oauth-grant.js'

export interface DeleteConnectionDeps extends AccessDeps {
  readonly meetings: MeetingStore
  readonly onMeetingsChanged?: MeetingChangeListener
}

/**
 * Asks the provider to stop pushing for a deleted connection. Best effort: the
 * connection is gone either way, a channel left open lapses by itself (at most
 * a week), and its notifications find no connection.
 */
const stopPush = (deps: DeleteConnectionDeps, c: CalendarConnection): TE.TaskEither<never, void> => {
  const push = c.push
  if (push === null || !isOAuthConnection(c)) return TE.right(undefined)
  return pipe(
    TE.Do,
    TE.apS('oauth', TE.fromEither(oauthOf(deps.calendarOAuth, c.provider))),
    TE.apS('token', accessTokenFor(deps)(c)),
    TE.flatMap(({ oauth, token }) => oauth.stopWatch(token, push)),
    TE.orElse(() => TE.right<never, void>(undefined)),
  )
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
      TE.tap((c) => stopPush(deps, c)),
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
