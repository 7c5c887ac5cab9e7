/**
 * Types read off the generated `paths` (schema.ts): which paths take which method, what
 * each call needs (path and query parameters, a body) and what it answers. Nothing here
 * is written by hand per route: a route added to the server shows up after
 * `npm run client:generate`.
 */
import type { components, paths, webhooks } from './schema.js'

export type { components, operations, paths, webhooks } from './schema.js'

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** The operation at a path and method (never when the path has no such method). */
export type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>

/** The paths that have an operation for method M. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P
}[keyof paths]

type ParametersOf<O> = O extends { parameters: infer X } ? X : never
type QueryOf<O> = ParametersOf<O> extends { query?: infer X } ? X : undefined

/**
 * `path` is required exactly when the route has path parameters; `query` when one of its
 * parameters is required (e.g. the schedule's from/to). The generated types spell "none"
 * as an optional `never`.
 */
type PathPart<O> = ParametersOf<O> extends { path?: never } ? { path?: never } : ParametersOf<O> extends { path: infer X } ? { path: X } : { path?: NonNullable<ParametersOf<O>['path' & keyof ParametersOf<O>]> }
type QueryPart<O> = ParametersOf<O> extends { query?: never } ? { query?: never } : ParametersOf<O> extends { query: infer X } ? { query: X } : { query?: NonNullable<ParametersOf<O>['query' & keyof ParametersOf<O>]> }

/** The JSON body of an operation, or never when it takes none. */
export type JsonBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } } ? B : never

/** A request body of raw bytes, as the upload content route takes. */
export type RawBody = Uint8Array | ArrayBuffer | Blob | ReadableStream<Uint8Array> | string

type BodyPart<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : O extends { requestBody: { content: object } }
    ? { body: RawBody; contentType?: string }
    : { body?: never }

type SuccessStatus = 200 | 201 | 202 | 204

/** The JSON a successful call answers (the whole body, e.g. `{ data: ... }`). */
export type SuccessJson<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends SuccessStatus ? (R[S] extends { content: { 'application/json': infer J } } ? J : undefined) : never }[keyof R]
  : never

/** The `data` of a successful call's answer. */
export type SuccessData<O> = SuccessJson<O> extends { data: infer D } ? D : never

/** What every call may also carry. */
export interface CallOptions {
  /** Extra request headers. */
  readonly headers?: Readonly<Record<string, string>>
  /**
   * The Idempotency-Key of this call, reused on each of its retries. Writes get a random
   * UUID by default; `false` sends none (and then a write is retried only on 429).
   */
  readonly idempotencyKey?: string | false
  /** Cancels the call, its retries and the waits between them. */
  readonly signal?: AbortSignal
  /** Per attempt, in ms; 0 for none. Defaults to the client's `timeoutMs`. */
  readonly timeoutMs?: number
  /** Overrides the client's `retries` for this call. */
  readonly retries?: number
}

export type RequestOptions<P extends keyof paths, M extends Method> = CallOptions & PathPart<Operation<P, M>> & QueryPart<Operation<P, M>> & BodyPart<Operation<P, M>>

/** The answer of `GET path` (its `data`). */
export type GetData<P extends PathsWith<'get'>> = SuccessData<Operation<P, 'get'>>

/** One page of a collection: `{ rows, total, limit, offset }`. */
export interface Page<Row> {
  readonly rows: Row[]
  readonly total: number
  readonly limit: number
  readonly offset: number
}

/** The GET paths that page with `limit` and `offset` and answer `{ rows, total, limit, offset }`. */
export type PagedPath = {
  [P in PathsWith<'get'>]: [NonNullable<QueryOf<Operation<P, 'get'>>>] extends [never]
    ? never
    : NonNullable<QueryOf<Operation<P, 'get'>>> extends { limit?: number; offset?: number }
      ? GetData<P> extends Page<unknown>
        ? P
        : never
      : never
}[PathsWith<'get'>]

export type RowOf<P extends PagedPath> = GetData<P> extends Page<infer Row> ? Row : never

// The API's JSON shapes under short names.
export type ErrorBody = components['schemas']['Error']
export type ApiErrorCode = ErrorBody['error']['code']
export type ErrorDetail = NonNullable<ErrorBody['error']['details']>[number]
export type Me = GetData<'/me'>
export type Allowance = GetData<'/me/allowance'>
export type Recording = GetData<'/recordings/{runId}'>
export type RecordingRow = RowOf<'/recordings'>
export type Utterance = RowOf<'/recordings/{runId}/transcript'>
export type Upload = GetData<'/uploads/{uploadId}'>
export type UploadStage = Upload['stage']
export type NewUpload = JsonBody<Operation<'/uploads', 'post'>>
export type Bot = SuccessData<Operation<'/bots', 'post'>>
export type NewBot = JsonBody<Operation<'/bots', 'post'>>
export type Meeting = GetData<'/meetings/{id}'>
export type NewMeeting = JsonBody<Operation<'/meetings', 'post'>>
export type MeetingChanges = JsonBody<Operation<'/meetings/{id}', 'patch'>>
export type ScheduleRow = RowOf<'/meetings/schedule'>
export type WebhookEndpoint = GetData<'/webhooks/{id}'>
export type NewWebhook = JsonBody<Operation<'/webhooks', 'post'>>
export type CreatedWebhook = SuccessData<Operation<'/webhooks', 'post'>>
export type WebhookChanges = JsonBody<Operation<'/webhooks/{id}', 'patch'>>
export type WebhookDelivery = RowOf<'/webhooks/{id}/deliveries'>

/** Every webhook event the service sends, a union on `type` (from the document's `webhooks` section). */
export type WebhookEvent = {
  [K in keyof webhooks]: NonNullable<webhooks[K]['post']> extends { requestBody: { content: { 'application/json': infer E } } } ? E : never
}[keyof webhooks]
export type WebhookEventType = WebhookEvent['type']

/** The kinds of a bot's live events (GET /bots/{runId}/live), from their schemas. */
export type LiveEventKind = import('./live.js').LiveEvent['event']
