import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { type Retention, retentionCutoff } from '../domain/identity/account-settings.js'
import { moveTo, phaseOf, RUN_STATES, type Run, type RunState } from '../domain/recordings/run.js'
import type { StoreFailure } from '../errors.js'
import type { AccountSettingsStore } from '../ports/account-settings-store.js'
import type { AccountStore } from '../ports/account-store.js'
import type { Clock } from '../ports/clock.js'
import type { JobFailure, JobHandler, JobReport } from '../ports/job-handler.js'
import type { JobQueue } from '../ports/job-queue.js'
import { type EraseDeps, eraseRun } from './erase-run.js'

/** The job kind of the retention sweep, which chains itself every `retentionSweepMs`. */
export const RETENTION_JOB = 'recordings.retention'

export interface SweepDeps extends EraseDeps {
  readonly accountSettings: AccountSettingsStore
  readonly accounts: AccountStore
  readonly jobs: JobQueue
  readonly clock: Clock
  /** How often the sweep runs. */
  readonly retentionSweepMs: number
}

/** Recordings removed per account and sweep at most; more wait for the next sweep. */
export const SWEEP_BATCH = 100
const ACCOUNT_PAGE = 100

/** Runs that are over: no bot in a meeting and no processing under way. */
const SETTLED: ReadonlyArray<RunState> = (Object.keys(RUN_STATES) as RunState[]).filter((s) => phaseOf(s) === 'done')
/** Settled runs that may still have audio worth serving. */
const WITH_AUDIO: ReadonlyArray<RunState> = ['ready', 'failed']

const Payload = t.type({ due: t.string })

/**
 * Queues the sweep due at the next multiple of retentionSweepMs, keyed by that
 * instant, so every process asking (at start, after each sweep) joins one chain.
 */
export const queueRetentionSweep =
  (deps: Pick<SweepDeps, 'jobs' | 'clock' | 'retentionSweepMs'>) =>
  (after: Date = deps.clock.now()): TE.TaskEither<StoreFailure, unknown> => {
    const every = deps.retentionSweepMs
    const due = new Date(Math.floor(after.getTime() / every) * every + every)
    return deps.jobs.enqueue({ kind: RETENTION_JOB, payload: { due: due.toISOString() }, key: `${RETENTION_JOB}@${due.toISOString()}`, runAt: due, maxAttempts: 3 })
  }

const unwrap = async <A>(task: TE.TaskEither<unknown, A>): Promise<A> => {
  const r = await task()
  if (E.isLeft(r)) throw r.left
  return r.right
}

const plural = (n: number) => `${n} ${n === 1 ? 'recording' : 'recordings'}`

/** Removes the audio only: the file first, then the run forgets it (so the audio route answers 404 even if the second step fails). */
const dropAudio = async (deps: SweepDeps, run: Run): Promise<boolean> => {
  await unwrap(deps.blobs.remove(run.audio!.key))
  const moved = moveTo(run, run.state, deps.clock.now().toISOString(), { audio: null })
  if (!moved.ok) return false
  return E.isRight(await deps.runs.update(moved.run, [run.state])())
}

/** One account's sweep: how many recordings (or their audio) it removed, and whether more are left for the next one. */
const sweepAccount = async (deps: SweepDeps, accountId: string, retention: Retention & { days: number }, now: Date) => {
  const before = retentionCutoff(now, retention.days)
  const audioOnly = retention.scope === 'audio'
  const due = await unwrap(deps.runs.endedBefore(accountId, before, { states: audioOnly ? WITH_AUDIO : SETTLED, withAudio: audioOnly, limit: SWEEP_BATCH }))
  let removed = 0
  for (const run of due) {
    if (audioOnly ? await dropAudio(deps, run) : await unwrap(eraseRun(deps)(accountId, run.id, run))) removed += 1
  }
  return { removed, more: due.length === SWEEP_BATCH }
}

/**
 * The retention sweep: for each account with a retention period, removes its
 * settled recordings that ended (or started, when they never ended) longer ago
 * than that: the audio only, or everything as DELETE /recordings/{runId} does.
 * Reports in words what it removed; nothing when it removed nothing.
 */
export const sweepRetention =
  (deps: SweepDeps): JobHandler =>
  (payload) =>
  async () => {
    if (!Payload.is(payload)) return E.left<JobFailure>({ retryable: false, message: 'malformed job payload' })
    const now = deps.clock.now()
    const said: string[] = []
    let total = 0
    try {
      for (let after: string | null = null; ; ) {
        const accounts: ReadonlyArray<{ accountId: string; retention: Retention & { days: number } }> = await unwrap(deps.accountSettings.withRetention(after, ACCOUNT_PAGE))
        for (const { accountId, retention } of accounts) {
          const { removed, more } = await sweepAccount(deps, accountId, retention, now)
          if (removed === 0) continue
          total += removed
          const who = O.match(() => accountId, (a: { email: string }) => a.email)(await unwrap(deps.accounts.findById(accountId)))
          const what = retention.scope === 'audio' ? `Removed the audio of ${plural(removed)}` : `Removed ${plural(removed)}`
          said.push(`${what} older than ${retention.days} ${retention.days === 1 ? 'day' : 'days'} for ${who}${more ? ' (more are left for the next sweep)' : ''}`)
        }
        if (accounts.length < ACCOUNT_PAGE) break
        after = accounts[accounts.length - 1]!.accountId
      }
    } catch (e) {
      return E.left<JobFailure>({ retryable: true, message: `the retention sweep could not finish (${said.length === 0 ? 'nothing removed yet' : said.join('; ')}): ${describe(e)}` })
    } finally {
      // The next sweep is queued whatever happened to this one, so the chain never breaks.
      await queueRetentionSweep(deps)(deps.clock.now())()
    }
    return E.right<JobFailure, JobReport | void>(total === 0 ? undefined : { message: said.join('; '), details: { removed: total } })
  }

const describe = (e: unknown) =>
  typeof e === 'object' && e !== null && '_tag' in e && (e as StoreFailure)._tag === 'StoreFailure' ? 'the store failed' : String(e)
