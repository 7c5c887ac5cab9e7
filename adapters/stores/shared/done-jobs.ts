/**
 * Finished jobs in the SQL queues: each keeps the time it finished (in `run_at`) and stays this long,
 * to be looked at, then goes. Without it the table only grows: a live webhook's chain alone finishes
 * a step a second during a meeting.
 */
export interface DoneJobsOptions {
  /** How long a finished job stays (default a day). */
  readonly keepDoneMs?: number
  /** Finished jobs are deleted at most this often per queue instance, by a `complete` (default 10 minutes). */
  readonly pruneEveryMs?: number
}

const DAY_MS = 24 * 60 * 60_000
const TEN_MINUTES_MS = 10 * 60_000

/** Calls `prune(before)` (delete the jobs finished before it) when the last call is old enough. */
export const donePruner = (prune: (finishedBefore: number) => unknown, options: DoneJobsOptions = {}) => {
  let last = Number.NEGATIVE_INFINITY
  return (now: number) => {
    if (now - last < (options.pruneEveryMs ?? TEN_MINUTES_MS) && now >= last) return undefined
    last = now
    return prune(now - (options.keepDoneMs ?? DAY_MS))
  }
}
