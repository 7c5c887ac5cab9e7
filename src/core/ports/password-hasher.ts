import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'

/** Slow, salted password hashing; the work runs off the thread that answers requests. */
export interface PasswordHasher {
  /** A self-describing hash (algorithm, parameters, salt, digest) that `verify` can read even after the parameters change. */
  hash(password: string): TE.TaskEither<StoreFailure, string>
  /**
   * Whether `password` matches `stored`, compared in constant time. With `stored`
   * null it spends the same work on a dummy hash and answers false, so a caller
   * can make an unknown account take as long as a wrong password.
   */
  verify(password: string, stored: string | null): TE.TaskEither<StoreFailure, boolean>
}
