import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type Actor, isUsable } from '../domain/identity/api-key.js'
import { type AppError, unauthorized } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { ApiKeyStore } from '../ports/api-key-store.js'
import type { Clock } from '../ports/clock.js'
import type { KeySecrets } from '../ports/key-secrets.js'

export interface AuthenticateDeps {
  readonly apiKeys: ApiKeyStore
  readonly accounts: AccountStore
  readonly keySecrets: KeySecrets
  readonly clock: Clock
}

/**
 * Finds the actor behind a presented key. Missing, unknown, revoked and expired
 * keys all fail the same way, so a caller cannot tell them apart.
 */
export const authenticate =
  (deps: AuthenticateDeps) =>
  (presented: string | undefined): TE.TaskEither<AppError, Actor> =>
    pipe(
      O.fromNullable(presented),
      O.flatMap(deps.keySecrets.publicIdOf),
      TE.fromOption(() => unauthorized),
      TE.flatMap((publicId) => deps.apiKeys.findByPublicId(publicId)),
      TE.flatMap(TE.fromOption(() => unauthorized)),
      TE.filterOrElse(
        (key) => deps.keySecrets.matches(presented ?? '', key.hash) && isUsable(key, deps.clock.now()),
        () => unauthorized,
      ),
      TE.flatMap((key) =>
        pipe(
          deps.accounts.findById(key.accountId),
          TE.flatMap(TE.fromOption(() => unauthorized)),
          TE.map(
            (account): Actor => ({
              accountId: account.id,
              keyId: key.id,
              access: key.access,
              organizationWide: key.organizationWide,
              organizationId: key.organizationWide ? account.organizationId : null,
            }),
          ),
        ),
      ),
    )
