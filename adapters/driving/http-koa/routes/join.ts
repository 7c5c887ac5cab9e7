import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { forbidden } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { route } from '../route.js'
import { CROSS_ORIGIN_REFUSED, crossOrigin, overTls, sessionCookie } from '../dispatch/session-cookie.js'
import { TokenBody, InvitationCodec, JoinedCodec, JoinBody } from '../contract/join.js'

const LINK_NOT_VALID = 'The link is unknown, used, revoked or expired: all answer alike (NOT_FOUND).'
const LIMITED = 'Too many attempts from this address (RATE_LIMITED); wait the seconds in Retry-After.'
const ATTEMPTS = 'Attempts count against the sign-in limit per client address, like POST /session.'

/** Invite and share links, opened by people who may have no account: the token is the right, so no key. */
export const joinRoutes = (core: Core) => [
  route({
    operationId: 'lookUpInvitation', method: 'post', path: '/invites/lookup', tag: 'Session', access: 'public',
    summary: 'What an invite or share link is',
    description: `Needs no key: the token from the link is the right, and only its holder learns what it says (the organization, the inviter, the role, the email, whether the email has an account). Sent in a body, so it stays out of logs. ${ATTEMPTS}`,
    body: TokenBody,
    errors: ['NOT_FOUND', 'RATE_LIMITED'],
    errorNotes: { NOT_FOUND: LINK_NOT_VALID, RATE_LIMITED: LIMITED },
    success: { status: 200, description: 'The invitation.', data: InvitationCodec },
    handle: ({ body, connection }) => TE.map((d: t.TypeOf<typeof InvitationCodec>) => ({ data: d }))(core.joining.lookup({ token: body.token, client: connection?.remoteAddress ?? 'in-process' })),
  }),
  route({
    operationId: 'joinWithInvitation', method: 'post', path: '/invites/join', tag: 'Session', access: 'public',
    summary: 'Make an account with an invite or share link, and sign in',
    description: [
      'For an email with no account: makes the account (the name given, the server\'s default plan, NOTETAKER_DEFAULT_PLAN), sets its password, uses the link up (an invite joins the organization with the invited role; a share link opens the recording shared with the email) and signs in: the answer is the session, and the `nt_session` cookie is set as by POST /session.',
      `Passwords are at least 10 characters, as \`notetaker accounts set-password\` has them. ${ATTEMPTS}`,
    ].join(' '),
    body: JoinBody,
    errors: ['FORBIDDEN', 'NOT_FOUND', 'CONFLICT', 'RATE_LIMITED'],
    errorNotes: {
      NOT_FOUND: LINK_NOT_VALID,
      FORBIDDEN: 'The request came from another site; or the link is a share link from someone who may not invite people onto the server (FORBIDDEN).',
      CONFLICT: 'The email has an account already: sign in with it and open the link again (CONFLICT).',
      VALIDATION_ERROR: '`name` is empty, or `password` is shorter than 10 characters (VALIDATION_ERROR).',
      RATE_LIMITED: LIMITED,
    },
    success: {
      status: 201,
      description: 'Joined and signed in; the cookie is in Set-Cookie.',
      data: JoinedCodec,
      headers: { 'Set-Cookie': 'nt_session=<token>; Max-Age=<session lifetime in seconds>; Path=/; HttpOnly; SameSite=Lax (and Secure over TLS).' },
    },
    handle: ({ body, headers, connection }) => {
      if (crossOrigin(headers)) return TE.left(forbidden(CROSS_ORIGIN_REFUSED))
      return pipe(
        core.joining.join({ ...body, client: connection?.remoteAddress ?? 'in-process' }),
        TE.map((j) => {
          const maxAge = Math.max(0, Math.round((Date.parse(j.session.expiresAt) - core.ports.clock.now().getTime()) / 1000))
          return {
            status: 201,
            data: { kind: j.kind, runId: j.runId, session: { ...j.session, account: { ...j.session.account } } },
            headers: { 'set-cookie': sessionCookie(j.token, maxAge, overTls(connection)) },
          }
        }),
      )
    },
  }),
]
