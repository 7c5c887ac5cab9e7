/**
 * One chat-completions request with structured output, as sure as it can be
 * made: connection errors, timeouts, HTTP 429 and 5xx are retried after
 * growing waits; an answer that does not fit the schema is asked for once
 * more, telling the model what was wrong; any other refusal (a 4xx) is final.
 * Failures are words a user understands. The API key is never in them.
 */
import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { PathReporter } from 'io-ts/lib/PathReporter.js'
import type { Logger } from 'pino'
import type { Message } from './prompt.js'

export interface ServerOptions {
  /** Server root; requests go to `${baseUrl}/v1/chat/completions` (a trailing /v1 is accepted too). */
  readonly baseUrl: string
  readonly apiKey?: string
  readonly model: string
  /** One request, answer included. */
  readonly timeoutMs: number
  /** Waits before the second, third, ... try; its length + 1 is the number of tries. */
  readonly retryDelaysMs: ReadonlyArray<number>
  readonly logger?: Logger
}

export interface RequestFailure {
  readonly words: string
  /** The stop signal aborted: the caller stops too, with no fallback. */
  readonly stopped: boolean
}

export interface Ask<A> {
  readonly messages: ReadonlyArray<Message>
  readonly schemaName: string
  readonly schema: unknown
  readonly codec: t.Decoder<unknown, A>
  readonly maxTokens: number
  /** For the log: "part 3 of 12", "the merge". */
  readonly what: string
}

export const chatUrl = (baseUrl: string): string => `${baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/chat/completions`

/** scheme://host:port of the server, for messages: never a path, a query or credentials. */
export const serverName = (baseUrl: string): string => {
  try {
    const u = new URL(baseUrl)
    return `${u.protocol}//${u.host}`
  } catch {
    return 'the configured address'
  }
}

