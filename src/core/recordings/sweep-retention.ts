import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { type Retention, retentionCutoff } from '../domain/identity/account-settings.js'
import { moveTo, phaseOf, RUN_STATES, type Run, type RunState } from '../domain/recordings/run.js'
import { finalFailure, retryableFailure, type StoreFailure } from '../errors.js'
import type { AccountSettingsStore } from '../ports/account-settings-store.js'
import type { AccountStore } from '../ports/account-store.js'
import type { Clock } from '../ports/clock.js'
import type { JobHandler, JobReport } from '../ports/job-handler.js'
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

const plural = (n: number) => `${n} ${n === 1 ? 'recording' : 'recordings'}`

/** Removes the audio only: the file first, then the run forgets it (so the audio route answers 404 even if the second step fails). */
const dropAudio = (deps: SweepDeps, run: Run): TE.TaskEither<StoreFailure, boolean> =>
  pipe(
    deps.blobs.remove(run.audio!.key),
    TE.flatMap(() => {
      const moved = moveTo(run, run.state, deps.clock.now().toISOString(), { audio: null })
      if (!moved.ok) return TE.right(false)
      return pipe(
        deps.runs.update(moved.run, [run.state]),
        TE.map(() => true),
        TE.orElseW(() => TE.right(false)),
      )
    }),
  )

type AccountRetention = { readonly accountId: string; readonly retention: Retention & { readonly days: number } }

/** One account's sweep: how many recordings (or their audio) it removed, and whether more are left for the next one. */
const sweepAccount = (deps: SweepDeps, { accountId, retention }: AccountRetention, now: Date) => {
  const audioOnly = retention.scope === 'audio'
  return pipe(
    deps.runs.endedBefore(accountId, retentionCutoff(now, retention.days), { states: audioOnly ? WITH_AUDIO : SETTLED, withAudio: audioOnly, limit: SWEEP_BATCH }),
    TE.flatMap((due) =>
      pipe(
        due,
        TE.traverseSeqArray((run) => (audioOnly ? dropAudio(deps, run) : eraseRun(deps)(accountId, run.id, run))),
        TE.map((gone) => ({ removed: gone.filter(Boolean).length, more: due.length === SWEEP_BATCH })),
      ),
    ),
  )
}

/** What a sweep removed so far, in words, and how many. */
interface Swept {
  readonly said: ReadonlyArray<string>
  readonly total: number
}

/** A sweep the store stopped, with what it had removed until then. */
interface Stopped {
  readonly swept: Swept
}

const sweepOne = (deps: SweepDeps, account: AccountRetention, now: Date, swept: Swept): TE.TaskEither<Stopped, Swept> =>
  pipe(
    sweepAccount(deps, account, now),
    TE.flatMap(({ removed, more }) => {
      if (removed === 0) return TE.right(swept)
      const { days, scope } = account.retention
      const what = scope === 'audio' ? `Removed the audio of ${plural(removed)}` : `Removed ${plural(removed)}`
      return pipe(
        deps.accounts.findById(account.accountId),
        TE.map(O.match(() => account.accountId, (a) => a.email)),
        TE.map((who) => ({
          said: [...swept.said, `${what} older than ${days} ${days === 1 ? 'day' : 'days'} for ${who}${more ? ' (more are left for the next sweep)' : ''}`],
          total: swept.total + removed,
        })),
      )
    }),
    TE.mapLeft((): Stopped => ({ swept })),
  )

/** Every account with a retention period, a page at a time. */
const sweepAccounts = (deps: SweepDeps, now: Date, after: string | null, swept: Swept): TE.TaskEither<Stopped, Swept> =>
  pipe(
    deps.accountSettings.withRetention(after, ACCOUNT_PAGE),
    TE.mapLeft((): Stopped => ({ swept })),
    TE.flatMap((accounts) =>
      pipe(
        accounts.reduce<TE.TaskEither<Stopped, Swept>>((so, account) => pipe(so, TE.flatMap((s) => sweepOne(deps, account, now, s))), TE.right(swept)),
        TE.flatMap((s) => (accounts.length < ACCOUNT_PAGE ? TE.right(s) : sweepAccounts(deps, now, accounts[accounts.length - 1]!.accountId, s))),
      ),
    ),
  )

/**
 * The retention sweep: for each account with a retention period, removes its
 * settled recordings that ended (or started, when they never ended) longer ago
 * than that: the audio only, or everything as DELETE /recordings/{runId} does.
 * Reports in words what it removed; nothing when it removed nothing.
 */
export const sweepRetention =
  (deps: SweepDeps): JobHandler =>
  (payload) =>
    !Payload.is(payload)
      ? TE.left(finalFailure('malformed job payload'))
      : pipe(
          sweepAccounts(deps, deps.clock.now(), null, { said: [], total: 0 }),
          TE.mapLeft(({ swept }) =>
            retryableFailure(`the retention sweep could not finish (${swept.said.length === 0 ? 'nothing removed yet' : swept.said.join('; ')}): the store failed`),
          ),
          // The next sweep is queued whatever happened to this one, so the chain never breaks.
          T.tap(() => queueRetentionSweep(deps)(deps.clock.now())),
          TE.map((swept): JobReport | void => (swept.total === 0 ? undefined : { message: swept.said.join('; '), details: { removed: swept.total } })),
        )
