import { randomBytes } from 'node:crypto'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryAccountStore, memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { memoryApiKeyStore } from '../../../adapters/stores/memory/api-keys.js'
import { memoryPasswordStore } from '../../../adapters/stores/memory/passwords.js'
import { memoryRateLimiter } from '../../../adapters/stores/memory/rate-limiter.js'
import { memorySessionStore } from '../../../adapters/stores/memory/sessions.js'
import { signInLimits } from '../../../adapters/stores/shared/sign-in-limits.js'
import { aesGcmSecretBox } from '../../../adapters/system/secret-box.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { keySecrets } from '../../../adapters/system/key-secrets.js'
import { scryptPasswordHasher } from '../../../adapters/system/password-hasher.js'
import { sessionSecrets } from '../../../adapters/system/session-secrets.js'
import { DEFAULT_PLANS } from '../../../src/core/domain/identity/account.js'
import { NO_KEY_ID } from '../../../src/core/domain/identity/session.js'
import { identityUseCases, WRONG_KEY, WRONG_PASSWORD } from '../../../src/core/identity/index.js'
import type { PasswordHasher } from '../../../src/core/ports/password-hasher.js'
import { left, right } from '../../support/run.js'

const setup = () => {
  const hasher = scryptPasswordHasher({ N: 1024 })
  /** What the hasher was asked to verify against: a stored hash, or null for the dummy. */
  const verified: Array<string | null> = []
  const passwordHasher: PasswordHasher = { hash: hasher.hash, verify: (p, stored) => (verified.push(stored), hasher.verify(p, stored)) }
  const deps = {
    accounts: memoryAccountStore(),
    organizations: memoryOrganizationStore(),
    apiKeys: memoryApiKeyStore(),
    sessions: memorySessionStore(),
    passwords: memoryPasswordStore(),
    keySecrets,
    sessionSecrets,
    passwordHasher,
    signInLimits: signInLimits({ attempts: 3, windowSeconds: 900 }, (limit) => memoryRateLimiter(limit)),
    clock: fixedClock('2026-06-01T12:00:00.000Z'),
    ids: randomIds,
    plans: DEFAULT_PLANS,
    sessionLifetimeMs: 86_400_000,
    secretBox: aesGcmSecretBox(randomBytes(32)),
  }
  return { deps, identity: identityUseCases(deps), verified }
}

const PASSWORD = 'a long enough password'
const client = '192.0.2.1'
const withPassword = (email: string, password = PASSWORD) => ({ credentials: { kind: 'password' as const, email, password }, client })

const s = suite('Sign-in, passwords and sessions')

s('set-password checks length, stores only a scrypt hash, and ends the sessions the account had', async () => {
  const { deps, identity } = setup()
  const ada = await right(identity.createAccount({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null }))
  assert.equal((await left(identity.setPassword(ada.id, 'short'))), { _tag: 'Validation', message: 'password must be at least 10 characters', details: [{ path: 'password', message: 'password must be at least 10 characters' }] })
  assert.is((await left(identity.setPassword(ada.id, 'x'.repeat(1025))))._tag, 'Validation')
  assert.is((await left(identity.setPassword('nobody@example.com', PASSWORD)))._tag, 'NotFound')
  const set = await right(identity.setPassword('ADA@example.com', PASSWORD))
  assert.equal(set, { accountId: ada.id, email: 'ada@example.com', sessionsEnded: 0 })
  const stored = O.toUndefined(await right(deps.passwords.find(ada.id)))!
  assert.match(stored.hash, /^scrypt\$1024\$8\$1\$[A-Za-z0-9+/]+={0,2}\$[A-Za-z0-9+/]+={0,2}$/)
  assert.not.ok(stored.hash.includes(PASSWORD))
  const signed = await right(identity.signIn(withPassword('ada@example.com')))
  assert.is((await right(identity.setPassword(ada.id, 'another long password'))).sessionsEnded, 1)
  assert.equal(await left(identity.authenticateSession(signed.token)), { _tag: 'Unauthorized' })
})

s('a password session: the token is stored only as a hash; the actor has full access and no key', async () => {
  const { deps, identity } = setup()
  const ada = await right(identity.createAccount({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null }))
  await right(identity.setPassword(ada.id, PASSWORD))
  const signed = await right(identity.signIn(withPassword(' Ada@Example.com ')))
  assert.equal(signed.session.expiresAt, '2026-06-02T12:00:00.000Z')
  const stored = O.toUndefined(await right(deps.sessions.findByTokenHash(sessionSecrets.hashOf(signed.token))))!
  assert.not.ok(JSON.stringify(stored).includes(signed.token))
  const { actor } = await right(identity.authenticateSession(signed.token))
  assert.equal(actor, { accountId: ada.id, keyId: NO_KEY_ID, access: 'full', organizationWide: false, organizationId: null, sessionId: stored.id })
})

