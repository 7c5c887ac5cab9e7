/** Task helpers for the contract suites: the right (or left) value of a task, or a failed test. */
import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'

/** Runs a task and returns its right value; fails the test with the left value otherwise. */
export const right = async <E, A>(task: TE.TaskEither<E, A>): Promise<A> => {
  const result = await task()
  if (E.isLeft(result)) throw new Error(`expected success, got ${JSON.stringify(result.left)}`)
  return result.right
}

/** Runs a task and returns its left value; fails the test if it succeeded. */
export const left = async <E, A>(task: TE.TaskEither<E, A>): Promise<E> => {
  const result = await task()
  if (E.isRight(result)) throw new Error(`expected failure, got ${JSON.stringify(result.right)}`)
  return result.left
}
