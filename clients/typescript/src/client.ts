import { codeOfStatus, NotetakerApiError, NotetakerConnectionError, NotetakerTimeoutError } from './errors.js'
import { backoffMs, DEFAULT_RETRY, parseRetryAfter, type RetryPolicy, sleep as realSleep } from './retry.js'
import type {
  Allowance,
  Bot,
  CallOptions,
  CreatedWebhook,
  Me,
  Meeting,
  MeetingChanges,
  Method,
  NewBot,
  NewMeeting,
  NewUpload,
  NewWebhook,
  Operation,
  Page,
  PagedPath,
  PathsWith,
  RawBody,
  Recording,
  RecordingRow,
  RequestOptions,
  RowOf,
  ScheduleRow,
  SuccessJson,
  Upload,
  Utterance,
  WebhookChanges,
  WebhookDelivery,
  WebhookEndpoint,
} from './types.js'
import { type FetchBody, type PreparedBody, prepareUploadData, type UploadData } from './upload-data.js'
import { type LiveEvent, liveEvents, type LiveOptions } from './live.js'

export const API_PREFIX = '/ext/v1'
const DEFAULT_PAGE_SIZE = 100

export interface RetryEvent {
  readonly method: string
  readonly path: string
  /** The attempt that failed (1 for the first). */
  readonly attempt: number
  /** How long the client waits before the next one. */
  readonly delayMs: number
  /** The status that is retried, or null for a network failure or a timeout. */
  readonly status: number | null
  readonly error: unknown
  /** The key every attempt of this call carries, or null. */
  readonly idempotencyKey: string | null
}

export interface ClientOptions {
  /** The server, e.g. `http://127.0.0.1:8080`; `/ext/v1` is added unless the address already ends with it. */
  readonly baseUrl: string
  /** `ntk_...`; sent as `Authorization: Bearer <key>`. Only GET /openapi.json works without one. */
  readonly apiKey?: string
  /** The fetch to use (the platform's by default): a test double, a proxy agent, logging. */
  readonly fetch?: typeof globalThis.fetch
  /** Retries after the first attempt; 3 by default (4 attempts), 0 for none. */
  readonly retries?: number
  /** The first retry's backoff before jitter (500 ms by default); it doubles on each retry. */
  readonly baseDelayMs?: number
  /** The longest wait before one retry (30 s by default); a longer `Retry-After` ends the call with its error. */
  readonly maxDelayMs?: number
  /** Per attempt, until the whole answer is read (60 s by default); 0 for none. Uploads' content step has none unless asked. */
  readonly timeoutMs?: number
  /** Headers sent on every call. */
  readonly headers?: Readonly<Record<string, string>>
  /** Called before each wait for a retry. */
  readonly onRetry?: (event: RetryEvent) => void
  /** For tests: waits between retries and polls (a real timer by default). */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** For tests: the jitter's source, in [0, 1) (Math.random by default). */
  readonly random?: () => number
  /** For tests: the time in ms since 1970 (Date.now by default), for `Retry-After` dates and `waitForUpload`. */
  readonly now?: () => number
  /** For tests: makes Idempotency-Keys (crypto.randomUUID by default). */
  readonly newIdempotencyKey?: () => string
}

/** Options of calls with no options of their own. */
export type Call = CallOptions

/** The query of a paged GET, whose `offset` the iterator walks (`limit` is the page size, 100 by default). */
type ListQuery<P extends PagedPath> = RequestOptions<P, 'get'> extends { query?: infer Q } ? Exclude<Q, undefined> : never

type OptionalIfEmpty<T> = {} extends T ? [options?: T] : [options: T]

export interface UploadInput extends Omit<NewUpload, 'filename' | 'byteSize'>, CallOptions {
  /** The file, its bytes, or a stream of them (see UploadData). */
  readonly data: UploadData
  /** Decides the kind by its extension; the file's own name by default when `data` is a path. */
  readonly filename?: string
  /** Sent so the server checks the content's size; known for a path and bytes, give it for a stream. */
  readonly byteSize?: number
  /** Called once the upload exists, before its content is sent: keep the id to send the content again if that step fails. */
  readonly onCreated?: (upload: Upload) => void
}

