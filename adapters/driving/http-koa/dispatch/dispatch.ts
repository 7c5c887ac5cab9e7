import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import type { Logger } from 'pino'
import type { Actor } from '../../../../src/core/domain/identity/api-key.js'
import { type AppError, forbidden, invalidField, rateLimited } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { decodeBody } from './decode.js'
import { errorResponse } from './envelope.js'
import type { Exchange } from '../exchange/exchange.js'
import { fingerprint, HEADER, inFlight, openResponse, readIdempotencyKey, reused, sealResponse } from './idempotency.js'
import { readParams } from './inputs.js'
import { type Answer, isStream, type JsonReply } from '../exchange/json-reply.js'
import { orRefuse, Refused } from './refused.js'
import { carriesNoBody, requestBytes } from '../exchange/request-body.js'
import type { AnyRoute, Reply, SocketFeed } from '../route.js'
import { successSerializer } from '../openapi/serializer.js'
import { sessionActor } from './session-auth.js'
import { isClientGone } from '../server.js'
import { sessionToken } from './session-cookie.js'

type Authenticate = Core['identity']['authenticate']

/** The `raw` of routes that take no bytes. */
const NO_BYTES: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true, value: undefined }) }) }

const bearer = (header: string | undefined): string | undefined => {
  const m = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header)
  return m?.[1]
}

/** The client is told only that the server failed; the log keeps why (a client that went away is no fault). */
const logStoreFailure = (ex: Exchange, cause: unknown, logger: Logger): void => {
  const where = { method: ex.method, path: ex.path }
  const gone = ex.req.socket.destroyed || (typeof cause === 'object' && cause !== null && isClientGone(cause as NodeJS.ErrnoException))
  if (gone) logger.debug({ ...where, err: cause }, `${ex.method} ${ex.path}: the client went away while the request was stored`)
  else logger.error({ ...where, err: cause }, `${ex.method} ${ex.path}: the store failed, answering 500`)
}

const errorReply = (ex: Exchange, error: AppError, logger: Logger): JsonReply => {
  if (error._tag === 'StoreFailure') logStoreFailure(ex, error.cause, logger)
  const r = errorResponse(error)
  for (const [name, value] of Object.entries(r.headers)) ex.setHeader(name, value)
  return r
}

/** The route's `data` codec, or null for a route that answers a stream. */
const dataCodec = (route: AnyRoute): t.Mixed | null => ('stream' in route.success.data ? null : (route.success.data as t.Mixed))

const successReply = (ex: Exchange, route: AnyRoute, serialize: (data: unknown) => string, reply: Reply<unknown>): Answer => {
  const status = reply.status ?? route.success.status
  if (reply.headers !== undefined) for (const [name, value] of Object.entries(reply.headers)) ex.setHeader(name, value)
  return 'stream' in reply ? { status, stream: reply.stream } : { status, json: serialize(reply.data) }
}

/** Whether a route can be served without Koa: it reads no body and answers JSON. */
export const servedDirectly = (route: AnyRoute): boolean => route.body === undefined && dataCodec(route) !== null

/**
 * A bearer key when there is an Authorization header; otherwise a `token` query parameter on a
 * route that takes one; otherwise the session cookie, if any (the web app).
 */
async function identify(core: Core, authenticate: Authenticate, route: AnyRoute, ex: Exchange, pathParams: Readonly<Record<string, string>>): Promise<Actor> {
  const header = ex.req.headers.authorization
  if (header === undefined && route.token !== undefined) {
    const presented = ex.query()['token']
    if (typeof presented === 'string') return orRefuse(await route.token(presented, pathParams)())
  }
  const token = header === undefined ? sessionToken(ex.req.headers.cookie) : undefined
  return token === undefined ? orRefuse(await authenticate(bearer(header))()) : sessionActor(core, ex, token)
}

async function authorize(core: Core, authenticate: Authenticate, route: AnyRoute, ex: Exchange, pathParams: Readonly<Record<string, string>>): Promise<Actor> {
  const actor = await identify(core, authenticate, route, ex, pathParams)
  const bucket = actor.sessionId === undefined ? actor.keyId : `session:${actor.sessionId}`
  const rate = orRefuse(await core.ports.rateLimiter.hit(bucket, core.ports.clock.now())())
  ex.setHeader('ratelimit-limit', String(rate.limit))
  ex.setHeader('ratelimit-remaining', String(rate.remaining))
  ex.setHeader('ratelimit-reset', String(rate.resetSeconds))
  if (!rate.allowed) throw new Refused(rateLimited(rate.resetSeconds))
  if (route.reach === 'organization' && !(actor.organizationWide && actor.organizationId !== null)) {
    throw new Refused(forbidden('This route needs an organization-wide key'))
  }
  if (route.access === 'write' && actor.access !== 'full') {
    throw new Refused(forbidden('This key is read-only and cannot make changes'))
  }
  return actor
}

const publicActor: Actor = { accountId: '', keyId: '', access: 'readonly', organizationWide: false, organizationId: null }