export const duration = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`)

const redact = (text: string, key: string | undefined): string =>
  key === undefined || key === '' ? text : text.split(key).join('***')

/** Why a fetch threw, in words: "connection refused", "no answer within 120 s". */
const networkReason = (e: unknown, timeoutMs: number): string => {
  if (e instanceof Error && e.name === 'TimeoutError') return `no answer within ${duration(timeoutMs)}`
  const code = (e as { cause?: { code?: string } })?.cause?.code
  const known: Record<string, string> = {
    ECONNREFUSED: 'connection refused',
    ENOTFOUND: 'no such host',
    EAI_AGAIN: 'the host name could not be looked up',
    ECONNRESET: 'the connection was reset',
    EHOSTUNREACH: 'the host cannot be reached',
    ENETUNREACH: 'the network cannot be reached',
    UND_ERR_SOCKET: 'the connection was closed',
    UND_ERR_HEADERS_TIMEOUT: 'no answer in time',
  }
  return (code !== undefined ? known[code] : undefined) ?? `the connection failed${code !== undefined ? ` (${code})` : ''}`
}

/** The server's own words about an error: OpenAI-style `{error: {message}}`, else the start of the body. */
const serverMessage = (body: string): string => {
  let text = body
  try {
    const j = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown }
    const m = typeof j.error === 'string' ? j.error : typeof j.error?.message === 'string' ? j.error.message : j.message
    if (typeof m === 'string') text = m
  } catch {
    // not JSON: the body as it is
  }
  const flat = text.replace(/\s+/g, ' ').trim().slice(0, 200)
  return flat === '' ? '' : `: ${flat}`
}

const hint = (status: number, message: string): string =>
  status === 401 || status === 403
    ? '; check the API key'
    : status === 404
      ? '; check the address and the model name'
      : /context|too long|maximum.*tokens|exceed/i.test(message)
        ? "; is NOTETAKER_ANALYZER_CONTEXT_TOKENS larger than the server's context?"
        : ''

const sleep = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve) => {
    if (ms <= 0 || signal?.aborted === true) return resolve()
    const timer = setTimeout(done, ms)
    function done(): void {
      clearTimeout(timer)
      signal?.removeEventListener('abort', done)
      resolve()
    }
    signal?.addEventListener('abort', done, { once: true })
  })

type Attempt<A> =
  | { readonly tag: 'ok'; readonly value: A }
  | { readonly tag: 'retry'; readonly reason: string; readonly network: boolean }
  | { readonly tag: 'schema'; readonly reason: string; readonly content: string }
  | { readonly tag: 'final'; readonly words: string }
  | { readonly tag: 'stopped' }

const stripFence = (s: string): string => s.trim().replace(/^```(?:json)?\s*/i, '').replace(/\s*```$/, '')

const attempt = async <A>(o: ServerOptions, ask: Ask<A>, messages: ReadonlyArray<Message>, stop: AbortSignal | undefined): Promise<Attempt<A>> => {
  const server = serverName(o.baseUrl)
  let res: Response
  let body: string
  try {
    res = await fetch(chatUrl(o.baseUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(o.apiKey !== undefined && o.apiKey !== '' ? { authorization: `Bearer ${o.apiKey}` } : {}),
      },
      body: JSON.stringify({
        model: o.model,
        temperature: 0,
        max_tokens: ask.maxTokens,
        messages,
        response_format: { type: 'json_schema', json_schema: { name: ask.schemaName, strict: true, schema: ask.schema } },
      }),
      signal: stop === undefined ? AbortSignal.timeout(o.timeoutMs) : AbortSignal.any([AbortSignal.timeout(o.timeoutMs), stop]),
    })
    body = await res.text()
  } catch (e) {
    if (stop?.aborted === true) return { tag: 'stopped' }
    return { tag: 'retry', reason: networkReason(e, o.timeoutMs), network: true }
  }
  if (res.status === 429 || res.status >= 500) return { tag: 'retry', reason: `HTTP ${res.status}${redact(serverMessage(body), o.apiKey)}`, network: false }
  if (!res.ok) {
    const said = redact(serverMessage(body), o.apiKey)
    return { tag: 'final', words: `the notes server at ${server} refused the request (HTTP ${res.status}${said}${hint(res.status, said)})` }
  }
  let completion: { choices?: Array<{ message?: { content?: unknown }; finish_reason?: unknown }> }
  try {
    completion = JSON.parse(body) as typeof completion
  } catch {
    return { tag: 'final', words: `the notes server at ${server} did not answer with JSON; is it an OpenAI-compatible server?` }
  }
  const choice = completion?.choices?.[0]
  const content = choice?.message?.content
  if (typeof content !== 'string') return { tag: 'schema', reason: 'the answer holds no message content', content: '' }
  if (choice?.finish_reason === 'length')
    return { tag: 'schema', reason: `the answer was cut off at ${ask.maxTokens} tokens; be shorter`, content: content.slice(0, 2000) }
  let json: unknown
  try {
    json = JSON.parse(stripFence(content))
  } catch {
    return { tag: 'schema', reason: 'the answer is not valid JSON', content: content.slice(0, 2000) }
  }
  const decoded = ask.codec.decode(json)
  if (E.isLeft(decoded)) {
    const errors = PathReporter.report(decoded).slice(0, 5).join('; ').slice(0, 600)
    return { tag: 'schema', reason: `the answer does not match the schema: ${errors}`, content: content.slice(0, 2000) }
  }
  return { tag: 'ok', value: decoded.right }
}

/** Asks, retrying as the file's header says; Left with the words of the last failure. */
export const askModel = async <A>(o: ServerOptions, ask: Ask<A>, stop?: AbortSignal): Promise<E.Either<RequestFailure, A>> => {
  const server = serverName(o.baseUrl)
  const tries = o.retryDelaysMs.length + 1
  let messages = ask.messages
  let schemaRetried = false
  let networkTries = 0
  for (;;) {
    if (stop?.aborted === true) return E.left({ words: 'the analysis was stopped', stopped: true })
    const a = await attempt(o, ask, messages, stop)
    switch (a.tag) {
      case 'ok':
        return E.right(a.value)
      case 'stopped':
        return E.left({ words: 'the analysis was stopped', stopped: true })
      case 'final':
        return E.left({ words: a.words, stopped: false })
      case 'schema':
        if (schemaRetried)
          return E.left({ words: `the model ${o.model} at ${server} did not give notes in the expected form (${a.reason})`, stopped: false })
        schemaRetried = true
        o.logger?.warn({ analyzer: 'openai', request: ask.what, reason: a.reason }, `The model's answer for ${ask.what} was not usable (${a.reason}); asking once more.`)
        messages = [
          ...ask.messages,
          { role: 'assistant', content: a.content },
          { role: 'user', content: `That answer cannot be used: ${a.reason}. Answer again, only with JSON matching the schema.` },
        ]
        break
      case 'retry': {
        networkTries++
        if (networkTries >= tries) {
          const words = a.network
            ? `the notes server at ${server} did not answer after ${tries} ${tries === 1 ? 'try' : 'tries'} (${a.reason})`
            : `the notes server at ${server} failed after ${tries} ${tries === 1 ? 'try' : 'tries'} (${a.reason})`
          return E.left({ words, stopped: false })
        }
        const wait = o.retryDelaysMs[networkTries - 1]!
        o.logger?.warn(
          { analyzer: 'openai', request: ask.what, reason: a.reason, try: networkTries, waitMs: wait },
          `The notes server at ${server} failed on ${ask.what} (${a.reason}); trying again in ${duration(wait)}.`,
        )
        await sleep(wait, stop)
        break
      }
    }
  }
}
