import * as TE from 'fp-ts/lib/TaskEither.js'
import { moveTo, type Run, type RunState } from '../domain/recordings/run.js'
import { type AppError, conflict } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { RunStore } from '../ports/recording-stores.js'

/** Applies a state-machine move and stores it, refusing if another writer moved the run first. */
export const moveRun =
  (deps: { readonly runs: RunStore; readonly clock: Clock }) =>
  (run: Run, to: RunState, patch: Parameters<typeof moveTo>[3] = {}): TE.TaskEither<AppError, Run> => {
    const moved = moveTo(run, to, deps.clock.now().toISOString(), patch)
    return moved.ok ? deps.runs.update(moved.run, [run.state]) : TE.left(conflict(moved.message))
  }
