/**
 * Serves the built web app at the root of the server, beside /ext/v1, /healthz
 * and /readyz: assets by name, and the app's page for every other GET of a path
 * a browser navigates to (the app routes in the browser). Only GET and HEAD;
 * anything else is left to the API, which answers 404 in its envelope.
 */
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, join } from 'node:path'
import type { Logger } from 'pino'
import { sessionToken } from '../http-koa/dispatch/session-cookie.js'
import { SECURITY_HEADERS } from './security-headers.js'

const TYPES: Readonly<Record<string, string>> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
}

const ASSET_RE = /^\/assets\/([\w.-]+)$/
/** Built names carry a content hash (`main-ABCD1234.js`): they never change, so browsers keep them. */
const HASHED_RE = /-[A-Z0-9]{8}\.\w+$/
/** Paths of the API and the probes, which are never the app's. */
const NOT_APP_RE = /^\/(ext|healthz|readyz)(\/|$)/

const NOT_BUILT = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Notetaker</title>
<p>The web app is not built. Run <code>npm run build:web</code> (or <code>npm install</code>) and reload. The API is at <a href="/ext/v1/openapi.json">/ext/v1</a>.</p></html>`

/**
 * The app's page for a browser without a session cookie says so, so the app shows the sign-in form
 * without asking GET /ext/v1/session first (a 401 a signed-out visitor's console would log).
 * With a cookie the app asks: the session may still have ended.
 */
const SIGNED_OUT_HINT = '<meta name="notetaker-session" content="none">'
export const pageFor = (page: Buffer, cookie: string | undefined): Buffer | string =>
  sessionToken(cookie) === undefined ? page.toString('utf8').replace('<meta charset="utf-8">', `<meta charset="utf-8">\n${SIGNED_OUT_HINT}`) : page

export interface WebAppOptions {
  /** What `buildWeb` made: index.html and assets/. */
  readonly dir: string
  readonly logger: Logger
}

/** A node:http handler that answers true when it took the request. */
export const webApp = (options: WebAppOptions) => {
  const send = (req: IncomingMessage, res: ServerResponse, status: number, type: string, body: Buffer | string, cache: string, vary?: string) => {
    const headers = { ...SECURITY_HEADERS, 'content-type': type, 'cache-control': cache, 'content-length': Buffer.byteLength(body), ...(vary === undefined ? {} : { vary }) }
    res.writeHead(status, headers)
    res.end(req.method === 'HEAD' ? undefined : body)
  }
  let warned = false

  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false
    const path = (req.url ?? '/').split('?')[0] ?? '/'
    if (NOT_APP_RE.test(path)) return false
    const asset = ASSET_RE.exec(path)?.[1]
    if (asset === undefined && extname(path) !== '') {
      send(req, res, 404, 'text/plain; charset=utf-8', 'Not found', 'no-store')
      return true
    }
    const file = asset === undefined ? join(options.dir, 'index.html') : join(options.dir, 'assets', asset)
    readFile(file).then(
      (body) => {
        const type = TYPES[extname(file)] ?? 'application/octet-stream'
        const cache = asset === undefined ? 'no-cache' : HASHED_RE.test(asset) ? 'public, max-age=31536000, immutable' : 'public, max-age=3600'
        if (asset === undefined) send(req, res, 200, type, pageFor(body, req.headers.cookie), cache, 'Cookie')
        else send(req, res, 200, type, body, cache)
      },
      (e: NodeJS.ErrnoException) => {
        if (e.code !== 'ENOENT') options.logger.error({ err: e, file }, 'could not read a file of the web app')
        if (asset !== undefined) return send(req, res, 404, 'text/plain; charset=utf-8', 'Not found', 'no-store')
        if (!warned) options.logger.warn({ dir: options.dir }, 'the web app is not built: run `npm run build:web`')
        warned = true
        send(req, res, 503, 'text/html; charset=utf-8', NOT_BUILT, 'no-store')
      },
    )
    return true
  }
}
