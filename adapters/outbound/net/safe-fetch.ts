import * as http from 'node:http'
import * as https from 'node:https'
import * as tls from 'node:tls'
import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import { sizeInWords } from '../../../src/core/domain/size-words.js'
import { flatHeaders, hostlessNetworkMessage, networkMessage, pinnedLookup } from './http-parts.js'
import { type NetFailure, netFailure } from './net-failure.js'
import { type Resolve, type VettedTarget, checkUrl, systemResolve, vetTarget } from './target.js'

/**
 * The one way the service calls URLs that users gave it (webhooks, calendar
 * feeds): guarded against server-side request forgery, slow servers and huge
 * answers.
 *
 * - https only, plus http when allowPrivate (local development and tests); the
 *   raw text must spell its host (`https:///x` is refused, not repaired).
 * - The host is resolved at every call and every address vetted (see
 *   address-policy.ts; cloud metadata services are refused even when
 *   allowPrivate); the socket then connects to the vetted address through
 *   a pinned lookup, so a second DNS answer (rebinding) cannot redirect it.
 * - Redirects are NOT followed: a 3xx comes back as a normal response with its
 *   `location` header, and a caller that wants to follow it calls safeFetch
 *   again, which vets the new target like the first.
 * - timeoutMs bounds the whole call (resolve, connect, headers, body);
 *   connectTimeoutMs (default timeoutMs) bounds reaching the server.
 * - maxBytes bounds the body: with onOverflow 'fail' (default) a bigger body
 *   aborts the download with too_large; with 'truncate' the first maxBytes are
 *   returned with truncated: true and the rest is never read.
 */
export interface SafeFetchOptions {
  readonly allowPrivate: boolean
  readonly timeoutMs: number
  readonly connectTimeoutMs?: number
  readonly maxBytes: number
  readonly onOverflow?: 'fail' | 'truncate'
  readonly method?: string
  readonly headers?: Readonly<Record<string, string>>
  readonly body?: string | Uint8Array
  readonly resolve?: Resolve
  /** Extra trusted CA certificates (PEM), e.g. a self-hosted internal CA; the system roots are used otherwise. */
  readonly ca?: string | Buffer
}

export interface SafeResponse {
  readonly status: number
  /** Lowercased names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>
  readonly body: Buffer
  readonly truncated: boolean
}

const send = (target: VettedTarget, o: SafeFetchOptions, budgetMs: number): Promise<E.Either<NetFailure, SafeResponse>> =>
  new Promise((settle) => {
    const { url, host } = target
    const limit = o.maxBytes
    let done = false
    const timers: NodeJS.Timeout[] = []
    const finish = (result: E.Either<NetFailure, SafeResponse>): void => {
      if (done) return
      done = true
      timers.forEach(clearTimeout)
      req.destroy()
      settle(result)
    }
    const fail = (kind: NetFailure['kind'], message: string, hostless: string): void => finish(E.left(netFailure(kind, message, hostless)))
    const failNetwork = (error: NodeJS.ErrnoException): void => fail('network', networkMessage(host, error), hostlessNetworkMessage(error))
    const body = o.body === undefined ? undefined : Buffer.from(o.body)
    const headers = { ...o.headers, ...(body === undefined ? {} : { 'content-length': String(body.length) }) }
    const req = (url.protocol === 'https:' ? https : http).request({
      method: o.method ?? 'GET',
      host,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      headers,
      agent: false, // a fresh socket per call: no pooled connection to an earlier resolution
      lookup: pinnedLookup(target.address, target.family),
      ...(o.ca === undefined ? {} : { ca: [...tls.rootCertificates, o.ca] }),
    })
    timers.push(setTimeout(() => fail('timeout', `${host} did not answer within ${o.timeoutMs} ms.`, `The server did not answer within ${o.timeoutMs} ms.`), budgetMs))
    const connectMs = Math.min(o.connectTimeoutMs ?? budgetMs, budgetMs)
    const connectTimer = setTimeout(
      () => fail('timeout', `Could not connect to ${host} within ${connectMs} ms.`, `Could not connect to the server within ${connectMs} ms.`),
      connectMs,
    )
    timers.push(connectTimer)
    req.on('socket', (socket) => {
      if (!socket.connecting) clearTimeout(connectTimer)
      else socket.once('connect', () => clearTimeout(connectTimer))
    })
    req.on('error', failNetwork)
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length'] ?? NaN)
      const truncate = o.onOverflow === 'truncate'
      if (!truncate && declared > limit) {
        return fail('too_large', `The answer from ${host} is ${sizeInWords(declared)}; the limit is ${sizeInWords(limit)}.`, `The answer from the server is ${sizeInWords(declared)}; the limit is ${sizeInWords(limit)}.`)
      }
      const chunks: Buffer[] = []
      let size = 0
      const respond = (truncated: boolean): void =>
        finish(E.right({ status: res.statusCode ?? 0, headers: flatHeaders(res.headers), body: Buffer.concat(chunks), truncated }))
      res.on('data', (chunk: Buffer) => {
        if (done) return
        const room = limit - size
        if (chunk.length <= room) {
          chunks.push(chunk)
          size += chunk.length
          return
        }
        if (!truncate) {
          return fail('too_large', `The answer from ${host} is larger than the limit of ${sizeInWords(limit)}.`, `The answer from the server is larger than the limit of ${sizeInWords(limit)}.`)
        }
        chunks.push(chunk.subarray(0, room))
        size = limit
        respond(true)
      })
      res.on('end', () => respond(false))
      res.on('error', failNetwork)
      // A server that drops the connection mid-body: 'close' without 'end'.
      res.on('close', () =>
        fail('network', `${host} closed the connection before the answer was complete.`, 'The server closed the connection before the answer was complete.'),
      )
    })
    req.end(body)
  })

/** Guarded HTTP(S) request; see the module comment for the rules. */
export const safeFetch =
  (url: string, options: SafeFetchOptions): TE.TaskEither<NetFailure, SafeResponse> =>
  async () => {
    const checked = checkUrl(url, options.allowPrivate)
    if (E.isLeft(checked)) return checked
    const deadline = Date.now() + options.timeoutMs
    const resolved = await withDeadline(
      vetTarget(checked.right, options.allowPrivate, options.resolve ?? systemResolve),
      options.timeoutMs,
      checked.right.hostname,
    )
    if (E.isLeft(resolved)) return resolved
    // What is left of the budget after DNS goes to the request itself.
    return send(resolved.right, options, Math.max(1, deadline - Date.now()))
  }

const withDeadline = <A>(p: Promise<E.Either<NetFailure, A>>, ms: number, host: string): Promise<E.Either<NetFailure, A>> => {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<E.Either<NetFailure, A>>((settle) => {
    timer = setTimeout(() => settle(E.left(netFailure('timeout', `Resolving ${host} took longer than ${ms} ms.`, `Resolving the server's name took longer than ${ms} ms.`))), ms)
  })
  return Promise.race([p, late]).finally(() => clearTimeout(timer))
}
