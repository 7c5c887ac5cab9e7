import type { Context } from 'koa'
import { koaBody } from 'koa-body'
import { badRequest } from '../../../../src/core/errors.js'
import { type Exchange, NO_QUERY, type Query } from './exchange.js'
import { type JsonReply, type StreamReply, writeJson } from './json-reply.js'
import { Refused } from '../dispatch/refused.js'
import { continueIfExpected } from './request-body.js'

const JSON_LIMIT = 1024 * 1024

const jsonBody = koaBody({ json: true, text: false, urlencoded: false, multipart: false, jsonLimit: JSON_LIMIT, patchKoa: true })

const tooLarge = () => new Refused(badRequest('The JSON body is larger than 1 MB'))

const readJson = async (ctx: Context): Promise<unknown> => {
  const length = Number(ctx.get('content-length') || 0)
  const declared = length > 0 || ctx.get('transfer-encoding') !== ''
  if (!declared) return undefined
  if (!ctx.is('application/json', '+json')) {
    throw new Refused(badRequest('Send the body as JSON with Content-Type: application/json'))
  }
  // Refused before a client waiting on `Expect: 100-continue` is told to send it.
  if (length > JSON_LIMIT) throw tooLarge()
  continueIfExpected(ctx.res)
  try {
    await jsonBody(ctx, async () => {})
  } catch (e) {
    const status = (e as { status?: number }).status
    if (status === 413) throw tooLarge()
    throw new Refused(badRequest('The body is not valid JSON'))
  }
  return ctx.request.body
}

/**
 * An exchange through Koa, for routes that read a body or answer a stream:
 * Koa parses the body and sends the stream; JSON is written directly as on the direct path.
 */
export class KoaExchange implements Exchange {
  constructor(private readonly ctx: Context) {
    ctx.respond = false
  }

  get req() {
    return this.ctx.req
  }

  get res() {
    return this.ctx.res
  }

  get method(): string {
    return this.ctx.method
  }

  get path(): string {
    return this.ctx.path
  }

  get headersSent(): boolean {
    return this.ctx.res.headersSent
  }

  get status(): number {
    return this.ctx.res.statusCode
  }

  query(): Query {
    return this.ctx.querystring === '' ? NO_QUERY : this.ctx.query
  }

  readJson(): Promise<unknown> {
    return readJson(this.ctx)
  }

  setHeader(name: string, value: string): void {
    this.ctx.res.setHeader(name, value)
  }

  sendJson(reply: JsonReply): void {
    writeJson(this.ctx.res, {}, reply)
  }

  sendStream(reply: StreamReply): void {
    this.ctx.respond = true
    this.ctx.status = reply.status
    this.ctx.body = reply.stream
  }
}
