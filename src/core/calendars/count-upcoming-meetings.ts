import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { AppError } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { MeetingStore } from '../ports/meeting-store.js'

/**
 * How many meetings each of the account's connections holds that are under way or to come (what a
 * person means by a calendar's events), by connection id; a connection without any is left out.
 */
export const countUpcomingMeetings =
  (deps: { readonly meetings: MeetingStore; readonly clock: Clock }) =>
  (actor: Actor): TE.TaskEither<AppError, Readonly<Record<string, number>>> =>
    deps.meetings.countUpcomingByConnection(actor.accountId, deps.clock.now().toISOString())
