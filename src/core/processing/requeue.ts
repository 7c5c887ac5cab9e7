import { pipe } from 'fp-ts/lib/function.js'
import * as A from 'fp-ts/lib/ReadonlyArray.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'

/** How many records one start looks at; more than this waiting at once is a backlog the queue already holds. */
export const RESUME_LIMIT = 10_000

export interface Requeued {
  readonly looked: number
  readonly resumed: number
}

/**
 * Queues the job of each listed record again, one after another. Job keys make
 * this a no-op for records whose job is still there; answers how many were
 * given a job again.
 */
export const requeue = <R>(
  listed: TE.TaskEither<StoreFailure, ReadonlyArray<R>>,
  enqueue: (record: R) => TE.TaskEither<StoreFailure, { readonly created: boolean }>,
): TE.TaskEither<StoreFailure, Requeued> =>
  pipe(
    listed,
    TE.flatMap((records) =>
      pipe(
        records,
        A.traverse(TE.ApplicativeSeq)(enqueue),
        TE.map((queued) => ({ looked: records.length, resumed: queued.filter((q) => q.created).length })),
      ),
    ),
  )