s('an unknown email and an account without a password still spend one verify, against the dummy hash', async () => {
  const { identity, verified } = setup()
  await right(identity.createAccount({ name: 'Bob', email: 'bob@example.com', planKey: 'free', organizationName: null }))
  assert.equal(await left(identity.signIn(withPassword('nobody@example.com'))), { _tag: 'Unauthorized', reason: WRONG_PASSWORD })
  assert.equal(await left(identity.signIn(withPassword('bob@example.com'))), { _tag: 'Unauthorized', reason: WRONG_PASSWORD })
  assert.equal(verified, [null, null])
})

s('attempts are limited per email (successes count too) and per address', async () => {
  const { identity } = setup()
  const ada = await right(identity.createAccount({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null }))
  await right(identity.setPassword(ada.id, PASSWORD))
  await right(identity.signIn(withPassword('ada@example.com')))
  await left(identity.signIn(withPassword('ada@example.com', 'wrong password!')))
  await right(identity.signIn(withPassword('ADA@example.com')))
  // The window's 3 attempts weigh on the next window until a third of it has passed: 900 s + 300 s.
  assert.equal(await left(identity.signIn(withPassword('ada@example.com'))), { _tag: 'RateLimited', retryAfterSeconds: 1200 })
  // 4 attempts so far from this address; its limit is 15 (5 × 3).
  for (let i = 0; i < 11; i++) await left(identity.signIn({ credentials: { kind: 'apiKey', apiKey: `nope${i}` }, client }))
  assert.is((await left(identity.signIn({ credentials: { kind: 'apiKey', apiKey: 'nope' }, client })))._tag, 'RateLimited')
  assert.is((await left(identity.signIn({ credentials: { kind: 'apiKey', apiKey: 'nope' }, client: '192.0.2.2' })))._tag, 'Unauthorized')
})

s('a key session inherits the key and ends with it; an expired session is refused and deleted', async () => {
  const { deps, identity } = setup()
  const ada = await right(identity.createAccount({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: 'Acme' }))
  const key = await right(identity.issueApiKey({ accountId: ada.id, name: 'k', access: 'readonly', organizationWide: true, expiresInDays: null }))
  assert.equal(await left(identity.signIn({ credentials: { kind: 'apiKey', apiKey: `${key.plaintext}x` }, client })), { _tag: 'Unauthorized', reason: WRONG_KEY })
  const signed = await right(identity.signIn({ credentials: { kind: 'apiKey', apiKey: key.plaintext }, client }))
  assert.equal([signed.session.signedInWith, signed.session.access, signed.session.organizationWide, signed.session.organizationId], ['apiKey', 'readonly', true, ada.organizationId])
  const { actor } = await right(identity.authenticateSession(signed.token))
  assert.equal([actor.keyId, actor.access, actor.organizationWide], [key.key.id, 'readonly', true])
  await right(identity.revokeApiKey(key.key.id))
  assert.equal(await left(identity.authenticateSession(signed.token)), { _tag: 'Unauthorized' })

  await right(identity.setPassword(ada.id, PASSWORD))
  const pw = await right(identity.signIn(withPassword('ada@example.com')))
  assert.equal([pw.session.organizationWide, pw.session.organizationId], [true, ada.organizationId], 'a password session reaches the account\'s organization')
  deps.clock.advance(86_400_000)
  assert.equal(await left(identity.authenticateSession(pw.token)), { _tag: 'Unauthorized' })
  assert.equal(await right(deps.sessions.findByTokenHash(sessionSecrets.hashOf(pw.token))), O.none, 'deleted as it was found')
})

s('sign-out deletes the session; an actor without one has nothing to end', async () => {
  const { identity } = setup()
  const ada = await right(identity.createAccount({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null }))
  await right(identity.setPassword(ada.id, PASSWORD))
  const signed = await right(identity.signIn(withPassword('ada@example.com')))
  const { actor } = await right(identity.authenticateSession(signed.token))
  await right(identity.signOut(actor))
  assert.equal(await left(identity.authenticateSession(signed.token)), { _tag: 'Unauthorized' })
  const { sessionId: _ended, ...keyActor } = actor
  await right(identity.signOut(keyActor))
})

s('a store failure while checking a password is not a refusal', async () => {
  const { deps } = setup()
  const failing = identityUseCases({ ...deps, passwordHasher: { hash: () => TE.left({ _tag: 'StoreFailure', cause: 'boom' }), verify: () => TE.left({ _tag: 'StoreFailure', cause: 'boom' }) } })
  assert.is((await left(failing.signIn(withPassword('ada@example.com'))))._tag, 'StoreFailure')
})

s.run()
