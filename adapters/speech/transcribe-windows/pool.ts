import * as E from 'fp-ts/lib/Either.js'

/**
 * Runs `task(0..count-1)` with at most `limit` at a time, starting them in order. The first
 * failure stops new starts; tasks already running are waited for (their child processes
 * end on their own), then that failure is the result, with the index it came from.
 */
export const runPool = async <F, A>(
  count: number,
  limit: number,
  task: (index: number) => Promise<E.Either<F, A>>,
): Promise<E.Either<{ index: number; failure: F }, A[]>> => {
  const results: A[] = new Array(count)
  let next = 0
  let failed: { index: number; failure: F } | undefined
  const worker = async () => {
    while (failed === undefined && next < count) {
      const index = next++
      const result = await task(index)
      if (E.isLeft(result)) failed ??= { index, failure: result.left }
      else results[index] = result.right
    }
  }
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, count)) }, worker))
  return failed === undefined ? E.right(results) : E.left(failed)
}
