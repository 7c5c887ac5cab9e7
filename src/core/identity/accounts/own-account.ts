import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import { type Account, Email, normaliseEmail } from '../../domain/identity/account.js'
import type { Actor } from '../../domain/identity/api-key.js'
import { NO_KEY_ID } from '../../domain/identity/session.js'
import { type AppError, conflict, forbidden, invalidField, notFound } from '../../errors.js'
import { EMAIL_NOT_AVAILABLE, type EmailChange, type EmailChangeDeps, mailEmailConfirmation } from './email-change.js'
import { checkPassword } from '../sessions/set-password.js'
import { countAttempt, openSession, type SignedIn, type SignInDeps } from '../sessions/sign-in.js'

/** Only a password session proves the person is at the keyboard: keys may rename, not change how the account signs in. */
export const NEEDS_PASSWORD_SESSION = 'Changing the email or the password needs a session opened with the account\'s password'
export const WRONG_CURRENT_PASSWORD = 'The current password is not right'

const isPasswordSession = (actor: Actor): boolean => actor.sessionId !== undefined && actor.keyId === NO_KEY_ID

const accountOf = async (deps: SignInDeps, actor: Actor): Promise<E.Either<AppError, Account>> => {
  const found = await deps.accounts.findById(actor.accountId)()
  if (E.isLeft(found)) return found
  return O.isNone(found.right) ? E.left(notFound('Account')) : E.right(found.right.value)
}

/** The current password, checked under the sign-in limits of the account's email (a stolen session cannot guess it at speed). */
const confirmPassword = async (deps: SignInDeps, account: Account, password: string | undefined, field: string): Promise<E.Either<AppError, void>> => {
  if (password === undefined) return E.left(invalidField(field, 'Give the current password to change this'))
  const limited = await countAttempt(deps.signInLimits.byEmail, account.email, deps.clock.now())
  if (E.isLeft(limited)) return limited
  const stored = await deps.passwords.find(account.id)()
  if (E.isLeft(stored)) return stored
  const ok = await deps.passwordHasher.verify(password, O.isSome(stored.right) ? stored.right.value.hash : null)()
  if (E.isLeft(ok)) return ok
  return ok.right ? E.right(undefined) : E.left(forbidden(WRONG_CURRENT_PASSWORD))
}

export { EMAIL_NOT_AVAILABLE }

export interface ProfileChange {
  readonly name?: string
  readonly email?: string
  /** Needed to change the email. */
  readonly currentPassword?: string
}

/** What `PATCH /me` did: the account as it is now, and the email change waiting for its link, if one was asked. */
export interface ProfileUpdate {
  readonly account: Account
  readonly emailChange: EmailChange | null
}

const emailTaken = async (deps: SignInDeps, account: Account, email: string): Promise<E.Either<AppError, void>> => {
  const holder = await deps.accounts.findByEmail(email)()
  if (E.isLeft(holder)) return holder
  return O.isSome(holder.right) && holder.right.value.id !== account.id ? E.left(conflict(EMAIL_NOT_AVAILABLE)) : E.right(undefined)
}

/**
 * `PATCH /me`: the caller changes its own name (any full-access key or session)
 * and email (a password session, with the current password). A new email takes
 * effect when the link mailed to it is opened (email-change.ts); on a server
 * that sends no mail only a server administrator's own email changes at once.
 * The email stays unique; a taken one is refused without saying whose it is.
 */
export const updateOwnProfile =
  (deps: SignInDeps & EmailChangeDeps) =>
  (actor: Actor, change: ProfileChange, confirmLink: (token: string) => string): TE.TaskEither<AppError, ProfileUpdate> =>
  async () => {
    if (actor.access !== 'full') return E.left(forbidden('This key is read-only and cannot make changes'))
    const name = change.name?.trim()
    if (name === '') return E.left(invalidField('name', 'The name must not be empty'))
    if (name !== undefined && [...name].length > 200) return E.left(invalidField('name', 'The name must be at most 200 characters'))
    const email = change.email === undefined ? undefined : normaliseEmail(change.email)
    if (email !== undefined && !Email.is(email)) return E.left(invalidField('email', 'Enter an email address such as name@example.com'))
    const found = await accountOf(deps, actor)
    if (E.isLeft(found)) return found
    const account = found.right
    const emailChanges = email !== undefined && email !== account.email
    // Only an administrator of a server without mail takes a new email at once: nobody could confirm it.
    const atOnce = emailChanges && deps.mailer === undefined && account.serverAdmin
    if (emailChanges) {
      if (!isPasswordSession(actor)) return E.left(forbidden(NEEDS_PASSWORD_SESSION))
      const confirmed = await confirmPassword(deps, account, change.currentPassword, 'currentPassword')
      if (E.isLeft(confirmed)) return confirmed
      const taken = await emailTaken(deps, account, email)
      if (E.isLeft(taken)) return taken
    }
    const pending = emailChanges && !atOnce ? await mailEmailConfirmation(deps, account, email, confirmLink)() : E.right(null)
    if (E.isLeft(pending)) return pending
    const updated = await deps.accounts.updateProfile(account.id, { name: name ?? account.name, email: atOnce ? email : account.email })()
    if (E.isLeft(updated)) return updated.left._tag === 'Conflict' ? E.left(conflict(EMAIL_NOT_AVAILABLE)) : updated
    return O.isNone(updated.right) ? E.left(notFound('Account')) : E.right({ account: updated.right.value, emailChange: pending.right })
  }

/**
 * `PUT /me/password`: a password session changes its account's password with
 * the current one. Every session of the account ends; the caller gets a new one.
 */
export const changeOwnPassword =
  (deps: SignInDeps) =>
  (actor: Actor, input: { readonly currentPassword: string; readonly newPassword: string }): TE.TaskEither<AppError, SignedIn> =>
  async () => {
    if (!isPasswordSession(actor)) return E.left(forbidden(NEEDS_PASSWORD_SESSION))
    const weak = checkPassword(input.newPassword)
    if (weak !== null) return E.left(weak._tag === 'Validation' ? invalidField('newPassword', weak.message.replace(/^password/, 'The new password')) : weak)
    const account = await accountOf(deps, actor)
    if (E.isLeft(account)) return account
    const confirmed = await confirmPassword(deps, account.right, input.currentPassword, 'currentPassword')
    if (E.isLeft(confirmed)) return confirmed
    const hash = await deps.passwordHasher.hash(input.newPassword)()
    if (E.isLeft(hash)) return hash
    const set = await deps.passwords.set(account.right.id, hash.right, deps.clock.now().toISOString())()
    if (E.isLeft(set)) return set
    const ended = await deps.sessions.deleteForAccount(account.right.id)()
    if (E.isLeft(ended)) return ended
    const { sessionId: _ended, ...sessionless } = actor
    return openSession(deps)(sessionless, null)()
  }
