import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import type { SessionView } from '../../../../src/core/domain/identity/session.js'
import { forbidden, unauthorizedBecause } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { route } from '../route.js'
import { CROSS_ORIGIN_REFUSED, clearedCookie, crossOrigin, overTls, sessionCookie, sessionToken } from '../dispatch/session-cookie.js'
import { SessionCodec, SignInBody, sessionAnswer } from '../contract/session.js'

const NO_SESSION = 'No session: sign in with POST /ext/v1/session (this route reads the session cookie, not an API key)'

/** Signing in and out of the web app: a session cookie instead of a bearer key (docs/operations.md, "Sign-in and sessions"). */
export const sessionRoutes = (core: Core) => [
  route({
    operationId: 'signIn',
    method: 'post',
    path: '/session',
    tag: 'Session',
    summary: 'Sign in: open a session for the web app',
    description:
      'With `{ email, password }` (a password an operator set with `notetaker accounts set-password`) or `{ apiKey }`. Answers the session and sets the `nt_session` cookie (HttpOnly, SameSite=Lax, Secure over TLS) that every other route then accepts in place of `Authorization`. Changes made with the cookie need the `X-CSRF-Token` header set to the session\'s `csrfToken`. A password session acts with full access, and reaches the account\'s organization if it is in one (what it may do there follows its role); a key session acts as the key and ends when the key is revoked or expires. Attempts are limited per email and per client address (429 with Retry-After).',
    access: 'public',
    body: SignInBody,
    errors: ['UNAUTHORIZED', 'FORBIDDEN', 'RATE_LIMITED'],
    errorNotes: {
      UNAUTHORIZED: 'The email and password, or the API key, do not open a session; the message does not say which part was wrong (UNAUTHORIZED).',
      FORBIDDEN: 'The request came from another site: its Origin is not this host (FORBIDDEN).',
      RATE_LIMITED: 'Too many sign-in attempts for this email or from this address (RATE_LIMITED); wait the seconds in Retry-After.',
    },
    success: {
      status: 201,
      description: 'Signed in: the Session object; the cookie is in Set-Cookie.',
      data: SessionCodec,
      headers: { 'Set-Cookie': 'nt_session=<token>; Max-Age=<session lifetime in seconds>; Path=/; HttpOnly; SameSite=Lax (and Secure over TLS).' },
    },
    handle: ({ body, headers, connection }) => {
      if (crossOrigin(headers)) return TE.left(forbidden(CROSS_ORIGIN_REFUSED))
      const credentials = 'apiKey' in body ? { kind: 'apiKey' as const, apiKey: body.apiKey } : { kind: 'password' as const, email: body.email, password: body.password }
      return pipe(
        core.identity.signIn({ credentials, client: connection?.remoteAddress ?? 'in-process' }),
        TE.map(({ token, session }) => {
          const maxAge = Math.max(0, Math.round((Date.parse(session.expiresAt) - core.ports.clock.now().getTime()) / 1000))
          return { status: 201, data: sessionAnswer(session), headers: { 'set-cookie': sessionCookie(token, maxAge, overTls(connection)) } }
        }),
      )
    },
  }),
  route({
    operationId: 'getSession',
    method: 'get',
    path: '/session',
    tag: 'Session',
    summary: 'The current session',
    description: 'Who the session cookie acts as, and the `csrfToken` to send as `X-CSRF-Token` with every change. 401 without a valid session cookie (an API key alone has no session).',
    access: 'read',
    success: { status: 200, description: 'The Session object.', data: SessionCodec },
    handle: ({ actor, headers }) => {
      const token = sessionToken(typeof headers['cookie'] === 'string' ? headers['cookie'] : undefined)
      if (actor.sessionId === undefined || token === undefined) return TE.left(unauthorizedBecause(NO_SESSION))
      return TE.map((s: SessionView) => ({ data: sessionAnswer(s) }))(core.identity.getSession(token))
    },
  }),
  route({
    operationId: 'signOut',
    method: 'delete',
    path: '/session',
    tag: 'Session',
    summary: 'Sign out: end the session',
    description:
      'Deletes the session on the server and clears the cookie. Like every change made with the cookie, it needs the `X-CSRF-Token` header. Read-only sessions may sign out too. Called with an API key, there is no session to end: it answers 204 all the same.',
    access: 'read',
    success: {
      status: 204,
      description: 'Signed out: nothing is answered; Set-Cookie clears the cookie.',
      data: t.null,
      headers: { 'Set-Cookie': 'nt_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax' },
    },
    handle: ({ actor, connection }) =>
      TE.map(() => ({ status: 204, data: null, headers: { 'set-cookie': clearedCookie(overTls(connection)) } }))(core.identity.signOut(actor)),
  }),
]
