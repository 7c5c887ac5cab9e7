/**
 * A new email address takes effect only once its mailbox confirms it: shares
 * sent to an email reach the account that has it, so an account must not take
 * an address it cannot read. The link carries a sealed claim (account, old and
 * new address, expiry) and nothing is stored: once the email has changed, the
 * old address in the claim no longer matches, so each link works once.
 */
import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import type { Account } from '../../domain/identity/account.js'
import { type AppError, conflict } from '../../errors.js'
import type { AccountStore } from '../../ports/account-store.js'
import type { Clock } from '../../ports/clock.js'
import type { Mailer } from '../../ports/mailer.js'
import type { SecretBox } from '../../ports/secret-box.js'

export const EMAIL_LINK_HOURS = 24
/** Says the email cannot be used, not whose it is. */
export const EMAIL_NOT_AVAILABLE = 'This email address cannot be used for this account; choose another'
export const EMAIL_LINK_NOT_VALID = 'This link is not valid any more: it was used, it expired, or the email changed since; ask for a new one in Settings → Account'
export const NO_MAIL_TO_CONFIRM =
  'This server sends no mail, so a new email address cannot be confirmed; a server administrator can set up mail (NOTETAKER_SMTP_URL) or change the address for you'

export interface EmailChangeDeps {
  readonly accounts: AccountStore
  readonly secretBox: SecretBox
  readonly clock: Clock
  /** Absent: the server sends no mail, so only a server administrator changes an email, without a link. */
  readonly mailer?: Mailer
}

const Claim = t.type({ account: t.string, from: t.string, to: t.string, expiresAt: t.string })
type Claim = t.TypeOf<typeof Claim>

/** Where a person now stands after asking for a new email. */
export interface EmailChange {
  readonly to: string
  /** True: a link went to `to`, and the email changes when it is opened. */
  readonly mailed: boolean
}

/** Mails the confirmation link to the new address; Left when it cannot be sent (no mail, or the server refused). */
export const mailEmailConfirmation = (
  deps: EmailChangeDeps,
  account: Account,
  to: string,
  confirmLink: (token: string) => string,
): TE.TaskEither<AppError, EmailChange> => async () => {
  if (deps.mailer === undefined) return E.left(conflict(NO_MAIL_TO_CONFIRM))
  const expiresAt = new Date(deps.clock.now().getTime() + EMAIL_LINK_HOURS * 3_600_000).toISOString()
  const token = deps.secretBox.seal(JSON.stringify({ account: account.id, from: account.email, to, expiresAt } satisfies Claim))
  const sent = await deps.mailer.send({
    to,
    subject: 'Confirm your new email address for Notetaker',
    text: [
      `${account.name} asked to sign in to Notetaker with this address from now on (instead of ${account.email}).`,
      '',
      `Open this link to confirm it (it works once, for ${EMAIL_LINK_HOURS} hours):`,
      confirmLink(token),
      '',
      'If you did not ask for this, ignore this mail: nothing changes.',
    ].join('\n'),
  })()
  if (E.isLeft(sent)) return E.left(conflict(`The confirmation could not be mailed to ${to} (${sent.left}); your email is unchanged`))
  return E.right({ to, mailed: true })
}

const claimOf = (deps: EmailChangeDeps, token: string): O.Option<Claim> => {
  const opened = deps.secretBox.open(token)
  if (E.isLeft(opened)) return O.none
  try {
    const claim: unknown = JSON.parse(opened.right)
    return Claim.is(claim) ? O.some(claim) : O.none
  } catch {
    return O.none
  }
}

/** `POST /email/confirm`: the link's token changes the account's email, once, within its time. */
export const confirmEmailChange =
  (deps: EmailChangeDeps) =>
  (token: string): TE.TaskEither<AppError, Account> =>
  async () => {
    const claim = claimOf(deps, token)
    if (O.isNone(claim) || Date.parse(claim.value.expiresAt) <= deps.clock.now().getTime()) return E.left(notFoundLink)
    const found = await deps.accounts.findById(claim.value.account)()
    if (E.isLeft(found)) return found
    const account = found.right
    if (O.isNone(account) || account.value.email !== claim.value.from) return E.left(notFoundLink)
    const updated = await deps.accounts.updateProfile(account.value.id, { name: account.value.name, email: claim.value.to })()
    if (E.isLeft(updated)) return updated.left._tag === 'Conflict' ? E.left(conflict(EMAIL_NOT_AVAILABLE)) : updated
    return O.isNone(updated.right) ? E.left(notFoundLink) : E.right(updated.right.value)
  }

const notFoundLink: AppError = { _tag: 'NotFound', message: EMAIL_LINK_NOT_VALID }
