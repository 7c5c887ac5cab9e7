import { randomUUID } from 'node:crypto'
import Koa from 'koa'
import type { Logger } from 'pino'
import type { Core } from '../../src/index.js'
import { rememberAuthentications } from '../shared/identity-cache.js'
import { dispatch } from './dispatch.js'
import { errorResponse, internalError } from './envelope.js'
import { writeJson } from './json-reply.js'
import { buildOpenApi } from './openapi.js'
import type { AnyRoute } from './route.js'
import { routeMatcher } from './route-matcher.js'
import { descriptionRoute } from './routes/description.js'
import { allRoutes } from './routes/index.js'

export const API_PREFIX = '/ext/v1'

const REQUEST_ID_RE = /^[\w.:-]{1,128}$/

export interface HttpOptions {
  readonly logger: Logger
  /** Extra routes, e.g. from an embedding program. */
  readonly routes?: ReadonlyArray<AnyRoute>
  readonly serverUrl?: string
}

/** The Koa application: one route table drives the routing and the OpenAPI description. */
export const createHttpApp = (core: Core, options: HttpOptions) => {
  let openapi: ReturnType<typeof buildOpenApi> | undefined
  const routes = [descriptionRoute(() => openapi), ...allRoutes(core), ...(options.routes ?? [])]
  openapi = buildOpenApi(routes, { serverUrl: options.serverUrl ?? API_PREFIX })
  const authenticate = rememberAuthentications(core.ports, core.authenticate)
  const matcher = routeMatcher(API_PREFIX, routes.map((r) => ({ method: r.method, path: r.path, handler: dispatch(core, r, authenticate) })))
  const { logger } = options
  const app = new Koa({ proxy: false })

  // One middleware does it all: each further Koa middleware would cost every request a closure and a promise.
  app.use(async (ctx) => {
    const incoming = ctx.req.headers['x-request-id']
    const requestId = typeof incoming === 'string' && REQUEST_ID_RE.test(incoming) ? incoming : randomUUID()
    ctx.set('x-request-id', requestId)
    const logInfo = logger.isLevelEnabled('info')
    const started = logInfo ? performance.now() : 0
    try {
      const found = matcher.match(ctx.method, ctx.path)
      const reply = found === null ? errorResponse({ _tag: 'NotFound', message: `No route ${ctx.method} ${ctx.path}` }) : await found.handler(ctx, found.params)
      if (reply !== null) writeJson(ctx, reply)
    } catch (e) {
      logger.error({ err: e, requestId, method: ctx.method, path: ctx.path }, 'request failed with an unexpected error')
      if (!ctx.headerSent) writeJson(ctx, internalError)
    }
    if (logInfo) {
      const ms = Math.round((performance.now() - started) * 10) / 10
      logger.info({ requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms }, `${ctx.method} ${ctx.path} answered ${ctx.status} in ${ms} ms`)
    }
  })
  return { app, routes, openapi, mounted: matcher.mounted }
}
