import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Meeting } from '../domain/meetings/meeting.js'
import { type AppError, notFound } from '../errors.js'
import { notifyChanges } from './meeting-access.js'
import { requireWriter } from '../identity/index.js'
import type { UpdateMeetingDeps } from './update-meeting.js'

/** Removes a meeting (softly): it is never listed again and a calendar sync does not bring it back. Returns it as it was. */
export const deleteMeeting =
  (deps: UpdateMeetingDeps) =>
  (actor: Actor, id: string): TE.TaskEither<AppError, Meeting> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => {
        const at = deps.clock.now().toISOString()
        let previous: Meeting | null = null
        const remove = (current: Meeting): Meeting => {
          previous = current
          return { ...current, removedAt: at, removedBy: 'user', updatedAt: at }
        }
        return pipe(
          deps.meetings.update(actor.accountId, id, remove),
          TE.flatMap(TE.fromOption(() => notFound('Meeting'))),
          TE.tap((meeting) => notifyChanges(deps.onMeetingsChanged)(actor.accountId, [{ kind: 'removed', meeting, previous }])),
          // Answer the meeting as it was, like the other deletes of the API.
          TE.map((meeting) => previous ?? meeting),
        )
      }),
    )
