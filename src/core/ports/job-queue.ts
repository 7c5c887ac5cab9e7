import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'

/**
 * Work that outlives a request (processing an upload, delivering a webhook,
 * syncing a calendar, running a bot) goes through this queue so it survives a
 * restart. Delivery is at least once: handlers must be idempotent.
 */
export interface NewJob {
  /** Which handler runs it, e.g. `upload.process`. */
  readonly kind: string
  readonly payload: unknown
  /** Not before this time; now when absent. */
  readonly runAt?: Date
  /** A job with the same key that is not finished yet is not added again. */
  readonly key?: string
  /** Attempts before the job is given up (default 5). */
  readonly maxAttempts?: number
  /**
   * Whose work it is (an account id for processing): a claim with a per-group cap
   * skips the jobs of a group that already has that many running, so one account
   * never takes every slot. Absent: the job is never held back.
   */
  readonly group?: string
}

export interface ClaimOptions {
  /**
   * Running jobs (lease not run out) one group may have; a due job of a group at
   * the cap is left for later and the next group's job is taken. Absent: no cap.
   */
  readonly maxRunningPerGroup?: number
}

export interface ClaimedJob {
  readonly id: string
  readonly kind: string
  readonly payload: unknown
  /** 1 on the first attempt. */
  readonly attempt: number
  readonly maxAttempts: number
}

export interface JobQueue {
  enqueue(job: NewJob): TE.TaskEither<StoreFailure, { readonly id: string; readonly created: boolean }>
  /**
   * Takes the next due job of these kinds for `leaseMs`; a job whose lease runs
   * out without complete/fail (its worker died) is due again. With a per-group cap,
   * jobs of a group already at it are skipped (exactly, also across processes).
   */
  claim(kinds: ReadonlyArray<string>, now: Date, leaseMs: number, options?: ClaimOptions): TE.TaskEither<StoreFailure, O.Option<ClaimedJob>>
  /** Keeps a long job's lease alive while its worker is working on it. */
  extend(id: string, now: Date, leaseMs: number): TE.TaskEither<StoreFailure, void>
  /** The job is done; a finished job may be kept a while to be looked at (the SQL queues: a day), then deleted. */
  complete(id: string): TE.TaskEither<StoreFailure, void>
  /** Schedules another attempt at `retryAt`, or gives the job up when null. */
  fail(id: string, error: string, retryAt: Date | null): TE.TaskEither<StoreFailure, void>
  /** Hands a claimed job back untouched (graceful shutdown). */
  release(id: string): TE.TaskEither<StoreFailure, void>
}