/**
 * Runs one route: authenticate, rate-limit, check rights, read inputs, replay or run, encode.
 * Headers go on the response as they are decided; the answer is left for the caller to write.
 */
export const dispatch = (core: Core, route: AnyRoute, authenticate: Authenticate, logger: Logger) => {
  // Decided once per route rather than on every request.
  const codec = route.body !== undefined && !('bytes' in route.body) ? route.body : null
  const takesBytes = route.body !== undefined && 'bytes' in route.body
  // An action that takes no body refuses one rather than ignoring it (GET is left as HTTP has it).
  const refusesBody = route.body === undefined && route.method !== 'get'
  const data = dataCodec(route)
  const serialize = data === null ? (value: unknown) => JSON.stringify({ data: value }) : successSerializer(data)
  return async (ex: Exchange, pathParams: Readonly<Record<string, string>>): Promise<Answer> => {
    let claimed: { accountId: string; key: string } | null = null
    try {
      const actor = route.access === 'public' ? publicActor : await authorize(core, authenticate, route, ex, pathParams)
      const params = orRefuse(readParams(route.params, pathParams, 'path'))
      const query = orRefuse(readParams(route.query, ex.query(), 'query', route.unknownQuery))
      if (refusesBody && !(await carriesNoBody(ex.req, ex.res))) throw new Refused(NO_BODY)
      const rawBody = codec === null ? undefined : await ex.readJson()
      const body = codec === null ? undefined : orRefuse(decodeBodyOrEmpty(codec, rawBody))
      const idempotencyKey = route.access === 'write' ? orRefuse(readIdempotencyKey(ex.req.headers[HEADER])) : null
      if (idempotencyKey !== null) {
        const fp = fingerprint(ex.method, ex.path, rawBody)
        const claim = orRefuse(await core.ports.idempotency.claim(actor.accountId, idempotencyKey, fp, core.ports.clock.now())())
        if (claim.kind === 'in_flight') throw new Refused(inFlight)
        if (claim.kind === 'mismatch') throw new Refused(reused)
        if (claim.kind === 'replay') {
          const response = orRefuse(openResponse(core.ports.secretBox, claim.response))
          ex.setHeader('idempotent-replayed', 'true')
          return response
        }
        claimed = { accountId: actor.accountId, key: idempotencyKey }
      }
      const result = await route.handle({ actor, params, query, body, headers: ex.req.headers, connection: ex.req.socket, raw: takesBytes ? requestBytes(ex.req, ex.res) : NO_BYTES })()
      const reply = E.isLeft(result) ? errorReply(ex, result.left, logger) : successReply(ex, route, serialize, result.right)
      if (claimed !== null) {
        // Only JSON successes are replayed: a refused request may be corrected and sent again with the same key.
        const task =
          E.isRight(result) && !isStream(reply) && reply.status < 300
            ? core.ports.idempotency.complete(claimed.accountId, claimed.key, sealResponse(core.ports.secretBox, reply))
            : core.ports.idempotency.release(claimed.accountId, claimed.key)
        claimed = null
        await task()
      }
      return reply
    } catch (e) {
      if (claimed !== null) await core.ports.idempotency.release(claimed.accountId, claimed.key)()
      if (e instanceof Refused) return errorReply(ex, e.error, logger)
      throw e
    }
  }
}

/** What an upgrade to a WebSocket comes to: a refusal to answer as HTTP, or what to send once upgraded. */
export type UpgradeOutcome = { readonly refused: JsonReply } | { readonly feed: SocketFeed }

/**
 * Runs a route's WebSocket: the GET's authentication, rate limit, rights and inputs, then what the
 * route opens. A refusal is answered as the GET's would be, before the upgrade.
 */
export const dispatchUpgrade = (core: Core, route: AnyRoute, authenticate: Authenticate, logger: Logger) => {
  const socket = route.webSocket
  if (socket === undefined) throw new Error(`${route.operationId} has no WebSocket`)
  return async (ex: Exchange, pathParams: Readonly<Record<string, string>>): Promise<UpgradeOutcome> => {
    try {
      const actor = await authorize(core, authenticate, route, ex, pathParams)
      const params = orRefuse(readParams(route.params, pathParams, 'path'))
      const query = orRefuse(readParams(route.query, ex.query(), 'query', route.unknownQuery))
      const opened = await socket.open({ actor, params, query, body: undefined, headers: ex.req.headers, connection: ex.req.socket, raw: NO_BYTES })()
      return E.isLeft(opened) ? { refused: errorReply(ex, opened.left, logger) } : { feed: opened.right }
    } catch (e) {
      if (e instanceof Refused) return { refused: errorReply(ex, e.error, logger) }
      throw e
    }
  }
}

const NO_BODY = invalidField('(body)', 'This action takes no body: send none (or an empty JSON object, {})')

/** A missing body decodes as `{}`, so required fields are reported by name. */
const decodeBodyOrEmpty = (codec: t.Type<unknown, unknown, unknown>, raw: unknown) => decodeBody(codec, raw ?? {})
