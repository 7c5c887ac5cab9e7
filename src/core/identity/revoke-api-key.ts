import { pipe } from 'fp-ts/function'
import * as TE from 'fp-ts/TaskEither'
import type { ApiKey } from '../domain/api-key.js'
import { type AppError, notFound } from '../errors.js'
import type { ApiKeyStore } from '../ports/api-key-store.js'
import type { Clock } from '../ports/clock.js'

export interface RevokeApiKeyDeps {
  readonly apiKeys: ApiKeyStore
  readonly clock: Clock
}

/** An operator revokes a key; it answers 401 from then on. */
export const revokeApiKey =
  (deps: RevokeApiKeyDeps) =>
  (keyId: string): TE.TaskEither<AppError, ApiKey> =>
    pipe(
      deps.apiKeys.revoke(keyId, deps.clock.now().toISOString()),
      TE.flatMap(TE.fromOption(() => notFound('API key'))),
    )