export interface WaitOptions {
  /** Gives up (NotetakerTimeoutError) after this long; 10 minutes by default. */
  readonly timeoutMs?: number
  /** Between two reads; 1 s by default. */
  readonly pollMs?: number
  readonly signal?: AbortSignal
}

interface SendOptions extends CallOptions {
  readonly path?: Readonly<Record<string, string | number>> | undefined
  readonly query?: Readonly<Record<string, unknown>> | undefined
  readonly json?: unknown
  readonly raw?: PreparedBody
  readonly contentType?: string | undefined
  /** Answer the Response of a success unread (the audio). */
  readonly stream?: boolean
}

interface Sent {
  readonly response: Response
  readonly json: unknown
}

const isRawBody = (body: unknown): body is RawBody =>
  body instanceof Uint8Array || body instanceof ArrayBuffer || body instanceof Blob || body instanceof ReadableStream

const rawBody = (body: RawBody): PreparedBody =>
  body instanceof ReadableStream
    ? { body: () => body, byteSize: null, resendable: false, filename: null }
    : { body: () => body as unknown as FetchBody, byteSize: null, resendable: true, filename: null }

const fillPath = (template: string, params: Readonly<Record<string, string | number>> = {}) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new TypeError(`${template} needs the path parameter ${name}`)
    return encodeURIComponent(String(value))
  })

const queryString = (query: Readonly<Record<string, unknown>> = {}) => {
  const search = new URLSearchParams()
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, v instanceof Date ? v.toISOString() : String(v))
  }
  const text = search.toString()
  return text === '' ? '' : `?${text}`
}

