import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { ApiKey } from '../../domain/identity/api-key.js'
import { type AppError, notFound } from '../../errors.js'
import type { ApiKeyStore } from '../../ports/api-key-store.js'
import type { Clock } from '../../ports/clock.js'

export interface RevokeApiKeyDeps {
  readonly apiKeys: ApiKeyStore
  readonly clock: Clock
}

export interface Revoked {
  readonly key: ApiKey
  /** It had been revoked before (at key.revokedAt); nothing changed. */
  readonly alreadyRevoked: boolean
}

/** An operator revokes a key; it answers 401 from then on. Revoking it again changes nothing and says so. */
export const revokeApiKey =
  (deps: RevokeApiKeyDeps) =>
  (keyId: string): TE.TaskEither<AppError, Revoked> => {
    const at = deps.clock.now().toISOString()
    return pipe(
      deps.apiKeys.revoke(keyId, at),
      TE.flatMap(TE.fromOption(() => notFound('API key'))),
      TE.map((key) => ({ key, alreadyRevoked: key.revokedAt !== at })),
    )
  }
