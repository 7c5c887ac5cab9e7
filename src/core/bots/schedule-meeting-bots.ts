import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import type { Plan } from '../domain/identity/account.js'
import { hasRoomFor, planFor } from '../domain/identity/account.js'
import type { CalendarConnection } from '../domain/meetings/calendar-connection.js'
import { endsAtMs, type Meeting } from '../domain/meetings/meeting.js'
import { decideForMeeting } from '../domain/meetings/meeting-decision.js'
import { recognisePlatform } from '../domain/meetings/platform.js'
import { newRun, type Run } from '../domain/recordings/run.js'
import { finalFailure, retryableFailure, type StoreFailure } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobHandler } from '../ports/job-handler.js'
import type { JobQueue } from '../ports/job-queue.js'
import type { MeetingStore } from '../ports/meeting-store.js'
import type { RunStore } from '../ports/recording-stores.js'
import { queueBot } from './bot-job.js'
import { allowanceRules, allowanceSpentMessage, monthStart } from '../recordings/index.js'

/** The job kind of the recording engine's look-ahead, which chains itself every `tickMs`. */
export const SCHEDULE_JOB = 'engine.schedule'

export interface EngineSettings {
  /** How long before a meeting starts its bot sets off. */
  readonly joinLeadMs: number
  /** How long after a meeting started a bot still joins it (a late schedule, a restart). */
  readonly lateJoinMs: number
  /** How often the engine looks ahead. */
  readonly tickMs: number
}

export interface ScheduleBotsDeps {
  readonly meetings: MeetingStore
  readonly calendarConnections: CalendarConnectionStore
  readonly runs: RunStore
  readonly accounts: AccountStore
  readonly plans: ReadonlyArray<Plan>
  readonly jobs: JobQueue
  readonly clock: Clock
  readonly ids: Ids
  readonly engine: EngineSettings
}

const Payload = t.type({ due: t.string })
const PAGE = 200

/**
 * Queues the engine's look-ahead due at the next multiple of tickMs. Keyed by
 * that instant, so every process asking (at start, after each tick) joins one chain.
 */
export const queueScheduleTick =
  (deps: Pick<ScheduleBotsDeps, 'jobs' | 'clock' | 'engine'>) =>
  (after: Date = deps.clock.now()): TE.TaskEither<StoreFailure, unknown> => {
    const due = new Date(Math.floor(after.getTime() / deps.engine.tickMs) * deps.engine.tickMs + deps.engine.tickMs)
    return deps.jobs.enqueue({ kind: SCHEDULE_JOB, payload: { due: due.toISOString() }, key: `${SCHEDULE_JOB}@${due.toISOString()}`, runAt: due, maxAttempts: 3 })
  }

/**
 * The recording engine's look-ahead: every meeting about to start (or started
 * less than lateJoinMs ago and not over) that has no run for this start is
 * decided with the same function as the schedule endpoint. To record: a
 * `scheduled` run and its bot, due joinLeadMs before the start. Not possible
 * because the allowance is spent: a `skipped` run saying so. Otherwise nothing.
 * The store refuses a second run for the same meeting and start, so two ticks
 * racing (two processes) schedule it once.
 */
export const scheduleMeetingBots =
  (deps: ScheduleBotsDeps): JobHandler =>
  (payload) => {
    if (!Payload.is(payload)) return TE.left(finalFailure('malformed job payload'))
    return pipe(
      TE.fromIO(() => deps.clock.now()),
      TE.flatMap((now) => {
        const from = new Date(now.getTime() - deps.engine.lateJoinMs).toISOString()
        const to = new Date(now.getTime() + deps.engine.joinLeadMs + deps.engine.tickMs).toISOString()
        return pipe(
          lookAhead(deps, { from, to, now }, null),
          TE.mapLeft((e) => retryableFailure(`the engine could not read or write its stores: ${JSON.stringify(e)}`)),
          // The next tick; should queueing it fail, a process's start queues the chain again.
          TE.flatMap(() => TE.fromTask(queueScheduleTick(deps)(now))),
        )
      }),
      TE.as(undefined),
    )
  }

interface Window {
  readonly from: string
  readonly to: string
  readonly now: Date
}

/** The meetings of the window, a page at a time, each account's together. */
const lookAhead = (deps: ScheduleBotsDeps, window: Window, after: Meeting | null): TE.TaskEither<StoreFailure, void> =>
  pipe(
    deps.meetings.startingBetween(window.from, window.to, after, PAGE),
    TE.flatMap((meetings) =>
      pipe(
        [...byAccount(meetings)],
        TE.traverseSeqArray(([accountId, ofAccount]) => scheduleForAccount(deps, accountId, ofAccount, window.now)),
        TE.flatMap(() => (meetings.length < PAGE ? TE.right(undefined) : lookAhead(deps, window, meetings[meetings.length - 1]!))),
      ),
    ),
  )

const byAccount = (meetings: ReadonlyArray<Meeting>) => {
  const groups = new Map<string, Meeting[]>()
  for (const m of meetings) groups.set(m.accountId, [...(groups.get(m.accountId) ?? []), m])
  return groups
}

