import * as E from 'fp-ts/Either'
import type * as t from 'io-ts'
import type { Context, Middleware } from 'koa'
import { koaBody } from 'koa-body'
import type { Actor } from '../../src/core/domain/api-key.js'
import { type AppError, badRequest, forbidden, rateLimited } from '../../src/core/errors.js'
import type { Core } from '../../src/index.js'
import { decodeBody } from './decode.js'
import { errorResponse } from './envelope.js'
import { fingerprint, HEADER, inFlight, openResponse, readIdempotencyKey, reused, sealResponse } from './idempotency.js'
import { readParams } from './inputs.js'
import type { AnyRoute, Reply } from './route.js'

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

const sendError = (ctx: Context, error: AppError) => {
  const r = errorResponse(error)
  ctx.status = r.status
  ctx.set(r.headers)
  ctx.body = r.body
}

const sendReply = (ctx: Context, route: AnyRoute, reply: Reply<unknown>): { status: number; body: unknown } | null => {
  ctx.status = reply.status ?? route.success.status
  if (reply.headers !== undefined) ctx.set(reply.headers)
  if ('stream' in reply) {
    ctx.body = reply.stream
    return null
  }
  const data = route.success.data as { encode?: (a: unknown) => unknown }
  const body = { data: typeof data.encode === 'function' ? data.encode(reply.data) : reply.data }
  ctx.body = body
  return { status: ctx.status, body }
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

async function authorize(core: Core, route: AnyRoute, ctx: Context): Promise<Actor> {
  const actor = must(await core.authenticate(bearer(ctx.get('authorization') || undefined))())
  const rate = must(await core.ports.rateLimiter.hit(actor.keyId, core.ports.clock.now())())
  ctx.set({
    'ratelimit-limit': String(rate.limit),
    'ratelimit-remaining': String(rate.remaining),
    'ratelimit-reset': String(rate.resetSeconds),
  })
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

/** Runs one route: authenticate, rate-limit, check rights, read inputs, replay or run, encode. */
export const dispatch =
  (core: Core, route: AnyRoute): Middleware =>
  async (ctx) => {
    let claimed: { accountId: string; key: string } | null = null
    try {
      const actor = route.access === 'public' ? publicActor : await authorize(core, route, ctx)
      const params = must(readParams(route.params, ctx.params as Record<string, string>, 'path'))
      const query = must(readParams(route.query, ctx.query, 'query'))
      const codec = route.body !== undefined && !('bytes' in route.body) ? route.body : null
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
          return
        }
        claimed = { accountId: actor.accountId, key: idempotencyKey }
      }
      const result = await route.handle({ actor, params, query, body, headers: ctx.req.headers, raw: ctx.req })()
      const stored = E.isLeft(result) ? (sendError(ctx, result.left), null) : sendReply(ctx, route, result.right)
      if (claimed !== null) {
        // Only successes are replayed: a refused request may be corrected and sent again with the same key.
        const task =
          stored !== null && stored.status < 300
            ? core.ports.idempotency.complete(claimed.accountId, claimed.key, sealResponse(core.ports.secretBox, stored))
            : core.ports.idempotency.release(claimed.accountId, claimed.key)
        claimed = null
        await task()
      }
    } catch (e) {
      if (claimed !== null) await core.ports.idempotency.release(claimed.accountId, claimed.key)()
      if (e instanceof Refused) return sendError(ctx, e.error)
      throw e
    }
  }

/** A missing body decodes as `{}`, so required fields are reported by name. */
const decodeBodyOrEmpty = (codec: t.Type<unknown, unknown, unknown>, raw: unknown) => decodeBody(codec, raw ?? {})
