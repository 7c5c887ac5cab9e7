import type * as E from 'fp-ts/lib/Either.js'

export interface SecretBoxFailure {
  readonly _tag: 'SecretBoxFailure'
  /** Words an operator understands, e.g. that the key changed since the value was sealed. */
  readonly message: string
}

/**
 * Encrypts secrets the service must use again later (webhook signing secrets,
 * calendar tokens) before they are stored, so a copy of the database alone
 * reveals none of them. The key lives outside the database.
 */
export interface SecretBox {
  /** An opaque, self-describing string safe to store. */
  seal(plaintext: string): string
  /** The plaintext of a value `seal` made with the same key; a failure when it was tampered with or the key differs. */
  open(sealed: string): E.Either<SecretBoxFailure, string>
}
