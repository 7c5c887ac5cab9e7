import type { Account } from '../../domain/identity/account.js'
import type { Actor } from '../../domain/identity/api-key.js'
import type { SessionView, StoredSession } from '../../domain/identity/session.js'

/** The session as GET /ext/v1/session reports it, from the actor it acts as. */
export const sessionView = (account: Account, actor: Actor, session: StoredSession): SessionView => ({
  account: { id: account.id, name: account.name, email: account.email },
  access: actor.access,
  organizationWide: actor.organizationWide,
  organizationId: actor.organizationId,
  signedInWith: session.keyId === null ? 'password' : 'apiKey',
  csrfToken: session.csrfToken,
  expiresAt: session.expiresAt,
})
