import * as E from 'fp-ts/lib/Either.js'
import type { AppError } from '../../../../src/core/errors.js'

/** Stops a request with an error the client gets in the envelope. */
export class Refused {
  constructor(readonly error: AppError) {}
}

/** The Right of an Either, or (a Left) a `Refused` that stops the request with its error. */
export const orRefuse = <A>(e: E.Either<AppError, A>): A => {
  if (E.isLeft(e)) throw new Refused(e.left)
  return e.right
}
