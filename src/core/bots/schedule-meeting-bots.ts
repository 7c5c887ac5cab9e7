import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import type { Plan } from '../domain/account.js'
import { hasRoomFor, planFor } from '../domain/account.js'
import type { CalendarConnection } from '../domain/calendar-connection.js'
import { endsAtMs, type Meeting } from '../domain/meeting.js'
import { decideForMeeting } from '../domain/meeting-decision.js'
import { recognisePlatform } from '../domain/platform.js'
import { newRun, type Run } from '../domain/run.js'
import type { StoreFailure } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { CalendarConnectionStore } from '../ports/calendar-connection-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { JobFailure, JobHandler } from '../ports/job-handler.js'
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

const unwrap = async <A>(task: TE.TaskEither<unknown, A>): Promise<A> => {
  const r = await task()
  if (E.isLeft(r)) throw r.left
  return r.right
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
  (payload) =>
  async () => {
    if (!Payload.is(payload)) return E.left<JobFailure>({ retryable: false, message: 'malformed job payload' })
    const now = deps.clock.now()
    try {
      const from = new Date(now.getTime() - deps.engine.lateJoinMs).toISOString()
      const to = new Date(now.getTime() + deps.engine.joinLeadMs + deps.engine.tickMs).toISOString()
      let after: Meeting | null = null
      for (;;) {
        const meetings: ReadonlyArray<Meeting> = await unwrap(deps.meetings.startingBetween(from, to, after, PAGE))
        for (const [accountId, ofAccount] of byAccount(meetings)) await scheduleForAccount(deps, accountId, ofAccount, now)
        if (meetings.length < PAGE) break
        after = meetings[meetings.length - 1]!
      }
    } catch (e) {
      return E.left<JobFailure>({ retryable: true, message: `the engine could not read or write its stores: ${JSON.stringify(e)}` })
    }
    await queueScheduleTick(deps)(now)()
    return E.right(undefined)
  }

const byAccount = (meetings: ReadonlyArray<Meeting>) => {
  const groups = new Map<string, Meeting[]>()
  for (const m of meetings) groups.set(m.accountId, [...(groups.get(m.accountId) ?? []), m])
  return groups
}

/** Whether a meeting's current run leaves its start open: none, an older start, or called off by a change (not by a leave request). */
const startIsOpen = (meeting: Meeting, run: Run | undefined) =>
  run === undefined || run.startsAt !== meeting.startsAt || (run.state === 'cancelled' && run.leaveRequestedAt === null)

const scheduleForAccount = async (deps: ScheduleBotsDeps, accountId: string, meetings: ReadonlyArray<Meeting>, now: Date) => {
  const current = await unwrap(deps.runs.currentForMeetings(accountId, meetings.map((m) => m.id)))
  // A run is created, then its bot queued: if a crash came between the two, queue it now (the job key makes this a no-op otherwise).
  for (const meeting of meetings) {
    const run = current.get(meeting.id)
    if (run?.state === 'scheduled' && run.startsAt === meeting.startsAt) await unwrap(queueBot(deps.jobs)(run, botSetsOff(deps, meeting, now)))
  }
  const open = meetings.filter((m) => endsAtMs(m) > now.getTime() && startIsOpen(m, current.get(m.id)))
  if (open.length === 0) return
  const account = await unwrap(deps.accounts.findById(accountId))
  if (account._tag === 'None') return
  const plan = planFor(deps.plans, account.value.planKey)
  const connections = new Map((await unwrap(deps.calendarConnections.list(accountId))).map((c): [string, CalendarConnection] => [c.id, c]))
  for (const meeting of open) {
    const used = await unwrap(deps.runs.countSince(accountId, monthStart(now)))
    const connection = meeting.connectionId === null ? null : (connections.get(meeting.connectionId) ?? null)
    const decision = decideForMeeting(meeting, connection, now, hasRoomFor(plan, used))
    if (decision.willRecord) await scheduleRun(deps, meeting, plan, now)
    else if (decision.skipReason === 'allowance_spent') await createRun(deps, meeting, now, 'skipped', allowanceSpentMessage(plan, used))
  }
}

/** When a meeting's bot leaves for it: the join lead before the start, or now when that has passed. */
const botSetsOff = (deps: ScheduleBotsDeps, meeting: Meeting, now: Date) =>
  new Date(Math.max(now.getTime(), Date.parse(meeting.startsAt) - deps.engine.joinLeadMs))

const scheduleRun = async (deps: ScheduleBotsDeps, meeting: Meeting, plan: Plan, now: Date) => {
  const run = runFor(deps, meeting, now, 'scheduled', null)
  const created = await deps.runs.create(run, allowanceRules(plan, now))()
  if (E.isRight(created)) {
    await unwrap(queueBot(deps.jobs)(created.right, botSetsOff(deps, meeting, now)))
    return
  }
  if (created.left._tag === 'AllowanceSpent') await createRun(deps, meeting, now, 'skipped', allowanceSpentMessage(plan, created.left.used))
  else if (created.left._tag === 'StoreFailure') throw created.left
  // MeetingRunExists: another tick scheduled it first.
}

const createRun = async (deps: ScheduleBotsDeps, meeting: Meeting, now: Date, state: 'skipped', detail: string) => {
  const created = await deps.runs.create(runFor(deps, meeting, now, state, detail))()
  if (E.isLeft(created) && created.left._tag === 'StoreFailure') throw created.left
}

const runFor = (deps: ScheduleBotsDeps, meeting: Meeting, now: Date, state: Run['state'], detail: string | null): Run => {
  const link = meeting.link === null ? null : recognisePlatform(meeting.link)
  const recognised = link !== null && link._tag === 'Some' ? link.value : null
  return newRun({
    id: deps.ids.uuid(), accountId: meeting.accountId, reference: deps.ids.reference('rec'), origin: 'calendar', meetingId: meeting.id,
    title: meeting.title, startsAt: meeting.startsAt, state, detail, createdAt: now.toISOString(),
    platform: recognised?.platform ?? null, joinUrl: recognised?.url ?? null,
  })
}
