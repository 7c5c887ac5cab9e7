import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Meeting } from '../domain/meetings/meeting.js'
import { type AppError, notFound, validation } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import { type MeetingChangeListener, findOwnMeeting, notifyChanges } from './meeting-access.js'
import { requireWriter } from '../identity/index.js'
import { type MeetingFieldsInput, vetMeetingFields } from './meeting-fields.js'

export interface MeetingPatch extends MeetingFieldsInput {
  /** true records regardless of rules, false never, null hands the decision back to the connection. */
  readonly recordOverride?: boolean | null
}

export interface UpdateMeetingDeps {
  readonly meetings: MeetingStore
  readonly clock: Clock
  readonly onMeetingsChanged?: MeetingChangeListener
}

export const CALENDAR_FIELD_MESSAGE =
  'comes from the connected calendar and each sync would overwrite it; change the event in the calendar instead'

const CALENDAR_OWNED: ReadonlyArray<keyof MeetingFieldsInput> = ['title', 'link', 'description', 'startsAt', 'durationMinutes']

/** On a calendar meeting only recordOverride is the user's; the other fields belong to the calendar. */
const refuseCalendarFields = (meeting: Meeting, patch: MeetingPatch): E.Either<AppError, Meeting> => {
  if (meeting.connectionId === null) return E.right(meeting)
  const touched = CALENDAR_OWNED.filter((f) => patch[f] !== undefined)
  return touched.length === 0 ? E.right(meeting) : E.left(validation(touched.map((path) => ({ path, message: CALENDAR_FIELD_MESSAGE }))))
}

/**
 * Changes a meeting. A manual meeting takes every field; a calendar meeting
 * only recordOverride (which syncs never write, so it survives them).
 */
export const updateMeeting =
  (deps: UpdateMeetingDeps) =>
  (actor: Actor, id: string, patch: MeetingPatch): TE.TaskEither<AppError, Meeting> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => TE.fromEither(vetMeetingFields(patch))),
      TE.flatMap((fields) =>
        pipe(
          findOwnMeeting(deps)(actor, id),
          TE.flatMapEither((current) => refuseCalendarFields(current, patch)),
          TE.flatMap((seen) => {
            const at = deps.clock.now().toISOString()
            let previous = seen
            const change = (current: Meeting): Meeting => {
              previous = current
              const overridden = patch.recordOverride === undefined ? {} : { recordOverride: patch.recordOverride }
              return { ...current, ...fields, ...overridden, updatedAt: at }
            }
            return pipe(
              deps.meetings.update(actor.accountId, id, change),
              TE.flatMap(TE.fromOption(() => notFound('Meeting'))),
              TE.tap((meeting) => notifyChanges(deps.onMeetingsChanged)(actor.accountId, [{ kind: 'updated', meeting, previous }])),
            )
          }),
        ),
      ),
    )
