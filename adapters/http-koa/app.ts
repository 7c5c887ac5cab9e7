import { randomUUID } from 'node:crypto'
import Router from '@koa/router'
import Koa from 'koa'
import type { Logger } from 'pino'
import type { Core } from '../../src/index.js'
import { dispatch } from './dispatch.js'
import { errorResponse, internalError } from './envelope.js'
import { buildOpenApi } from './openapi.js'
import type { AnyRoute } from './route.js'
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

const koaPath = (openApiPath: string) => openApiPath.replace(/\{(\w+)\}/g, ':$1')

/** The Koa application: one route table drives the router and the OpenAPI description. */
export const createHttpApp = (core: Core, options: HttpOptions) => {
  let openapi: ReturnType<typeof buildOpenApi> | undefined
  const routes = [descriptionRoute(() => openapi), ...allRoutes(core), ...(options.routes ?? [])]
  openapi = buildOpenApi(routes, { serverUrl: options.serverUrl ?? API_PREFIX })
  const app = new Koa({ proxy: false })
  const router = new Router({ prefix: API_PREFIX })
  for (const r of routes) router[r.method](r.operationId, koaPath(r.path), dispatch(core, r))

  app.use(async (ctx, next) => {
    const incoming = ctx.get('x-request-id')
    const requestId = REQUEST_ID_RE.test(incoming) ? incoming : randomUUID()
    ctx.set('x-request-id', requestId)
    const started = performance.now()
    try {
      await next()
      if (ctx.status === 404 && ctx.body === undefined) {
        const r = errorResponse({ _tag: 'NotFound', message: `No route ${ctx.method} ${ctx.path}` })
        ctx.status = r.status
        ctx.body = r.body
      }
    } catch (e) {
      options.logger.error({ err: e, requestId, method: ctx.method, path: ctx.path }, 'request failed with an unexpected error')
      ctx.status = internalError.status
      ctx.body = internalError.body
    }
    const ms = Math.round((performance.now() - started) * 10) / 10
    options.logger.info(
      { requestId, method: ctx.method, path: ctx.path, status: ctx.status, ms },
      `${ctx.method} ${ctx.path} answered ${ctx.status} in ${ms} ms`,
    )
  })
  app.use(router.routes())
  return { app, routes, openapi }
}
