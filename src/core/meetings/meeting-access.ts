import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Meeting, MeetingChange } from '../domain/meetings/meeting.js'
import { type AppError, notFound } from '../errors.js'
import type { MeetingStore } from '../ports/meeting-store.js'

/**
 * Told about every meeting change that matters to recordings (created, moved or
 * edited, removed), after it is stored. The run engine hooks in here to
 * schedule, supersede or cancel runs; a failure is reported to the caller.
 */
export type MeetingChangeListener = (accountId: string, changes: ReadonlyArray<MeetingChange>) => TE.TaskEither<AppError, void>

export const notifyChanges =
  (listener: MeetingChangeListener | undefined) =>
  (accountId: string, changes: ReadonlyArray<MeetingChange>): TE.TaskEither<AppError, void> =>
    listener === undefined || changes.length === 0 ? TE.right(undefined) : listener(accountId, changes)

/** The actor's listed meeting; another account's id, or a removed meeting, answers NotFound like a missing one. */
export const findOwnMeeting =
  (deps: { readonly meetings: MeetingStore }) =>
  (actor: Actor, id: string): TE.TaskEither<AppError, Meeting> =>
    pipe(deps.meetings.find(actor.accountId, id), TE.flatMap(TE.fromOption(() => notFound('Meeting'))))
