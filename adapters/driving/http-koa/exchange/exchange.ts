import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { parse as parseQuery } from 'node:querystring'
import { pipeline } from 'node:stream'
import { type JsonReply, type StreamReply, writeJson } from './json-reply.js'

export type Query = Readonly<Record<string, string | string[] | undefined>>

export const NO_QUERY: Query = Object.freeze({})

/** One request and its answer, as the dispatcher sees them: through Koa or straight on node:http. */
export interface Exchange {
  readonly req: IncomingMessage
  readonly res: ServerResponse
  readonly method: string
  /** The path without the query string, not decoded. */
  readonly path: string
  query(): Query
  /** The JSON body, or undefined when none was sent; throws Refused when it cannot be read. */
  readJson(): Promise<unknown>
  /** A response header; names are case-insensitive and a later value replaces an earlier one. */
  setHeader(name: string, value: string): void
  sendJson(reply: JsonReply): void
  sendStream(reply: StreamReply): void
  /** Whether the answer has begun: after that a failure can only cut it short. */
  readonly headersSent: boolean
  readonly status: number
}

/**
 * An exchange on node:http alone, for routes that read no body. Headers are
 * gathered and written with the status in one go.
 */
export class DirectExchange implements Exchange {
  private readonly headers: OutgoingHttpHeaders = {}

  constructor(
    readonly req: IncomingMessage,
    readonly res: ServerResponse,
    readonly path: string,
    private readonly querystring: string,
  ) {}

  get method(): string {
    return this.req.method ?? 'GET'
  }

  get headersSent(): boolean {
    return this.res.headersSent
  }

  get status(): number {
    return this.res.statusCode
  }

  query(): Query {
    return this.querystring === '' ? NO_QUERY : (parseQuery(this.querystring) as Query)
  }

  readJson(): Promise<unknown> {
    return Promise.reject(new Error('a route served without Koa tried to read a body'))
  }

  setHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value
  }

  /** The headers set so far (a WebSocket's 101 carries them). */
  gathered(): Readonly<OutgoingHttpHeaders> {
    return this.headers
  }

  sendJson(reply: JsonReply): void {
    writeJson(this.res, this.headers, reply)
  }

  /** A buffer or nothing at once, a stream piped (a failure mid-way cuts the connection). */
  sendStream(reply: StreamReply): void {
    this.res.writeHead(reply.status, this.headers)
    if (reply.stream === null || Buffer.isBuffer(reply.stream)) this.res.end(reply.stream ?? undefined)
    else pipeline(reply.stream, this.res, () => {})
  }
}
