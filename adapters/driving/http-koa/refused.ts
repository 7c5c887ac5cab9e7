import * as E from 'fp-ts/lib/Either.js'
import type { AppError } from '../../../src/core/errors.js'

/** Stops a request with an error the client gets in the envelope. */
export class Refused {
  constructor(readonly error: AppError) {}
}

/** Unwraps an Either inside the dispatcher; a Left stops the request with its error. */
export const must = <A>(e: E.Either<AppError, A>): A => {
  if (E.isLeft(e)) throw new Refused(e.left)
  return e.right
}
