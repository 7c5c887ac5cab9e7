import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../../domain/identity/api-key.js'
import { type ApiKeyView, keyView } from '../../domain/identity/api-key-rules.js'
import { isUuid } from '../../domain/ids.js'
import { type AppError, notFound } from '../../errors.js'
import { requireWriter } from '../require-writer.js'
import { type RevokeApiKeyDeps, revokeApiKey } from './revoke-api-key.js'

const NOT_FOUND = notFound('API key')

/**
 * `DELETE /keys/{id}`: revokes one of the caller's account keys. Another
 * account's key, an unknown id and a malformed one are all 404 alike. Revoking
 * again answers the key with its first `revokedAt`. The key answers 401 from
 * then on, and so do sessions opened with it (authenticate-session.ts checks the
 * key on every request).
 */
export const revokeOwnApiKey =
  (deps: RevokeApiKeyDeps) =>
  (actor: Actor, keyId: string): TE.TaskEither<AppError, ApiKeyView> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(() => (isUuid(keyId) ? deps.apiKeys.findById(keyId.toLowerCase()) : TE.right(O.none))),
      TE.flatMap(TE.fromOption(() => NOT_FOUND)),
      TE.filterOrElse((key) => key.accountId === actor.accountId, () => NOT_FOUND),
      TE.flatMap((key) => revokeApiKey(deps)(key.id)),
      TE.map((r) => keyView(r.key)),
    )
