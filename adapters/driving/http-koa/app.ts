import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import Koa from 'koa'
import type { Logger } from 'pino'
import type { Core } from '../../../src/core/build-core.js'
import { rememberAuthentications } from '../../stores/shared/identity-cache.js'
import { dispatch, dispatchUpgrade, servedDirectly, type UpgradeOutcome } from './dispatch/dispatch.js'
import { API_PREFIX } from './route.js'
import { errorResponse, internalError } from './dispatch/envelope.js'
import { DirectExchange, type Exchange } from './exchange/exchange.js'
import { type Answer, isStream } from './exchange/json-reply.js'
import { KoaExchange } from './exchange/koa-exchange.js'
import { discardRest } from './exchange/request-body.js'
import { asksForWebSocket, carriesBody, handshakeProblem, responseOnUpgrade, webSockets } from './exchange/web-socket.js'
import { firstReportOf, isClientGone, NOSNIFF, type Upgrades } from './server.js'
import { healthEndpoints, type ReadinessCheck } from './health.js'
import { buildOpenApi } from './openapi/openapi.js'
import type { AnyRoute } from './route.js'
import { type Matched, routeMatcher } from './route-matcher.js'
import { descriptionRoute } from './routes/description.js'
import { serverOf } from './server-url.js'
import { webLinks } from './web-links.js'
import { allRoutes } from './routes/index.js'
import { requestLog } from './dispatch/request-log.js'


const REQUEST_ID_RE = /^[\w.:-]{1,128}$/

/** The client went away, or its request cannot be finished (a parse error: it closed mid-body): a debug line, not an error. */
const clientGone = (err: NodeJS.ErrnoException): boolean => isClientGone(err) || (err.code?.startsWith('HPE_') ?? false)

/**
 * URLs that split into path and query exactly as Koa reads them (parseurl's
 * fast path): printable ASCII from a leading slash, no fragment.
 */