const readJson = (text: string, response: Response): unknown => {
  if (text === '') return undefined
  return (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text
}

/**
 * The client. Every method answers the API's JSON: `request` the whole body (`{ data }`),
 * the resource methods its `data`. Failures throw NotetakerApiError (an answer with an
 * error status) or NotetakerConnectionError (no answer).
 */
export const createClient = (options: ClientOptions) => {
  const base = options.baseUrl.replace(/\/+$/, '')
  const root = base.endsWith(API_PREFIX) ? base : `${base}${API_PREFIX}`
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const policy: RetryPolicy = {
    retries: options.retries ?? DEFAULT_RETRY.retries,
    baseDelayMs: options.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
    maxDelayMs: options.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs,
  }
  const sleep = options.sleep ?? realSleep
  const random = options.random ?? Math.random
  const now = options.now ?? Date.now
  const newKey = options.newIdempotencyKey ?? (() => globalThis.crypto.randomUUID())
  const defaultTimeout = options.timeoutMs ?? 60_000

  /** One attempt: the answer, and its text unless the success is to be streamed. A timeout or a failed connection rejects. */
  const attempt = async (url: string, init: RequestInit, timeoutMs: number, signal: AbortSignal | undefined, stream: boolean) => {
    const controller = new AbortController()
    const onAbort = () => controller.abort(signal?.reason)
    if (signal?.aborted) throw signal.reason
    signal?.addEventListener('abort', onAbort, { once: true })
    const timer = timeoutMs > 0 ? setTimeout(() => controller.abort(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs) : null
    let streaming = false
    try {
      const response = await fetchImpl(url, { ...init, signal: controller.signal })
      if (stream && response.ok) {
        streaming = true
        return { response, text: '' }
      }
      return { response, text: await response.text() }
    } finally {
      if (timer !== null) clearTimeout(timer)
      // A streamed answer stays tied to the caller's signal while it is read.
      if (!streaming) signal?.removeEventListener('abort', onAbort)
    }
  }

  const toApiError = (method: string, path: string, response: Response, text: string, attempts: number): NotetakerApiError => {
    let envelope: unknown
    try {
      envelope = JSON.parse(text)
    } catch {
      envelope = undefined
    }
    const error = (envelope as { error?: { code?: unknown; message?: unknown; details?: unknown } } | undefined)?.error
    const common = {
      status: response.status,
      requestId: response.headers.get('x-request-id'),
      retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()),
      method,
      path,
      attempts,
    }
    if (error !== undefined && typeof error.code === 'string' && typeof error.message === 'string') {
      return new NotetakerApiError({
        ...common,
        code: error.code as NotetakerApiError['code'],
        message: error.message,
        details: Array.isArray(error.details) ? error.details : [],
      })
    }
    const excerpt = text.trim().slice(0, 200)
    return new NotetakerApiError({ ...common, code: codeOfStatus(response.status), message: `${method} ${path} answered ${response.status}${excerpt === '' ? '' : `: ${excerpt}`}` })
  }

  /** Sends one call with its retries. */
  const send = async (method: Method, template: string, o: SendOptions = {}): Promise<Sent> => {
    const verb = method.toUpperCase()
    const path = fillPath(template, o.path)
    const url = `${root}${path}${queryString(o.query)}`
    const write = method !== 'get'
    // Names in lower case, so a caller's `Idempotency-Key` or `Accept` replaces ours instead of joining it.
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries({ accept: 'application/json', ...options.headers, ...o.headers })) headers[name.toLowerCase()] = value
    const idempotencyKey = write && o.idempotencyKey !== false ? (o.idempotencyKey ?? headers['idempotency-key'] ?? newKey()) : null
    if (idempotencyKey === null) delete headers['idempotency-key']
    else headers['idempotency-key'] = idempotencyKey
    if (options.apiKey !== undefined) headers['authorization'] = `Bearer ${options.apiKey}`
    if (o.json !== undefined) headers['content-type'] = 'application/json'
    if (o.raw !== undefined) headers['content-type'] = o.contentType ?? 'application/octet-stream'
    const body = o.json !== undefined ? () => JSON.stringify(o.json) : o.raw?.body
    const maxAttempts = o.raw !== undefined && !o.raw.resendable ? 1 : (o.retries ?? policy.retries) + 1
    // Reads may always be repeated; a write only with its Idempotency-Key, which makes a repeat answer the first result.
    const repeatable = !write || idempotencyKey !== null
    const timeoutMs = o.timeoutMs ?? defaultTimeout
    /** Whether an earlier attempt may have reached the server without our seeing its answer. */
    let outcomeUnknown = false

    const wait = async (n: number, delayMs: number, status: number | null, error: unknown) => {
      options.onRetry?.({ method: verb, path, attempt: n, delayMs, status, error, idempotencyKey })
      await sleep(delayMs, o.signal)
    }

    for (let n = 1; ; n++) {
      const init: RequestInit = { method: verb, headers }
      if (body !== undefined) {
        const b = body()
        init.body = b
        // fetch sends a stream only when told it is half-duplex.
        if (b instanceof ReadableStream) (init as RequestInit & { duplex: 'half' }).duplex = 'half'
      }
      let answered: { response: Response; text: string }
      try {
        answered = await attempt(url, init, timeoutMs, o.signal, o.stream === true)
      } catch (e) {
        if (o.signal?.aborted) throw o.signal.reason
        outcomeUnknown = true
        if (n >= maxAttempts || !repeatable) {
          throw new NotetakerConnectionError({ message: `${verb} ${path} got no answer after ${n} attempt(s): ${e instanceof Error ? e.message : String(e)}`, cause: e, method: verb, path, attempts: n })
        }
        await wait(n, backoffMs(n, policy, random), null, e)
        continue
      }
      const { response, text } = answered
      if (response.ok) {
        if (o.stream === true) return { response, json: undefined }
        try {
          return { response, json: readJson(text, response) }
        } catch {
          throw new NotetakerApiError({ status: response.status, code: 'UNKNOWN', message: `${verb} ${path} answered ${response.status} with JSON that cannot be read`, requestId: response.headers.get('x-request-id'), method: verb, path, attempts: n })
        }
      }
      const error = toApiError(verb, path, response, text, n)
      const status = response.status
      const retryable =
        status === 429 || // refused before anything ran
        ((status >= 500 || status === 408) && repeatable) ||
        // The first attempt may still be running: the server says so with 409 until it is done, then replays it.
        (status === 409 && idempotencyKey !== null && outcomeUnknown)
      const tooLong = error.retryAfterMs !== null && error.retryAfterMs > policy.maxDelayMs
      if (!retryable || n >= maxAttempts || tooLong) throw error
      await wait(n, error.retryAfterMs ?? backoffMs(n, policy, random), status, error)
    }
  }

  /** Sends `body`, the JSON of a route or bytes for the upload content route. */
  const bodyOf = (body: unknown, contentType: string | undefined): Pick<SendOptions, 'json' | 'raw' | 'contentType'> =>
    body === undefined ? {} : isRawBody(body) ? { raw: rawBody(body), contentType } : { json: body }

  /**
   * Any route, typed from the OpenAPI document: `request('get', '/recordings/{runId}', { path: { runId } })`.
   * Answers the whole JSON body of a success (`{ data }`).
   */
  const request = async <M extends Method, P extends PathsWith<M>>(
    method: M,
    path: P,
    ...args: OptionalIfEmpty<RequestOptions<P, M>>
  ): Promise<SuccessJson<Operation<P, M>>> => {
    const o = (args[0] ?? {}) as CallOptions & { path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown; contentType?: string }
    const sent = await send(method, path, { ...o, ...bodyOf(o.body, o.contentType) })
    return sent.json as SuccessJson<Operation<P, M>>
  }

  /** The pages of a paged collection, from `offset` (0) by `limit` (100) until `total`. */
  async function* pages<P extends PagedPath>(path: P, ...args: OptionalIfEmpty<RequestOptions<P, 'get'>>): AsyncGenerator<Page<RowOf<P>>, void, undefined> {
    const o = (args[0] ?? {}) as CallOptions & { path?: Record<string, string>; query?: Record<string, unknown> }
    const limit = Number(o.query?.['limit'] ?? DEFAULT_PAGE_SIZE)
    let offset = Number(o.query?.['offset'] ?? 0)
    for (;;) {
      const sent = await send('get', path, { ...o, query: { ...o.query, limit, offset } })
      const page = (sent.json as { data: Page<RowOf<P>> }).data
      yield page
      offset += page.rows.length
      if (page.rows.length === 0 || offset >= page.total) return
    }
  }

  /** Every row of a paged collection, fetching page after page as the loop asks: `for await (const r of client.paginate('/recordings'))`. */
  async function* paginate<P extends PagedPath>(path: P, ...args: OptionalIfEmpty<RequestOptions<P, 'get'>>): AsyncGenerator<RowOf<P>, void, undefined> {
    for await (const page of pages(path, ...args)) yield* page.rows
  }

  const getUpload = async (uploadId: string, o: Call = {}): Promise<Upload> => (await request('get', '/uploads/{uploadId}', { ...o, path: { uploadId } })).data

  const sendContent = async (uploadId: string, raw: PreparedBody, o: Call & { contentType?: string }): Promise<Upload> => {
    // No timeout by default: a large file takes as long as it takes.
    const sent = await send('put', '/uploads/{uploadId}/content', { ...o, timeoutMs: o.timeoutMs ?? 0, path: { uploadId }, raw, contentType: o.contentType })
    return (sent.json as { data: Upload }).data
  }

  const uploads = {
    create: async (upload: NewUpload, o: Call = {}): Promise<Upload> => (await request('post', '/uploads', { ...o, body: upload })).data,
    /** Step 2 alone: the content of an upload already created (e.g. again, after `upload` failed at this step). */
    putContent: async (uploadId: string, data: UploadData, o: Call & { contentType?: string } = {}): Promise<Upload> => sendContent(uploadId, await prepareUploadData(data), o),
    /**
     * Both steps: `POST /uploads` (with `byteSize` when it is known), then `PUT /uploads/{id}/content`
     * with the bytes. Answers the upload, stage `stored`; processing has started.
     */
    upload: async (input: UploadInput): Promise<Upload> => {
      const { data, filename, byteSize, onCreated, headers, idempotencyKey, signal, timeoutMs, retries, ...fields } = input
      const raw = await prepareUploadData(data)
      const name = filename ?? raw.filename
      if (name === null) throw new TypeError('uploads.upload needs a filename unless data is a file path')
      const size = byteSize ?? raw.byteSize
      const call = { ...(headers === undefined ? {} : { headers }), ...(signal === undefined ? {} : { signal }), ...(retries === undefined ? {} : { retries }) }
      const created = await uploads.create({ ...fields, filename: name, ...(size === null ? {} : { byteSize: size }) }, { ...call, ...(idempotencyKey === undefined ? {} : { idempotencyKey }) })
      onCreated?.(created)
      return sendContent(created.id, raw, { ...call, ...(timeoutMs === undefined ? {} : { timeoutMs }), ...(fields.contentType === undefined ? {} : { contentType: fields.contentType }) })
    },
    get: getUpload,
    /** Every upload, newest first. */
    list: (query: ListQuery<'/uploads'> = {}, o: Call = {}) => paginate('/uploads', { ...o, query }),
    retry: async (uploadId: string, o: Call = {}): Promise<Upload> => (await request('post', '/uploads/{uploadId}/retry', { ...o, path: { uploadId } })).data,
    /** Reads the upload until its stage is `ready` or `failed`, and answers it (check `stage`, and `error` when failed). */
    waitForUpload: async (uploadId: string, w: WaitOptions = {}): Promise<Upload> => {
      const timeoutMs = w.timeoutMs ?? 600_000
      const pollMs = w.pollMs ?? 1000
      const deadline = now() + timeoutMs
      for (;;) {
        const upload = await getUpload(uploadId, w.signal === undefined ? {} : { signal: w.signal })
        if (upload.stage === 'ready' || upload.stage === 'failed') return upload
        const left = deadline - now()
        if (left <= 0) throw new NotetakerTimeoutError(`upload ${uploadId} is still ${upload.stage} after ${timeoutMs} ms`, upload)
        await sleep(Math.min(pollMs, left), w.signal)
      }
    },
  }

  return {
    request,
    pages,
    paginate,
    me: {
      get: async (o: Call = {}): Promise<Me> => (await request('get', '/me', o)).data,
      allowance: async (o: Call = {}): Promise<Allowance> => (await request('get', '/me/allowance', o)).data,
    },
    recordings: {
      /** Every recording, newest start first, page after page. */
      list: (query: ListQuery<'/recordings'> = {}, o: Call = {}): AsyncGenerator<RecordingRow, void, undefined> => paginate('/recordings', { ...o, query }),
      /** The notes; with `transcript: true` also the first utterances (`transcriptTotal` says how many in all; `transcript()` pages them all). */
      get: async (runId: string, o: Call & { transcript?: boolean } = {}): Promise<Recording> => {
        const { transcript, ...call } = o
        return (await request('get', '/recordings/{runId}', { ...call, path: { runId }, ...(transcript === true ? { query: { include: 'transcript' } } : {}) })).data
      },
      /** Every utterance, in order. */
      transcript: (runId: string, query: ListQuery<'/recordings/{runId}/transcript'> = {}, o: Call = {}): AsyncGenerator<Utterance, void, undefined> =>
        paginate('/recordings/{runId}/transcript', { ...o, path: { runId }, query }),
      /** The audio as a Response to read (`.body`, `.arrayBuffer()`); `range` as in `bytes=0-99` answers 206. */
      audio: async (runId: string, o: Call & { range?: string } = {}): Promise<Response> => {
        const { range, ...call } = o
        const headers = { ...call.headers, ...(range === undefined ? {} : { range }), accept: '*/*' }
        return (await send('get', '/recordings/{runId}/audio', { ...call, headers, path: { runId }, stream: true })).response
      },
    },
    bots: {
      /**
       * Sends a bot into a live meeting. The call carries an Idempotency-Key (a new UUID unless
       * given), the same on every retry, so a retry after a timeout or a 5xx never sends two bots.
       */
      send: async (bot: NewBot, o: Call = {}): Promise<Bot> => (await request('post', '/bots', { ...o, body: bot })).data,
      list: (query: ListQuery<'/bots'> = {}, o: Call = {}) => paginate('/bots', { ...o, query }),
      leave: async (runId: string, o: Call = {}) => (await request('post', '/bots/{runId}/leave', { ...o, path: { runId } })).data,
      /**
       * The bot's meeting as it happens: its events (states, speakers, partial and finished lines,
       * the end) as they come, the connection opened again after a drop without missing one.
       */
      live: (runId: string, o: LiveOptions = {}): AsyncIterable<LiveEvent> => {
        const path = `/bots/${encodeURIComponent(runId)}/live`
        const open = (lastEventId: number, signal?: AbortSignal) => {
          const headers: Record<string, string> = { ...options.headers, accept: 'text/event-stream' }
          if (options.apiKey !== undefined) headers['authorization'] = `Bearer ${options.apiKey}`
          if (lastEventId > 0) headers['last-event-id'] = String(lastEventId)
          return fetchImpl(`${root}${path}`, { headers, ...(signal === undefined ? {} : { signal }) })
        }
        return { [Symbol.asyncIterator]: () => liveEvents(open, path, o) }
      },
      /**
       * A token that opens the bot's live stream for a few minutes without a key, to hand to a browser
       * page: `new EventSource(\`…/bots/${runId}/live?token=${encodeURIComponent(token)}\`)`, or a WebSocket at the same address.
       */
      liveToken: async (runId: string, o: Call = {}) => (await request('post', '/bots/{runId}/live-token', { ...o, path: { runId } })).data,
    },
    uploads,
    meetings: {
      list: (query: ListQuery<'/meetings'> = {}, o: Call = {}): AsyncGenerator<Meeting, void, undefined> => paginate('/meetings', { ...o, query }),
      /** What will be recorded between `from` and `to` (ISO 8601), a row per meeting. */
      schedule: (query: ListQuery<'/meetings/schedule'>, o: Call = {}): AsyncGenerator<ScheduleRow, void, undefined> => paginate('/meetings/schedule', { ...o, query }),
      create: async (meeting: NewMeeting, o: Call = {}): Promise<Meeting> => (await request('post', '/meetings', { ...o, body: meeting })).data,
      get: async (id: string, o: Call = {}): Promise<Meeting> => (await request('get', '/meetings/{id}', { ...o, path: { id } })).data,
      update: async (id: string, changes: MeetingChanges, o: Call = {}): Promise<Meeting> => (await request('patch', '/meetings/{id}', { ...o, path: { id }, body: changes })).data,
      delete: async (id: string, o: Call = {}): Promise<Meeting> => (await request('delete', '/meetings/{id}', { ...o, path: { id } })).data,
    },
    webhooks: {
      /** Every endpoint (the collection is not paged). */
      list: async (o: Call = {}): Promise<WebhookEndpoint[]> => (await request('get', '/webhooks', o)).data.rows as WebhookEndpoint[],
      /** Answers the endpoint with its `secret`, shown only here (a retry replays it, thanks to the Idempotency-Key). */
      create: async (webhook: NewWebhook, o: Call = {}): Promise<CreatedWebhook> => (await request('post', '/webhooks', { ...o, body: webhook })).data,
      get: async (id: string, o: Call = {}): Promise<WebhookEndpoint> => (await request('get', '/webhooks/{id}', { ...o, path: { id } })).data,
      update: async (id: string, changes: WebhookChanges, o: Call = {}) => (await request('patch', '/webhooks/{id}', { ...o, path: { id }, body: changes })).data,
      delete: async (id: string, o: Call = {}) => (await request('delete', '/webhooks/{id}', { ...o, path: { id } })).data,
      rotateSecret: async (id: string, o: Call = {}) => (await request('post', '/webhooks/{id}/rotate-secret', { ...o, path: { id } })).data,
      /** The delivery log, newest first. */
      deliveries: (id: string, query: ListQuery<'/webhooks/{id}/deliveries'> = {}, o: Call = {}): AsyncGenerator<WebhookDelivery, void, undefined> =>
        paginate('/webhooks/{id}/deliveries', { ...o, path: { id }, query }),
      resend: async (id: string, deliveryId: string, o: Call = {}) => (await request('post', '/webhooks/{id}/deliveries/{deliveryId}/resend', { ...o, path: { id, deliveryId } })).data,
      /** Queues a signed `webhook.test` event to this endpoint alone; it shows in the delivery log with `trigger: "test"`. */
      sendTest: async (id: string, o: Call = {}) => (await request('post', '/webhooks/{id}/test', { ...o, path: { id } })).data,
    },
  }
}

export type NotetakerClient = ReturnType<typeof createClient>
