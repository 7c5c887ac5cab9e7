import * as TE from 'fp-ts/lib/TaskEither.js'
import type { ProgressStage, Run } from '../domain/recordings/run.js'
import type { Clock } from '../ports/clock.js'
import type { RunStore } from '../ports/recording-stores.js'

export interface ProgressDeps {
  readonly runs: RunStore
  readonly clock: Clock
}

/** A write at least this much further than the last one goes at once... */
export const PROGRESS_STEP = 0.05
/** ...a smaller one only once this long has passed since the last write. */
export const PROGRESS_INTERVAL_MS = 2_000

export interface ProgressReporter {
  /** Takes a fraction (0 to 1) of the stage; writes it when the throttle allows. Never fails: progress is best effort. */
  report(fraction: number): void
  /** Settles once every write started so far has landed: call before moving the run on. */
  flushed(): Promise<void>
}

/**
 * Writes a processing stage's progress onto its run, throttled (a write per
 * PROGRESS_STEP of progress or per PROGRESS_INTERVAL_MS at most) and in order.
 * The store keeps a write only while the run is still in that stage, so a
 * late one never lands on a run that has moved on.
 */
export const progressReporter = (deps: ProgressDeps, run: Pick<Run, 'id' | 'accountId'>, stage: ProgressStage): ProgressReporter => {
  let written = 0
  let writtenAt = Number.NEGATIVE_INFINITY
  let writes: Promise<unknown> = Promise.resolve()
  return {
    report: (raw) => {
      if (!Number.isFinite(raw)) return
      const fraction = Math.min(1, Math.max(0, raw))
      const now = deps.clock.now().getTime()
      const moved = fraction - written
      if (moved <= 0 || (moved < PROGRESS_STEP && now - writtenAt < PROGRESS_INTERVAL_MS)) return
      written = fraction
      writtenAt = now
      writes = writes.then(() => deps.runs.setProgress(run.accountId, run.id, stage, fraction)())
    },
    flushed: () => writes.then(() => undefined),
  }
}

/** Waits for the stage's progress writes to land, so none comes after the run moves on. */
export const afterProgress =
  <E, A>(progress: Pick<ProgressReporter, 'flushed'>) =>
  (task: TE.TaskEither<E, A>): TE.TaskEither<E, A> =>
    TE.tapTask(task, () => () => progress.flushed())