const PLAIN_URL_RE = /^\/[!"$-~]*$/

export interface HttpOptions {
  readonly logger: Logger
  /** Extra routes, e.g. from an embedding program. */
  readonly routes?: ReadonlyArray<AnyRoute>
  /**
   * The address clients reach the service at, for the OpenAPI document's `servers` and the web app links the API hands out;
   * absent: the core's (`Ports.publicUrl`, NOTETAKER_PUBLIC_URL, which webhook payloads use too); '' there as well: the request's.
   */
  readonly publicUrl?: string
  /** What `GET /readyz` asks (health.ts); none by default. */
  readonly readiness?: ReadonlyArray<ReadinessCheck>
  /** How long each readiness check may take; 2 s by default. */
  readonly readinessTimeoutMs?: number
  /** Serves the web app at the root (adapters/driving/web); answers true when it took the request. */
  readonly web?: (req: IncomingMessage, res: ServerResponse) => boolean
}

interface Handler {
  readonly run: (ex: Exchange, params: Readonly<Record<string, string>>) => Promise<Answer>
  /** Reads no body and answers JSON: served on node:http without a Koa context. */
  readonly direct: boolean
  /** The route's WebSocket at the same address, if it has one. */
  readonly upgrade?: (ex: Exchange, params: Readonly<Record<string, string>>) => Promise<UpgradeOutcome>
}

/**
 * The HTTP adapter: one route table drives the routing and the OpenAPI description.
 * `listener` is what a node:http server runs. Routes that read a body or answer a
 * stream go through the Koa `app` (its body parsing and stream handling); the rest,
 * the reads that make up most traffic, are answered straight on node:http, which
 * saves Koa's per-request context, promise chain and response handling.
 * Both paths share the dispatcher, so they answer alike.
 */
export const createHttpApp = (core: Core, options: HttpOptions) => {
  let openapi: ReturnType<typeof buildOpenApi> | undefined
  const publicUrl = options.publicUrl ?? core.ports.publicUrl ?? ''
  const routes = [descriptionRoute(() => openapi!, publicUrl), ...allRoutes(core, webLinks(publicUrl)), ...(options.routes ?? [])]
  // The document as built here names the public address, or the relative /ext/v1; the route names each request's own.
  openapi = buildOpenApi(routes, { server: serverOf(publicUrl) })
  const authenticate = rememberAuthentications(core.ports, core.identity.authenticate)
  const { logger } = options
  const matcher = routeMatcher<Handler>(
    API_PREFIX,
    routes.map((r) => ({
      method: r.method,
      path: r.path,
      handler: { run: dispatch(core, r, authenticate, logger), direct: servedDirectly(r), ...(r.webSocket === undefined ? {} : { upgrade: dispatchUpgrade(core, r, authenticate, logger) }) },
    })),
  )

  const requests = requestLog(logger)
  const requestIdOf = (ex: Exchange): string => {
    const incoming = ex.req.headers['x-request-id']
    const requestId = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID()
    ex.setHeader('x-request-id', requestId)
    return requestId
  }
  const answer = async (ex: Exchange, found: Matched<Handler> | null): Promise<void> => {
    const requestId = requestIdOf(ex)
    const started = requests.timing ? performance.now() : 0
    try {
      const reply = found === null ? errorResponse({ _tag: 'NotFound', message: `No route ${ex.method} ${ex.path}` }) : await found.handler.run(ex, found.params)
      if (isStream(reply)) ex.sendStream(reply)
      else ex.sendJson(reply)
    } catch (e) {
      logger.error({ err: e, requestId, method: ex.method, path: ex.path }, 'request failed with an unexpected error')
      if (!ex.headersSent) ex.sendJson(internalError)
    }
    // A body the answer did not read to its end (refused early, or sent to a route that takes none) is read away within bounds.
    if (!ex.req.complete) discardRest(ex.req, ex.res)
    if (requests.timing) {
      const ms = Math.round((performance.now() - started) * 10) / 10
      requests.answered({ requestId, method: ex.method, path: ex.path, status: ex.status, ms, clientGone: !ex.req.complete && ex.req.socket.destroyed })
    }
  }

  const app = new Koa({ proxy: false })
  // Koa reports here what fails after the answer is handed to it: a client gone mid-stream, a stream that broke.
  app.on('error', (err: NodeJS.ErrnoException, ctx?: Koa.Context) => {
    const where = ctx === undefined ? {} : { method: ctx.method, path: ctx.path }
    const what = ctx === undefined ? 'a request' : `${ctx.method} ${ctx.path}`
    if (!clientGone(err)) logger.error({ ...where, err }, `${what}: the answer failed after it had begun`)
    else if (firstReportOf(ctx?.req.socket)) logger.debug({ ...where, code: err.code }, `${what}: the client went away before the exchange was complete (${err.code ?? err.message})`)
  })
  // One middleware does it all: each further Koa middleware would cost every request a closure and a promise.
  app.use((ctx) => answer(new KoaExchange(ctx), matcher.match(ctx.method, ctx.path)))
  const viaKoa = app.callback()

  /** The route of a URL read as Koa reads it, with its path and query string; null when no route matches. */
  const matchUrl = (url: string, method: string) => {
    const q = url.indexOf('?')
    const path = q === -1 ? url : url.slice(0, q)
    const match = matcher.match(method, path)
    return match === null ? null : { match, path, querystring: q === -1 ? '' : url.slice(q + 1) }
  }

  // /healthz and /readyz, at the root beside the API: no key, no rate limit, no request log line.
  const health = healthEndpoints({ checks: options.readiness ?? [], logger, ...(options.readinessTimeoutMs === undefined ? {} : { timeoutMs: options.readinessTimeoutMs }) })

  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    // Every answer (API, errors, audio, the web app, health) is read as the type it declares, never sniffed.
    res.setHeader(NOSNIFF.name, NOSNIFF.value)
    if (health(req, res)) return
    if (options.web?.(req, res) === true) return
    const url = req.url ?? ''
    const found = PLAIN_URL_RE.test(url) ? matchUrl(url, req.method ?? '') : null
    if (found === null || !found.match.handler.direct) {
      void viaKoa(req, res)
      return
    }
    const ex = new DirectExchange(req, res, found.path, found.querystring)
    answer(ex, found.match).catch((e: unknown) => {
      logger.error({ err: e, method: ex.method, path: ex.path }, 'request failed with an unexpected error')
      res.destroy()
    })
  }

  const sockets = webSockets({ logger })
  /**
   * The server's `upgrade` event: a WebSocket at a route that has one, authenticated and refused as
   * its GET is (the refusal written as an HTTP answer in the envelope); anything else answers 404.
   * Logged like a request, by path only (a `token` in the query is a credential).
   */
  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer): void => {
    socket.on('error', (err: NodeJS.ErrnoException) => logger.debug({ code: err.code }, `a WebSocket's connection failed (${err.code ?? err.message})`))
    // Node hands every Upgrade here once there is a listener: another protocol (curl --http2 asks for h2c) is declined,
    // as HTTP allows, by answering in HTTP/1.1; only a request with a body, which Node has left unread, cannot be.
    if (!asksForWebSocket(req)) {
      if (carriesBody(req)) return void new DirectExchange(req, responseOnUpgrade(req, socket), req.url ?? '', '').sendJson(errorResponse({ _tag: 'BadRequest', message: `This server speaks no ${String(req.headers.upgrade)}: send the request without Upgrade` }))
      return listener(req, responseOnUpgrade(req, socket))
    }
    const url = req.url ?? ''
    const found = PLAIN_URL_RE.test(url) ? matchUrl(url, 'GET') : null
    const ex = new DirectExchange(req, responseOnUpgrade(req, socket), found?.path ?? url.split('?')[0]!, found?.querystring ?? '')
    ex.setHeader(NOSNIFF.name, NOSNIFF.value)
    const requestId = requestIdOf(ex)
    const started = performance.now()
    const refuse = (reply: ReturnType<typeof errorResponse>) => {
      for (const [name, value] of Object.entries(reply.headers)) ex.setHeader(name, value)
      ex.sendJson(reply)
    }
    const run = async () => {
      const upgradeTo = found?.match.handler.upgrade
      if (found === null || upgradeTo === undefined) return refuse(errorResponse({ _tag: 'NotFound', message: `No WebSocket at ${ex.path}` }))
      const problem = handshakeProblem(req)
      if (problem !== null) return refuse(errorResponse({ _tag: 'BadRequest', message: problem }))
      const outcome = await upgradeTo(ex, found.match.params)
      if ('refused' in outcome) return ex.sendJson(outcome.refused)
      ex.res.detachSocket(socket as Socket)
      sockets.accept(req, socket, head, outcome.feed, ex.gathered())
    }
    run()
      .catch((e: unknown) => {
        logger.error({ err: e, requestId, path: ex.path }, 'a WebSocket upgrade failed with an unexpected error')
        if (!ex.headersSent) ex.sendJson(internalError)
        else socket.destroy()
      })
      .finally(() => {
        if (!requests.timing) return
        const status = ex.headersSent ? ex.status : 101
        requests.answered({ requestId, method: 'GET', path: ex.path, status, ms: Math.round((performance.now() - started) * 10) / 10 })
      })
  }

  return { app, listener, upgrades: { upgrade, closeAll: sockets.closeAll } satisfies Upgrades, routes, openapi, mounted: matcher.mounted }
}
