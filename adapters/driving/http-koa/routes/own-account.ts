import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Account } from '../../../../src/core/domain/identity/account.js'
import type { ProfileUpdate } from '../../../../src/core/identity/index.js'
import type { Core } from '../../../../src/core/build-core.js'
import { route } from '../route.js'
import { overTls, sessionCookie } from '../dispatch/session-cookie.js'
import { confirmEmailLink, type WebLinks } from '../web-links.js'
import { SessionCodec } from '../contract/session.js'
import { OwnAccountCodec, ownAccountView, ProfileCodec, ProfileBody, ConfirmEmailBody, PasswordBody } from '../contract/own-account.js'

const LINK_NOT_VALID = 'The link was used, expired, or the email changed since (NOT_FOUND).'

const NEEDS_SESSION = 'a password session (a key, or a session opened with a key, cannot)'
const LIMITED = 'Too many tries of the current password for this account (RATE_LIMITED); wait the seconds in Retry-After.'

/** The caller's own name, email and password: what a member manages without an operator. */
export const ownAccountRoutes = (core: Core, links: WebLinks) => [
  route({
    operationId: 'updateMe', method: 'patch', path: '/me', tag: 'Account', access: 'write',
    summary: 'Change your own name or email',
    description: `The name, with any full-access key or session. The email only with ${NEEDS_SESSION}, and with \`currentPassword\`: it is what the account signs in with, and shares sent to an email reach the account that has it, so a new email takes effect only when the link mailed to it is opened (\`pendingEmail\` until then; the link works once, for 24 hours). On a server that sends no mail, a server administrator's own email changes at once and anyone else's cannot change (409). Emails are unique and lowercased.`,
    body: ProfileBody,
    errors: ['CONFLICT', 'RATE_LIMITED'],
    errorNotes: {
      FORBIDDEN: `The key is read-only; or the email changes without ${NEEDS_SESSION}; or \`currentPassword\` is wrong (FORBIDDEN).`,
      CONFLICT: 'The email cannot be used (another account has it; the message does not say whose), the server sends no mail to confirm it, or the mail was refused (CONFLICT).',
      VALIDATION_ERROR: '`name` is empty or over 200 characters, `email` is not an email address, or `currentPassword` is missing for a new email (VALIDATION_ERROR).',
      RATE_LIMITED: LIMITED,
    },
    success: { status: 200, description: 'The account as it is now, and the email waiting for its confirmation.', data: ProfileCodec },
    handle: ({ actor, body, headers, connection }) =>
      TE.map((u: ProfileUpdate) => ({ data: { ...ownAccountView(u.account), pendingEmail: u.emailChange?.to ?? null } }))(
        core.identity.updateOwnProfile(actor, body, confirmEmailLink(links.baseFor(headers, connection))),
      ),
  }),
  route({
    operationId: 'confirmEmail', method: 'post', path: '/email/confirm', tag: 'Account', access: 'public',
    summary: 'Confirm a new email address with the link mailed to it',
    description: 'Needs no key: the token from the link (`/confirm-email#token=…`, mailed to the new address by PATCH /me) is the right. The account signs in with the new email from then on; sessions and keys carry on.',
    body: ConfirmEmailBody,
    errors: ['NOT_FOUND', 'CONFLICT'],
    errorNotes: { NOT_FOUND: LINK_NOT_VALID, CONFLICT: 'Another account has taken the email since (CONFLICT).' },
    success: { status: 200, description: 'The account with its new email.', data: OwnAccountCodec },
    handle: ({ body }) => TE.map((a: Account) => ({ data: ownAccountView(a) }))(core.identity.confirmEmailChange(body.token)),
  }),
  route({
    operationId: 'changeMyPassword', method: 'put', path: '/me/password', tag: 'Account', access: 'write',
    summary: 'Change your own password',
    description: `With ${NEEDS_SESSION} and the current password. Every session of the account ends, the caller's too, and the caller gets a new one: the answer is the new session and Set-Cookie carries its cookie (send its \`csrfToken\` from now on). New passwords are at least 10 characters. Tries of the current password count against the sign-in limit of the account's email.`,
    body: PasswordBody,
    errors: ['RATE_LIMITED'],
    errorNotes: {
      FORBIDDEN: `The key is read-only; or the caller is not ${NEEDS_SESSION}; or \`currentPassword\` is wrong (FORBIDDEN).`,
      VALIDATION_ERROR: '`newPassword` is shorter than 10 or longer than 1024 characters (VALIDATION_ERROR).',
      RATE_LIMITED: LIMITED,
    },
    success: {
      status: 200,
      description: 'The password is changed; the new session, whose cookie is in Set-Cookie.',
      data: SessionCodec,
      headers: { 'Set-Cookie': 'nt_session=<token>; Max-Age=<session lifetime in seconds>; Path=/; HttpOnly; SameSite=Lax (and Secure over TLS).' },
    },
    handle: ({ actor, body, connection }) =>
      pipe(
        core.identity.changeOwnPassword(actor, body),
        TE.map(({ token, session }) => {
          const maxAge = Math.max(0, Math.round((Date.parse(session.expiresAt) - core.ports.clock.now().getTime()) / 1000))
          return { data: { ...session, account: { ...session.account } }, headers: { 'set-cookie': sessionCookie(token, maxAge, overTls(connection)) } }
        }),
      ),
  }),
]
