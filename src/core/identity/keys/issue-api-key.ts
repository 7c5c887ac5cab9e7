import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Access, ApiKey } from '../../domain/identity/api-key.js'
import { KEY_RULES } from '../../domain/identity/api-key-rules.js'
import { type AppError, invalidField, notFound } from '../../errors.js'
import type { AccountStore } from '../../ports/account-store.js'
import type { ApiKeyStore } from '../../ports/api-key-store.js'
import type { Clock } from '../../ports/clock.js'
import type { Ids } from '../../ports/ids.js'
import type { KeySecrets } from '../../ports/key-secrets.js'

export interface IssueApiKeyInput {
  readonly accountId: string
  readonly name: string
  readonly access: Access
  readonly organizationWide: boolean
  readonly expiresInDays: number | null
}

export interface IssuedKey {
  readonly key: ApiKey
  /** Shown once; only its hash is kept. */
  readonly plaintext: string
}

export interface IssueApiKeyDeps {
  readonly accounts: AccountStore
  readonly apiKeys: ApiKeyStore
  readonly keySecrets: KeySecrets
  readonly clock: Clock
  readonly ids: Ids
}

const DAY_MS = 86_400_000

export const issueApiKey =
  (deps: IssueApiKeyDeps) =>
  (input: IssueApiKeyInput): TE.TaskEither<AppError, IssuedKey> => {
    if (input.expiresInDays !== null && !KEY_RULES.expiresInDays.ok(input.expiresInDays)) {
      return TE.left(invalidField('expiresInDays', `expiresInDays ${KEY_RULES.expiresInDays.message}`))
    }
    return pipe(
      deps.accounts.findById(input.accountId),
      TE.flatMap(TE.fromOption(() => notFound('Account'))),
      TE.flatMap((account) => {
        if (input.organizationWide && account.organizationId === null) {
          return TE.left(invalidField('organizationWide', 'the account belongs to no organization'))
        }
        const now = deps.clock.now()
        const minted = deps.keySecrets.mint()
        return pipe(
          deps.apiKeys.create({
            id: deps.ids.uuid(),
            accountId: account.id,
            name: input.name,
            publicId: minted.publicId,
            hash: minted.hash,
            access: input.access,
            organizationWide: input.organizationWide,
            expiresAt:
              input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS).toISOString(),
            revokedAt: null,
            createdAt: now.toISOString(),
          }),
          TE.map((key) => ({ key, plaintext: minted.plaintext })),
        )
      }),
    )
  }
