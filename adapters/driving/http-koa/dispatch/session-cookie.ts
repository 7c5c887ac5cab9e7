/**
 * The web app's session cookie and the checks that guard it from other sites:
 * the cookie is HttpOnly and SameSite=Lax, every change also needs the
 * session's CSRF token in a header (which another site cannot read or send),
 * and a request whose Origin is another host is refused outright.
 */
export const SESSION_COOKIE = 'nt_session'
export const CSRF_HEADER = 'x-csrf-token'

export const CSRF_REFUSED = 'Missing or wrong CSRF token (send the X-CSRF-Token header from GET /ext/v1/session)'
export const CROSS_ORIGIN_REFUSED = 'The request comes from another site (its Origin is not this host)'
export const SESSION_ENDED = 'The session has ended or is not valid: sign in again with POST /ext/v1/session'

/** Methods that change nothing, so need no CSRF token. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Tokens as sessionSecrets mints them: 32 bytes in base64url. Anything else is not looked up. */
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/

/** The session token in a Cookie header, if one of our shape is there. */
export const sessionToken = (cookie: string | undefined): string | undefined => {
  if (cookie === undefined || !cookie.includes(SESSION_COOKIE)) return undefined
  for (const part of cookie.split(';')) {
    const eq = part.indexOf('=')
    if (eq !== -1 && part.slice(0, eq).trim() === SESSION_COOKIE) {
      const value = part.slice(eq + 1).trim()
      return TOKEN_RE.test(value) ? value : undefined
    }
  }
  return undefined
}

const attributes = (secure: boolean) => `Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`

export const sessionCookie = (token: string, maxAgeSeconds: number, secure: boolean) =>
  `${SESSION_COOKIE}=${token}; Max-Age=${maxAgeSeconds}; ${attributes(secure)}`

export const clearedCookie = (secure: boolean) => `${SESSION_COOKIE}=; Max-Age=0; ${attributes(secure)}`

/** What the dispatcher knows of the connection: TLS sockets say `encrypted`. */
export interface Connection {
  readonly remoteAddress?: string | undefined
  readonly encrypted?: boolean
}

/** Whether the cookie gets `Secure`: the request came over TLS. */
export const overTls = (connection: Connection | undefined): boolean => connection?.encrypted === true

type Headers = Readonly<Record<string, string | string[] | undefined>>

/** An Origin header naming another host than the Host header (or an opaque `null` origin). */
export const crossOrigin = (headers: Headers): boolean => {
  const origin = headers['origin']
  if (origin === undefined) return false
  const host = headers['host']
  if (typeof origin !== 'string' || typeof host !== 'string') return true
  try {
    return new URL(origin).host !== new URL(`http://${host}`).host
  } catch {
    return true
  }
}
