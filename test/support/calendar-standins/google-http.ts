/** Small HTTP pieces shared by the Google stand-in's handlers: bodies, answers, Google's error shapes. */
import type http from 'node:http'

export const readBody = (req: http.IncomingMessage, limit = 256 * 1024): Promise<string> =>
  new Promise((ok, fail) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        fail(new Error('body too large'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')))
    req.on('error', fail)
  })

export const sendJson = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  const text = JSON.stringify(body, null, 2)
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text), ...headers }).end(text)
}

export const sendHtml = (res: http.ServerResponse, status: number, html: string): void => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(html) }).end(html)
}

export const redirect = (res: http.ServerResponse, location: string): void => {
  res.writeHead(302, { location, 'content-length': 0 }).end()
}

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** The canonical status word Google's JSON errors carry beside the number. */
const STATUS_WORDS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  410: 'FAILED_PRECONDITION',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
}

export interface ApiErrorDetail {
  readonly reason: string
  readonly message: string
  readonly location?: string
  readonly locationType?: string
}

/** A Google API (JSON) error body: `{ error: { code, message, errors: [{ domain, reason, message }], status } }`. */
export const apiError = (code: number, detail: ApiErrorDetail, domain = 'global') => ({
  error: {
    code,
    message: detail.message,
    errors: [{ domain, ...detail }],
    ...(STATUS_WORDS[code] === undefined ? {} : { status: STATUS_WORDS[code] }),
  },
})

/** The JSON error each injected failure answers with (the reasons Calendar API documents for them). */
export const injectedFailure = (status: number): ApiErrorDetail => {
  if (status === 429) return { reason: 'rateLimitExceeded', message: 'Rate Limit Exceeded' }
  if (status === 403) return { reason: 'userRateLimitExceeded', message: 'User Rate Limit Exceeded' }
  if (status === 503 || status === 500) return { reason: 'backendError', message: 'Backend Error' }
  return { reason: 'unknown', message: `Injected failure ${status}` }
}

/** Parses `application/x-www-form-urlencoded` (what Google's OAuth endpoints take). */
export const formOf = (text: string): URLSearchParams => new URLSearchParams(text)

/** Names whose values never go into the request log. */
const SECRET_NAMES = new Set(['code', 'code_verifier', 'client_secret', 'refresh_token', 'access_token', 'token', 'assertion'])

export const redacted = (params: URLSearchParams): Record<string, string> =>
  Object.fromEntries([...params.entries()].map(([k, v]) => [k, SECRET_NAMES.has(k) ? '[redacted]' : v]))

/** A JSON body for the log, its secrets (a watch's channel token among them) replaced. */
export const redactedJson = (body: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(body).map(([k, v]) => [k, SECRET_NAMES.has(k) ? '[redacted]' : v]))

export const sleep = (ms: number): Promise<void> => new Promise((ok) => setTimeout(ok, ms))
