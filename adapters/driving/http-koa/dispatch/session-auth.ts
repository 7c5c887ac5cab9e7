import * as E from 'fp-ts/lib/Either.js'
import type { Actor } from '../../../../src/core/domain/identity/api-key.js'
import { forbidden, unauthorizedBecause } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import type { Exchange } from '../exchange/exchange.js'
import { Refused } from './refused.js'
import { CROSS_ORIGIN_REFUSED, CSRF_HEADER, CSRF_REFUSED, clearedCookie, crossOrigin, overTls, SAFE_METHODS, SESSION_ENDED } from './session-cookie.js'

/**
 * The actor of a request that came with a session cookie and no Authorization
 * header. A cookie that no longer opens a session is cleared in the 401, so the
 * browser stops sending it; a change without the session's CSRF token is 403.
 */
export const sessionActor = async (core: Core, ex: Exchange, token: string): Promise<Actor> => {
  const headers = ex.req.headers
  if (crossOrigin(headers)) throw new Refused(forbidden(CROSS_ORIGIN_REFUSED))
  const found = await core.identity.authenticateSession(token)()
  if (E.isLeft(found)) {
    if (found.left._tag !== 'Unauthorized') throw new Refused(found.left)
    ex.setHeader('set-cookie', clearedCookie(overTls(ex.req.socket)))
    throw new Refused(unauthorizedBecause(SESSION_ENDED))
  }
  if (!SAFE_METHODS.has(ex.method)) {
    const presented = headers[CSRF_HEADER]
    if (typeof presented !== 'string' || !core.ports.sessionSecrets.same(presented, found.right.session.csrfToken)) {
      throw new Refused(forbidden(CSRF_REFUSED))
    }
  }
  return found.right.actor
}
