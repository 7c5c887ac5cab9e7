import type { OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Readable } from 'node:stream'

/** A JSON answer, written last by the app: a value, or text a route's serializer already wrote. */
export type JsonReply = { readonly status: number; readonly body: unknown } | { readonly status: number; readonly json: string }

export const jsonText = (reply: JsonReply): string => ('json' in reply ? reply.json : JSON.stringify(reply.body))

/** A raw answer: audio, the OpenAPI document. */
export interface StreamReply {
  readonly status: number
  readonly stream: Readable | Buffer | null
}

export type Answer = JsonReply | StreamReply

export const isStream = (a: Answer): a is StreamReply => 'stream' in a

const EMPTY_STATUSES = new Set([204, 205, 304])

const CONTENT_TYPE = 'application/json; charset=utf-8'

/**
 * Writes a JSON answer byte for byte as Koa would (`Content-Type:
 * application/json; charset=utf-8`, `Content-Length`) in one `writeHead`: the
 * headers gathered while answering go with it, which is cheaper than setting
 * them one by one. Statuses that carry no body are sent without one.
 */
export const writeJson = (res: ServerResponse, headers: OutgoingHttpHeaders, reply: JsonReply): void => {
  if (EMPTY_STATUSES.has(reply.status)) {
    res.writeHead(reply.status, headers)
    res.end()
    return
  }
  const json = jsonText(reply)
  headers['content-type'] = CONTENT_TYPE
  headers['content-length'] = Buffer.byteLength(json)
  res.writeHead(reply.status, headers)
  res.end(json)
}
