/**
 * Small HTTP pieces the Microsoft stand-in shares: reading bodies, answering JSON, and the two error
 * shapes it speaks: the identity platform's OAuth error (`error`, `error_description` with an AADSTS
 * code, `error_codes`, `trace_id`, ...) and Microsoft Graph's `{ error: { code, message, innerError } }`.
 */
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'

export const readBody = async (req: IncomingMessage, limit = 256 * 1024): Promise<string> => {
  const chunks: Buffer[] = []
  let size = 0
  for await (const c of req) {
    size += (c as Buffer).length
    if (size > limit) throw new Error('body too large')
    chunks.push(c as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export const sendJson = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body))
}

export const sendHtml = (res: ServerResponse, status: number, html: string): void => {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html)
}

export const escapeHtml = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c)

/** The identity platform's timestamp form: `2026-11-28 10:00:00Z`. */
const aadTimestamp = (now: Date): string => now.toISOString().replace('T', ' ').replace(/\.\d+Z$/, 'Z')

/** The documented token-endpoint error body (400, or 401 for `invalid_client`). */
export const aadError = (error: string, aadsts: number, message: string, now = new Date()) => {
  const traceId = randomUUID()
  const correlationId = randomUUID()
  const timestamp = aadTimestamp(now)
  return {
    error,
    error_description: `AADSTS${aadsts}: ${message}\r\nTrace ID: ${traceId}\r\nCorrelation ID: ${correlationId}\r\nTimestamp: ${timestamp}`,
    error_codes: [aadsts],
    timestamp,
    trace_id: traceId,
    correlation_id: correlationId,
    error_uri: `https://login.microsoftonline.com/error?code=${aadsts}`,
  }
}

/** Microsoft Graph's error body, with the `request-id` the response headers repeat. */
export const sendGraphError = (res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}): void => {
  const requestId = randomUUID()
  sendJson(
    res,
    status,
    { error: { code, message, innerError: { date: new Date().toISOString().replace(/\.\d+Z$/, ''), 'request-id': requestId, 'client-request-id': requestId } } },
    { 'request-id': requestId, 'client-request-id': requestId, ...headers },
  )
}

export const sleep = (ms: number): Promise<void> => new Promise((ok) => setTimeout(ok, ms))

/** A map that forgets its oldest entries past `max` (keeps every store of the stand-in bounded). */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly max: number) {
    super()
  }
  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.max) {
      const oldest = this.keys().next()
      if (oldest.done !== true) this.delete(oldest.value)
    }
    return super.set(key, value)
  }
}

/** Appends to a log, dropping the oldest entries past `max`. */
export const pushBounded = <T>(log: T[], entry: T, max: number): void => {
  log.push(entry)
  if (log.length > max) log.splice(0, log.length - max)
}

/** Is this URL's host on the loopback interface? (The stand-in never calls anything else.) */
export const isLoopbackUrl = (raw: string): boolean => {
  try {
    const url = new URL(raw)
    const host = url.hostname.replace(/^\[|\]$/g, '')
    return (url.protocol === 'http:' || url.protocol === 'https:') && (host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host))
  } catch {
    return false
  }
}
