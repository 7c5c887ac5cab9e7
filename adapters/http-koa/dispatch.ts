import * as E from 'fp-ts/Either'
import type * as t from 'io-ts'
import type { Context } from 'koa'
import { koaBody } from 'koa-body'
import type { Actor } from '../../src/core/domain/api-key.js'
import { type AppError, badRequest, forbidden, rateLimited } from '../../src/core/errors.js'
import type { Core } from '../../src/index.js'
import { decodeBody } from './decode.js'
import { errorResponse } from './envelope.js'
import { fingerprint, HEADER, inFlight, openResponse, readIdempotencyKey, reused, sealResponse } from './idempotency.js'
import { readParams } from './inputs.js'
import type { JsonReply } from './json-reply.js'
import type { AnyRoute, Reply } from './route.js'

type Authenticate = Core['authenticate']

class Refused {
  constructor(readonly error: AppError) {}
}
/** Unwraps an Either inside the dispatcher; a Left stops the request with its error. */
const must = <A>(e: E.Either<AppError, A>): A => {
  if (E.isLeft(e)) throw new Refused(e.left)
  return e.right
}

const bearer = (header: string | undefined): string | undefined => {
  const m = header === undefined ? null : /^Bearer\s+(\S+)\s*$/i.exec(header)
  return m?.[1]
}

const errorReply = (ctx: Context, error: AppError): JsonReply => {
  const r = errorResponse(error)
  ctx.set(r.headers)
  return r
}

/** The route's `data` encoder (io-ts `encode` strips fields its schema does not list), or none for streams. */
const encoderOf = (route: AnyRoute): ((a: unknown) => unknown) => {
  const data = route.success.data as { encode?: (a: unknown) => unknown }
  return typeof data.encode === 'function' ? data.encode.bind(data) : (a) => a
}

/** A JSON success to write, or null when a stream has been handed to Koa. */
const successReply = (ctx: Context, route: AnyRoute, encode: (a: unknown) => unknown, reply: Reply<unknown>): JsonReply | null => {
  const status = reply.status ?? route.success.status
  if (reply.headers !== undefined) ctx.set(reply.headers)
  if ('stream' in reply) {
    ctx.status = status
    ctx.body = reply.stream
    return null
  }
  return { status, body: { data: encode(reply.data) } }
}

const jsonBody = koaBody({ json: true, text: false, urlencoded: false, multipart: false, jsonLimit: '1mb', patchKoa: true })

const readJson = async (ctx: Context): Promise<unknown> => {
  const declared = Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== ''
  if (!declared) return undefined
  if (!ctx.is('application/json', '+json')) {
    throw new Refused(badRequest('Send the body as JSON with Content-Type: application/json'))
  }
  try {
    await jsonBody(ctx, async () => {})
  } catch (e) {
    const status = (e as { status?: number }).status
    if (status === 413) throw new Refused(badRequest('The JSON body is larger than 1 MB'))
    throw new Refused(badRequest('The body is not valid JSON'))
  }
  return ctx.request.body
}

async function authorize(core: Core, authenticate: Authenticate, route: AnyRoute, ctx: Context): Promise<Actor> {
  const actor = must(await authenticate(bearer(ctx.req.headers.authorization))())
  const rate = must(await core.ports.rateLimiter.hit(actor.keyId, core.ports.clock.now())())
  const res = ctx.res
  res.setHeader('ratelimit-limit', String(rate.limit))
  res.setHeader('ratelimit-remaining', String(rate.remaining))
  res.setHeader('ratelimit-reset', String(rate.resetSeconds))
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
 * Answers the JSON reply for the app to write, or null when the answer is already on `ctx`.
 */
export const dispatch = (core: Core, route: AnyRoute, authenticate: Authenticate) => {
  // Decided once per route rather than on every request.
  const codec = route.body !== undefined && !('bytes' in route.body) ? route.body : null
  const encode = encoderOf(route)
  return async (ctx: Context, pathParams: Readonly<Record<string, string>>): Promise<JsonReply | null> => {
    let claimed: { accountId: string; key: string } | null = null
    try {
      const actor = route.access === 'public' ? publicActor : await authorize(core, authenticate, route, ctx)
      const params = must(readParams(route.params, pathParams, 'path'))
      const query = must(readParams(route.query, ctx.querystring === '' ? NO_QUERY : ctx.query, 'query'))
      const rawBody = codec === null ? undefined : await readJson(ctx)
      const body = codec === null ? undefined : must(decodeBodyOrEmpty(codec, rawBody))
      const idempotencyKey = route.access === 'write' ? must(readIdempotencyKey(ctx.req.headers[HEADER])) : null
      if (idempotencyKey !== null) {
        const fp = fingerprint(ctx.method, ctx.path, rawBody)
        const claim = must(await core.ports.idempotency.claim(actor.accountId, idempotencyKey, fp, core.ports.clock.now())())
        if (claim.kind === 'in_flight') throw new Refused(inFlight)
        if (claim.kind === 'mismatch') throw new Refused(reused)
        if (claim.kind === 'replay') {
          const response = must(openResponse(core.ports.secretBox, claim.response))
          ctx.status = response.status
          ctx.set('idempotent-replayed', 'true')
          ctx.body = response.body
          return null
        }
        claimed = { accountId: actor.accountId, key: idempotencyKey }
      }
      const result = await route.handle({ actor, params, query, body, headers: ctx.req.headers, raw: ctx.req })()
      const reply = E.isLeft(result) ? errorReply(ctx, result.left) : successReply(ctx, route, encode, result.right)
      if (claimed !== null) {
        // Only successes are replayed: a refused request may be corrected and sent again with the same key.
        const task =
          E.isRight(result) && reply !== null && reply.status < 300
            ? core.ports.idempotency.complete(claimed.accountId, claimed.key, sealResponse(core.ports.secretBox, reply))
            : core.ports.idempotency.release(claimed.accountId, claimed.key)
        claimed = null
        await task()
      }
      return reply
    } catch (e) {
      if (claimed !== null) await core.ports.idempotency.release(claimed.accountId, claimed.key)()
      if (e instanceof Refused) return errorReply(ctx, e.error)
      throw e
    }
  }
}

const NO_QUERY: Readonly<Record<string, string>> = Object.freeze({})

/** A missing body decodes as `{}`, so required fields are reported by name. */
const decodeBodyOrEmpty = (codec: t.Type<unknown, unknown, unknown>, raw: unknown) => decodeBody(codec, raw ?? {})
