/**
 * Calls a route of the API in-process, without HTTP: the route table's own
 * handler, after the dispatcher's checks (rights, path and query parameters,
 * the body codec), with the answer written as the HTTP API writes it (the
 * route's serializer, so only documented fields) and errors mapped by
 * `errorResponse`. What HTTP alone needs is left out: rate limits (a budget per
 * key against remote callers) and Idempotency-Keys (a retry over a network).
 */
import { Readable } from 'node:stream'
import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import type { Logger } from 'pino'
import { decodeBody } from '../../../adapters/driving/http-koa/dispatch/decode.js'
import { internalError } from '../../../adapters/driving/http-koa/dispatch/envelope.js'
import { readParams } from '../../../adapters/driving/http-koa/dispatch/inputs.js'
import type { AnyRoute } from '../../../adapters/driving/http-koa/route.js'
import { allRoutes } from '../../../adapters/driving/http-koa/routes/index.js'
import { successSerializer } from '../../../adapters/driving/http-koa/openapi/serializer.js'
import type { Actor } from '../../core/domain/identity/api-key.js'
import { type AppError, forbidden } from '../../core/errors.js'
import type { Core } from '../../core/build-core.js'
import { NotetakerError } from './error.js'

type QueryValue = string | number | boolean | Date | ReadonlyArray<string> | null | undefined

export interface CallInput {
  readonly params?: Readonly<Record<string, string>>
  readonly query?: object
  /** The JSON body, as a caller would send it (it goes through JSON, as over HTTP). */
  readonly body?: unknown
  /** The bytes, for the route that takes them. */
  readonly raw?: AsyncIterable<Uint8Array>
}

/** A route's streamed answer (the audio). */
export interface StreamAnswer {
  readonly stream: Readable
  readonly headers: Readonly<Record<string, string>>
}

/** Who calls: resolved on every call, so a revoked key stops working at once. */
export type ResolveActor = () => Promise<E.Either<AppError, Actor>>

/** The `raw` of routes that take no bytes. */
const NO_BYTES: AsyncIterable<Uint8Array> = { [Symbol.asyncIterator]: () => ({ next: async () => ({ done: true, value: undefined }) }) }

const check = <A>(e: E.Either<AppError, A>): A => {
  if (E.isLeft(e)) throw NotetakerError.fromAppError(e.left)
  return e.right
}

/** The dispatcher's rights checks (adapters/driving/http-koa/dispatch/dispatch.ts), with the same refusals. */
const checkRights = (route: AnyRoute, actor: Actor): E.Either<AppError, Actor> => {
  if (route.reach === 'organization' && !(actor.organizationWide && actor.organizationId !== null)) {
    return E.left(forbidden('This route needs an organization-wide key'))
  }
  if (route.access === 'write' && actor.access !== 'full') return E.left(forbidden('This key is read-only and cannot make changes'))
  return E.right(actor)
}

/** Query values as a URL would carry them, so the route's own parameter specs read them. */
const queryStrings = (query: object | undefined): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(query ?? {}) as Array<[string, QueryValue]>) {
    if (value === undefined || value === null) continue
    out[name] = value instanceof Date ? value.toISOString() : Array.isArray(value) ? value.join(',') : String(value)
  }
  return out
}

const asJson = (body: unknown): unknown => (body === undefined ? {} : JSON.parse(JSON.stringify(body)))

export type RouteCaller = {
  json<A>(resolveActor: ResolveActor, operationId: string, input?: CallInput): Promise<A>
  stream(resolveActor: ResolveActor, operationId: string, input?: CallInput): Promise<StreamAnswer>
}

export const routeCaller = (core: Core, logger: Logger): RouteCaller => {
  const routes = new Map(
    allRoutes(core).map((route) => {
      const data = route.success.data
      return [route.operationId, { route, serialize: 'stream' in data ? null : successSerializer(data as t.Mixed) }] as const
    }),
  )

  const call = async (resolveActor: ResolveActor, operationId: string, input: CallInput) => {
    const found = routes.get(operationId)
    if (found === undefined) throw new Error(`no route ${operationId}`)
    const { route, serialize } = found
    try {
      const actor = check(checkRights(route, check(await resolveActor())))
      const params = check(readParams(route.params, input.params ?? {}, 'path'))
      const query = check(readParams(route.query, queryStrings(input.query), 'query', route.unknownQuery))
      const codec = route.body !== undefined && !('bytes' in route.body) ? route.body : null
      const body = codec === null ? undefined : check(decodeBody(codec, asJson(input.body)))
      const result = await route.handle({ actor, params, query, body, headers: {}, raw: input.raw ?? NO_BYTES })()
      return { reply: check(result), serialize }
    } catch (e) {
      if (e instanceof NotetakerError) throw e
      // As the HTTP adapter does with a defect: logged, and answered INTERNAL_ERROR without its message (kept as the cause).
      logger.error({ err: e, operationId }, 'call failed with an unexpected error')
      throw NotetakerError.fromBody(internalError, e)
    }
  }

  return {
    json: async <A>(resolveActor: ResolveActor, operationId: string, input: CallInput = {}): Promise<A> => {
      const { reply, serialize } = await call(resolveActor, operationId, input)
      if (!('data' in reply) || serialize === null) throw new Error(`${operationId} does not answer JSON`)
      // Written as the HTTP answer is written, then read back: the same fields, and plain JSON values.
      return (JSON.parse(serialize(reply.data)) as { data: A }).data
    },
    stream: async (resolveActor: ResolveActor, operationId: string, input: CallInput = {}): Promise<StreamAnswer> => {
      const { reply } = await call(resolveActor, operationId, input)
      if (!('stream' in reply)) throw new Error(`${operationId} does not answer a stream`)
      const stream = reply.stream instanceof Readable ? reply.stream : Readable.from(reply.stream === null ? [] : [reply.stream])
      return { stream, headers: reply.headers }
    },
  }
}