/** Whether a meeting's current run leaves its start open: none, an older start, or called off by a change (not by a leave request). */
const startIsOpen = (meeting: Meeting, run: Run | undefined) =>
  run === undefined || run.startsAt !== meeting.startsAt || (run.state === 'cancelled' && run.leaveRequestedAt === null)

const scheduleForAccount = (deps: ScheduleBotsDeps, accountId: string, meetings: ReadonlyArray<Meeting>, now: Date): TE.TaskEither<StoreFailure, void> =>
  pipe(
    deps.runs.currentForMeetings(accountId, meetings.map((m) => m.id)),
    // A run is created, then its bot queued: if a crash came between the two, queue it now (the job key makes this a no-op otherwise).
    TE.tap((current) =>
      TE.traverseSeqArray((meeting: Meeting) => {
        const run = current.get(meeting.id)
        return run?.state === 'scheduled' && run.startsAt === meeting.startsAt ? queueBot(deps.jobs)(run, botSetsOff(deps, meeting, now)) : TE.right(undefined)
      })(meetings),
    ),
    TE.map((current) => meetings.filter((m) => endsAtMs(m) > now.getTime() && startIsOpen(m, current.get(m.id)))),
    TE.flatMap((open) => (open.length === 0 ? TE.right(undefined) : scheduleOpen(deps, accountId, open, now))),
  )

/** Decides each open meeting in turn, counting the allowance again before each (the one before may have used it). */
const scheduleOpen = (deps: ScheduleBotsDeps, accountId: string, open: ReadonlyArray<Meeting>, now: Date): TE.TaskEither<StoreFailure, void> =>
  pipe(
    deps.accounts.findById(accountId),
    TE.flatMap(
      O.match(
        () => TE.right(undefined),
        (account) =>
          pipe(
            deps.calendarConnections.list(accountId),
            TE.flatMap((list) => {
              const plan = planFor(deps.plans, account.planKey)
              const connections = new Map(list.map((c): [string, CalendarConnection] => [c.id, c]))
              return TE.traverseSeqArray((meeting: Meeting) =>
                pipe(
                  deps.runs.countSince(accountId, monthStart(now)),
                  TE.flatMap((used) => {
                    const connection = meeting.connectionId === null ? null : (connections.get(meeting.connectionId) ?? null)
                    const decision = decideForMeeting(meeting, connection, now, hasRoomFor(plan, used))
                    if (decision.willRecord) return scheduleRun(deps, meeting, plan, now)
                    if (decision.skipReason === 'allowance_spent') return createSkipped(deps, meeting, now, allowanceSpentMessage(plan, used))
                    return TE.right(undefined)
                  }),
                ),
              )(open)
            }),
            TE.as(undefined),
          ),
      ),
    ),
  )

/** When a meeting's bot leaves for it: the join lead before the start, or now when that has passed. */
const botSetsOff = (deps: ScheduleBotsDeps, meeting: Meeting, now: Date) =>
  new Date(Math.max(now.getTime(), Date.parse(meeting.startsAt) - deps.engine.joinLeadMs))

const scheduleRun = (deps: ScheduleBotsDeps, meeting: Meeting, plan: Plan, now: Date): TE.TaskEither<StoreFailure, void> =>
  pipe(
    deps.runs.create(runFor(deps, meeting, now, 'scheduled', null), allowanceRules(plan, now)),
    TE.matchEW(
      (refused): TE.TaskEither<StoreFailure, void> =>
        refused._tag === 'AllowanceSpent'
          ? createSkipped(deps, meeting, now, allowanceSpentMessage(plan, refused.used))
          : refused._tag === 'StoreFailure'
            ? TE.left(refused)
            : TE.right(undefined), // MeetingRunExists: another tick scheduled it first.
      (created) => TE.as(undefined)(queueBot(deps.jobs)(created, botSetsOff(deps, meeting, now))),
    ),
  )

const createSkipped = (deps: ScheduleBotsDeps, meeting: Meeting, now: Date, detail: string): TE.TaskEither<StoreFailure, void> =>
  pipe(
    deps.runs.create(runFor(deps, meeting, now, 'skipped', detail)),
    TE.as(undefined),
    TE.orElse((refused) => (refused._tag === 'StoreFailure' ? TE.left(refused) : TE.right(undefined))),
  )

const runFor = (deps: ScheduleBotsDeps, meeting: Meeting, now: Date, state: Run['state'], detail: string | null): Run => {
  const link = meeting.link === null ? null : recognisePlatform(meeting.link)
  const recognised = link !== null && link._tag === 'Some' ? link.value : null
  return newRun({
    id: deps.ids.uuid(), accountId: meeting.accountId, reference: deps.ids.reference('rec'), origin: 'calendar', meetingId: meeting.id,
    title: meeting.title, startsAt: meeting.startsAt, state, detail, createdAt: now.toISOString(),
    platform: recognised?.platform ?? null, joinUrl: recognised?.url ?? null,
  })
}
