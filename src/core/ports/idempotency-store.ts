import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'

export interface StoredResponse {
  readonly status: number
  readonly body: unknown
}

export type IdempotencyClaim =
  | { readonly kind: 'claimed' } // first use: run the request, then complete or release
  | { readonly kind: 'replay'; readonly response: StoredResponse }
  | { readonly kind: 'in_flight' } // the first request with this key has not finished
  | { readonly kind: 'mismatch' } // the key was used for a different request

/** Remembers write responses per account and Idempotency-Key for a retention time. */
export interface IdempotencyStore {
  claim(
    accountId: string,
    key: string,
    fingerprint: string,
    now: Date,
  ): TE.TaskEither<StoreFailure, IdempotencyClaim>
  complete(accountId: string, key: string, response: StoredResponse): TE.TaskEither<StoreFailure, void>
  /** Forgets a claim whose request failed without a response worth replaying (e.g. a server fault). */
  release(accountId: string, key: string): TE.TaskEither<StoreFailure, void>
}
