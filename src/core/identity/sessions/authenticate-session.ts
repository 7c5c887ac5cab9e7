import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Account } from '../../domain/identity/account.js'
import { type Actor, isUsable } from '../../domain/identity/api-key.js'
import { isLive, NO_KEY_ID, type StoredSession } from '../../domain/identity/session.js'
import { type AppError, unauthorized } from '../../errors.js'
import type { AccountStore } from '../../ports/account-store.js'
import type { ApiKeyStore } from '../../ports/api-key-store.js'
import type { Clock } from '../../ports/clock.js'
import type { SessionSecrets } from '../../ports/session-secrets.js'
import type { SessionStore } from '../../ports/session-store.js'

export interface AuthenticateSessionDeps {
  readonly sessions: SessionStore
  readonly sessionSecrets: SessionSecrets
  readonly accounts: AccountStore
  readonly apiKeys: ApiKeyStore
  readonly clock: Clock
}

export interface Authenticated {
  readonly actor: Actor
  readonly session: StoredSession
  readonly account: Account
}

/**
 * A password session acts as the account with full access. When the account is
 * in an organization it also reaches that organization, so the web app's
 * settings pages work: what a member may do there is still decided by its role
 * (organization-rights.ts), exactly as for an organization-wide key.
 */
export const passwordActor = (account: Account, sessionId: string): Actor => ({
  accountId: account.id,
  keyId: NO_KEY_ID,
  access: 'full',
  organizationWide: account.organizationId !== null,
  organizationId: account.organizationId,
  sessionId,
})

/**
 * The actor behind a session token. Unknown, expired and signed-out sessions
 * fail alike, and so does one opened with an API key that has since been
 * revoked or has expired. An expired session is deleted as it is found.
 * Written as one async step: it runs on every request the web app makes.
 */
export const authenticateSession =
  (deps: AuthenticateSessionDeps) =>
  (token: string): TE.TaskEither<AppError, Authenticated> =>
  async () => {
    const found = await deps.sessions.findByTokenHash(deps.sessionSecrets.hashOf(token))()
    if (E.isLeft(found)) return found
    if (O.isNone(found.right)) return E.left(unauthorized)
    const session = found.right.value
    const now = deps.clock.now()
    if (!isLive(session, now)) {
      await deps.sessions.delete(session.id)()
      return E.left(unauthorized)
    }
    const account = await deps.accounts.findById(session.accountId)()
    if (E.isLeft(account)) return account
    if (O.isNone(account.right)) return E.left(unauthorized)
    if (session.keyId === null) return E.right({ actor: passwordActor(account.right.value, session.id), session, account: account.right.value })
    const key = await deps.apiKeys.findById(session.keyId)()
    if (E.isLeft(key)) return key
    if (O.isNone(key.right) || !isUsable(key.right.value, now)) return E.left(unauthorized)
    const k = key.right.value
    const actor: Actor = {
      accountId: account.right.value.id,
      keyId: k.id,
      access: k.access,
      organizationWide: k.organizationWide,
      organizationId: k.organizationWide ? account.right.value.organizationId : null,
      sessionId: session.id,
    }
    return E.right({ actor, session, account: account.right.value })
  }
