import type { Readable } from 'node:stream'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type * as t from 'io-ts'
import type { Actor } from '../../../src/core/domain/identity/api-key.js'
import type { AppError } from '../../../src/core/errors.js'
import type { Param, ParamValues } from './dispatch/params.js'
import type { Connection } from './dispatch/session-cookie.js'

/** Every route's path is under this. */
export const API_PREFIX = '/ext/v1'

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

/** Error codes a route can answer beyond the ones every authenticated route has. */
export type ExtraError = 'BAD_REQUEST' | 'CONFLICT' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'RATE_LIMITED'

export type Reply<R> =
  | { readonly status?: number; readonly data: R; readonly headers?: Readonly<Record<string, string>> }
  | {
      readonly status: number
      readonly stream: Readable | Buffer | null
      readonly headers: Readonly<Record<string, string>>
    }

export interface RouteInput<P, Q, B> {
  readonly actor: Actor
  readonly params: P
  readonly query: Q
  readonly body: B
  readonly headers: Readonly<Record<string, string | string[] | undefined>>
  /** The connection the request came on (its address, and whether it is TLS); absent for in-process calls. */
  readonly connection?: Connection
  /**
   * The raw request body, for routes that take bytes rather than JSON (empty on
   * other routes). Read on demand; stopping early leaves the rest to the adapter,
   * which still answers and then discards it.
   */
  readonly raw: AsyncIterable<Uint8Array>
}

type Params = Record<string, Param<unknown>>

/** What a route sends over a WebSocket opened at its address: text messages in order, then a normal close. */
export interface SocketFeed {
  readonly messages: AsyncIterable<string>
  /** Called on each ping: a chance to notice that the source ended without saying so. */
  readonly beat: () => void
  /** The client went away, or the server is closing: stop. */
  readonly close: () => void
  /** The reason of the normal close once every message is sent (a close reason takes at most 123 bytes). */
  readonly endReason: string
}

export interface Route<PS extends Params, QS extends Params, B, R> {
  readonly operationId: string
  readonly method: Method
  /** OpenAPI form, relative to /ext/v1: `/meetings/{id}`. */
  readonly path: string
  readonly tag: string
  readonly summary: string
  readonly description?: string
  /** `public` needs no key; `read` any key; `write` a key with full access. */
  readonly access: 'public' | 'read' | 'write'
  /** `organization`: only an organization-wide key reaches it. */
  readonly reach?: 'organization'
  readonly params?: PS
  readonly query?: QS
  /** A query parameter the route does not take: `refuse`d with 422 (the default), or `ignore`d (a document that links may decorate). */
  readonly unknownQuery?: 'refuse' | 'ignore'
  /** A JSON body codec, or `bytes` for a raw upload. */
  readonly body?: t.Type<B, unknown, unknown> | { readonly bytes: string }
  readonly success: {
    readonly status: number
    readonly description: string
    /** The codec of `data`; or a content type for a raw stream. */
    readonly data:
      | t.Type<R, unknown, unknown>
      | {
          readonly stream: string
          /** The events of a `text/event-stream`, by component schema name: each event's `data` is one of them. */
          readonly events?: Readonly<Record<string, t.Mixed>>
          /** Other content types the route may answer instead (chosen by a query parameter, e.g. an export's format). */
          readonly alternatives?: ReadonlyArray<string>
          readonly headers?: Record<string, string>
        }
    /** Response headers a JSON answer may carry, with what they mean. */
    readonly headers?: Record<string, string>
    /** Other answers than the success: with the headers they carry, and `envelope` when their body is the error envelope. */
    /** `sameData`: the body is the success's `{ data }` (a second success status, e.g. 200 beside 202). */
    readonly extraStatuses?: ReadonlyArray<{ status: number; description: string; headers?: Record<string, string>; envelope?: boolean; sameData?: boolean }>
  }
  readonly errors?: ReadonlyArray<ExtraError>
  /** What each extra error means on this route, for the description. */
  readonly errorNotes?: Partial<Record<string, string>>
  readonly handle: (input: RouteInput<ParamValues<PS>, ParamValues<QS>, B>) => TE.TaskEither<AppError, Reply<R>>
  /**
   * A WebSocket at the same address (a GET upgrade), authenticated, limited and refused exactly
   * as the GET is, before the upgrade; what it opens is sent as messages.
   */
  readonly webSocket?: {
    readonly description: string
    readonly open: (input: RouteInput<ParamValues<PS>, ParamValues<QS>, B>) => TE.TaskEither<AppError, SocketFeed>
  }
  /**
   * Also accepts a short-lived token as the `token` query parameter in place of a key (for browsers,
   * which cannot send headers on EventSource or WebSocket): the actor it stands for, given the raw path parameters.
   */
  readonly token?: (token: string, pathParams: Readonly<Record<string, string>>) => TE.TaskEither<AppError, Actor>
}

// biome-ignore lint: the route table holds routes of many shapes
export type AnyRoute = Route<any, any, any, any>

/** Keeps a route's types checked where it is written, then lets it join the table. */
export const route = <PS extends Params = {}, QS extends Params = {}, B = undefined, R = unknown>(
  r: Route<PS, QS, B, R>,
): AnyRoute => r as AnyRoute
