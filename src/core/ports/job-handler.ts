import type * as TE from 'fp-ts/TaskEither'

export interface JobFailure {
  /** Worth another attempt (a timeout, a store hiccup) or not (bad input that will never succeed). */
  readonly retryable: boolean
  readonly message: string
}

/** What the core does for one kind of job. Runs at least once: must be idempotent. */
export type JobHandler = (payload: unknown, attempt: { readonly number: number; readonly last: boolean }) => TE.TaskEither<JobFailure, void>
