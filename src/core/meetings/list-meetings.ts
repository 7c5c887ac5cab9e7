import { pipe } from 'fp-ts/lib/function.js'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { MEETING_LIST_LIMIT, type Meeting, type MeetingWindow } from '../domain/meetings/meeting.js'
import type { Page } from '../domain/page.js'
import { type AppError, type FieldIssue, validation } from '../errors.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import { findOwnMeeting } from './meeting-access.js'

export interface MeetingListInput extends MeetingWindow {
  readonly limit: number
  readonly offset: number
}

/** `to` must come after `from` when both are given. */
export const checkWindow = (w: MeetingWindow): FieldIssue[] =>
  w.from !== null && w.to !== null && Date.parse(w.to) <= Date.parse(w.from) ? [{ path: 'to', message: 'must be later than from' }] : []

const checkPage = (input: MeetingListInput): FieldIssue[] => [
  ...(Number.isInteger(input.limit) && input.limit >= MEETING_LIST_LIMIT.min && input.limit <= MEETING_LIST_LIMIT.max
    ? []
    : [{ path: 'limit', message: `must be from ${MEETING_LIST_LIMIT.min} to ${MEETING_LIST_LIMIT.max}` }]),
  ...(Number.isInteger(input.offset) && input.offset >= 0 ? [] : [{ path: 'offset', message: 'must be at least 0' }]),
]

const toIsoOrNull = (s: string | null): string | null => (s === null ? null : new Date(s).toISOString())

/**
 * The account's listed meetings in the window (everything held when both ends
 * are open), ordered by start, whether or not a bot will join them.
 */
export const listMeetings =
  (deps: { readonly meetings: MeetingStore }) =>
  (actor: Actor, input: MeetingListInput): TE.TaskEither<AppError, Page<Meeting>> => {
    const issues = [...checkWindow(input), ...checkPage(input)]
    return pipe(
      issues.length === 0 ? E.right(input) : E.left(validation(issues)),
      TE.fromEither,
      TE.flatMap((q) => deps.meetings.list(actor.accountId, { ...q, from: toIsoOrNull(q.from), to: toIsoOrNull(q.to) })),
    )
  }

/** One listed meeting of the account. */
export const getMeeting = findOwnMeeting
