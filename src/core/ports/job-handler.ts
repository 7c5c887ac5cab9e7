import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { JobFailure } from '../errors.js'

export type { JobFailure }

/** What a job did, in words an operator reads in the log; a job may tell nothing. */
export interface JobReport {
  readonly message: string
  /** `warn` for an outcome someone should look at (a calendar that cannot be read); `info` otherwise. */
  readonly level?: 'info' | 'warn'
  readonly details?: Readonly<Record<string, unknown>>
}

/** What the core does for one kind of job. Runs at least once: must be idempotent. */
export type JobHandler = (payload: unknown, attempt: { readonly number: number; readonly last: boolean }) => TE.TaskEither<JobFailure, JobReport | void>
