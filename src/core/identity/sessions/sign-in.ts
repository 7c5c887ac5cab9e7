import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import { normaliseEmail } from '../../domain/identity/account.js'
import type { Actor } from '../../domain/identity/api-key.js'
import { DEFAULT_SESSION_DAYS, PASSWORD_MAX_LENGTH, type SessionView } from '../../domain/identity/session.js'
import { type AppError, rateLimited, unauthorizedBecause } from '../../errors.js'
import type { KeySecrets } from '../../ports/key-secrets.js'
import type { Ids } from '../../ports/ids.js'
import type { PasswordHasher } from '../../ports/password-hasher.js'
import type { PasswordStore } from '../../ports/password-store.js'
import type { RateLimiter } from '../../ports/rate-limiter.js'
import type { SignInLimits } from '../../ports/sign-in-limits.js'
import { authenticate } from '../authenticate.js'
import { type AuthenticateSessionDeps, passwordActor } from './authenticate-session.js'
import { sessionView } from './session-view.js'

export interface SignInDeps extends AuthenticateSessionDeps {
  readonly passwords: PasswordStore
  readonly passwordHasher: PasswordHasher
  readonly keySecrets: KeySecrets
  readonly signInLimits: SignInLimits
  readonly ids: Ids
  /** How long a session lasts (`NOTETAKER_SESSION_DAYS`); 14 days when absent. */
  readonly sessionLifetimeMs?: number
}

export type Credentials =
  | { readonly kind: 'password'; readonly email: string; readonly password: string }
  | { readonly kind: 'apiKey'; readonly apiKey: string }

export interface SignInInput {
  readonly credentials: Credentials
  /** Who is trying, for the per-client attempt limit: the connection's address. */
  readonly client: string
}

export interface SignedIn {
  /** For the browser's cookie, once; only its hash is stored. */
  readonly token: string
  readonly session: SessionView
}

/** One message for an unknown email, a wrong password and an account without one: none tells which. */
export const WRONG_PASSWORD = 'The email and password do not match an account'
export const WRONG_KEY = 'The API key is not valid'

const DAY_MS = 86_400_000

export const countAttempt = async (limiter: RateLimiter, bucket: string, now: Date): Promise<E.Either<AppError, void>> => {
  const d = await limiter.hit(bucket, now)()
  if (E.isLeft(d)) return d
  return d.right.allowed ? E.right(undefined) : E.left(rateLimited(d.right.resetSeconds))
}

/** The account whose password this is, or a refusal that took as long as a real check. */
const checkPassword = async (deps: SignInDeps, email: string, password: string): Promise<E.Either<AppError, Actor | null>> => {
  // Length is not secret; a password no account can have is refused without hashing a megabyte.
  if ([...password].length > PASSWORD_MAX_LENGTH) return E.right(null)
  const account = await deps.accounts.findByEmail(email)()
  if (E.isLeft(account)) return account
  const stored = O.isNone(account.right) ? E.right(O.none) : await deps.passwords.find(account.right.value.id)()
  if (E.isLeft(stored)) return stored
  const hash = O.isSome(stored.right) ? stored.right.value.hash : null
  const matches = await deps.passwordHasher.verify(password, hash)()
  if (E.isLeft(matches)) return matches
  return E.right(matches.right && O.isSome(account.right) ? passwordActor(account.right.value, '') : null)
}

/**
 * Opens a session with an email and password, or with an API key (the session
 * then acts as that key, and ends when the key does). Every attempt counts
 * against the limits, successful ones too: a person signs in a few times a day.
 */
export const signIn =
  (deps: SignInDeps) =>
  (input: SignInInput): TE.TaskEither<AppError, SignedIn> =>
  async () => {
    const now = deps.clock.now()
    const { credentials } = input
    const byAddress = await countAttempt(deps.signInLimits.byAddress, input.client, now)
    if (E.isLeft(byAddress)) return byAddress
    let actor: E.Either<AppError, Actor | null>
    if (credentials.kind === 'password') {
      const email = normaliseEmail(credentials.email)
      const byEmail = await countAttempt(deps.signInLimits.byEmail, email, now)
      if (E.isLeft(byEmail)) return byEmail
      actor = await checkPassword(deps, email, credentials.password)
    } else {
      const key = await authenticate(deps)(credentials.apiKey)()
      actor = E.isLeft(key) && key.left._tag === 'Unauthorized' ? E.right(null) : key
    }
    if (E.isLeft(actor)) return actor
    if (actor.right === null) return E.left(unauthorizedBecause(credentials.kind === 'password' ? WRONG_PASSWORD : WRONG_KEY))
    return openSession(deps)(actor.right, credentials.kind === 'apiKey' ? actor.right.keyId : null)()
  }

/**
 * Opens a session acting as `actor` (with its key, or null for a password
 * session): after a sign-in, a password change, or joining with an invite.
 * Expired sessions are swept here, where sessions are made.
 */
export const openSession =
  (deps: SignInDeps) =>
  (actor: Actor, keyId: string | null): TE.TaskEither<AppError, SignedIn> =>
  async () => {
    const now = deps.clock.now()
    await deps.sessions.deleteExpired(now)()
    const minted = deps.sessionSecrets.mint()
    const created = await deps.sessions.create({
      id: deps.ids.uuid(),
      tokenHash: minted.tokenHash,
      accountId: actor.accountId,
      keyId,
      csrfToken: minted.csrfToken,
      createdAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + (deps.sessionLifetimeMs ?? DEFAULT_SESSION_DAYS * DAY_MS)).toISOString(),
    })()
    if (E.isLeft(created)) return created
    const session = created.right
    const account = await deps.accounts.findById(session.accountId)()
    if (E.isLeft(account)) return account
    if (O.isNone(account.right)) return E.left(unauthorizedBecause(WRONG_PASSWORD))
    return E.right({ token: minted.token, session: sessionView(account.right.value, { ...actor, sessionId: session.id }, session) })
  }
