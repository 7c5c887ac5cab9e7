import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Plan } from '../domain/identity/account.js'
import type { Actor } from '../domain/identity/api-key.js'
import { SCHEDULE_MAX_DAYS } from '../domain/meetings/meeting.js'
import { type ScheduleRow, scheduleRowOf } from '../domain/meetings/meeting-schedule.js'
import { PAGE_LIMIT, type Page } from '../domain/page.js'
import { type AppError, type FieldIssue, validation } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { Clock } from '../ports/clock.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import type { RunStore } from '../ports/recording-stores.js'
import { readAllowance } from '../recordings/index.js'

export interface ScheduleInput {
  readonly from: string
  readonly to: string
  readonly limit: number
  readonly offset: number
}

export interface ScheduleDeps {
  readonly meetings: MeetingStore
  readonly calendarConnections: CalendarConnectionStore
  readonly runs: RunStore
  readonly accounts: AccountStore
  readonly plans: ReadonlyArray<Plan>
  readonly clock: Clock
}

const DAY_MS = 86_400_000

const checkInput = (q: ScheduleInput): FieldIssue[] => {
  const span = Date.parse(q.to) - Date.parse(q.from)
  return [
    ...(Number.isNaN(span) ? [{ path: 'from', message: 'from and to must be ISO 8601 date-times' }] : []),
    ...(span <= 0 ? [{ path: 'to', message: 'must be later than from' }] : []),
    ...(span > SCHEDULE_MAX_DAYS * DAY_MS ? [{ path: 'to', message: `must be at most ${SCHEDULE_MAX_DAYS} days after from` }] : []),
    ...(Number.isInteger(q.limit) && q.limit >= PAGE_LIMIT.min && q.limit <= PAGE_LIMIT.max
      ? []
      : [{ path: 'limit', message: `must be from ${PAGE_LIMIT.min} to ${PAGE_LIMIT.max}` }]),
    ...(Number.isInteger(q.offset) && q.offset >= 0 ? [] : [{ path: 'offset', message: 'must be at least 0' }]),
  ]
}

/**
 * A page of the meetings in the window, ordered by start, each with whether it
 * will be recorded (resolved now, with the allowance left now) and its current run.
 */
export const readMeetingSchedule =
  (deps: ScheduleDeps) =>
  (actor: Actor, input: ScheduleInput): TE.TaskEither<AppError, Page<ScheduleRow>> => {
    const issues = checkInput(input)
    if (issues.length > 0) return TE.left(validation(issues))
    const now = deps.clock.now()
    const window = { from: new Date(input.from).toISOString(), to: new Date(input.to).toISOString() }
    return pipe(
      TE.Do,
      TE.apS('page', deps.meetings.list(actor.accountId, { ...window, limit: input.limit, offset: input.offset })),
      TE.apS('connections', deps.calendarConnections.list(actor.accountId)),
      TE.apSW('allowance', readAllowance(deps)(actor.accountId)),
      TE.bindW('runs', ({ page }) => deps.runs.currentForMeetings(actor.accountId, page.rows.map((m) => m.id))),
      TE.map(({ page, connections, allowance, runs }) => {
        const byId = new Map(connections.map((c) => [c.id, c]))
        const rows = page.rows.map((m) =>
          scheduleRowOf(m, m.connectionId === null ? null : (byId.get(m.connectionId) ?? null), runs.get(m.id), now, allowance.left === null || allowance.left > 0),
        )
        return { ...page, rows }
      }),
    )
  }
