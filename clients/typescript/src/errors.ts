import type { ApiErrorCode, ErrorDetail, Upload } from './types.js'

/** The code of an answer that did not carry the API's error envelope (a proxy's 502 page, say), read from its status. */
const CODE_OF_STATUS: Readonly<Record<number, ApiErrorCode>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  422: 'VALIDATION_ERROR',
  429: 'RATE_LIMITED',
}

export const codeOfStatus = (status: number): ApiErrorCode | 'UNKNOWN' => CODE_OF_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'UNKNOWN')

/**
 * The API refused the call: `{ error: { code, message, details? } }` with its HTTP status,
 * and the `X-Request-Id` of the answer (quote it when asking about a failure).
 */
export class NotetakerApiError extends Error {
  override readonly name = 'NotetakerApiError'
  readonly status: number
  /** One of the API's eight codes; `UNKNOWN` only for an answer without the envelope and a status outside them. */
  readonly code: ApiErrorCode | 'UNKNOWN'
  readonly details: ReadonlyArray<ErrorDetail>
  readonly requestId: string | null
  /** What `Retry-After` asked for, in ms, when the answer had one. */
  readonly retryAfterMs: number | null
  readonly method: string
  readonly path: string
  /** How many attempts the call made before giving up. */
  readonly attempts: number

  constructor(init: {
    status: number
    code: ApiErrorCode | 'UNKNOWN'
    message: string
    details?: ReadonlyArray<ErrorDetail> | undefined
    requestId: string | null
    retryAfterMs?: number | null
    method: string
    path: string
    attempts: number
  }) {
    super(init.message)
    this.status = init.status
    this.code = init.code
    this.details = init.details ?? []
    this.requestId = init.requestId
    this.retryAfterMs = init.retryAfterMs ?? null
    this.method = init.method
    this.path = init.path
    this.attempts = init.attempts
  }
}

/** No answer came: the connection failed or an attempt timed out, on every attempt allowed. `cause` is the last failure. */
export class NotetakerConnectionError extends Error {
  override readonly name = 'NotetakerConnectionError'
  readonly method: string
  readonly path: string
  readonly attempts: number
  constructor(init: { message: string; cause: unknown; method: string; path: string; attempts: number }) {
    super(init.message, { cause: init.cause })
    this.method = init.method
    this.path = init.path
    this.attempts = init.attempts
  }
}

/** `waitForUpload` ran out of time; `upload` is what was last seen. */
export class NotetakerTimeoutError extends Error {
  override readonly name = 'NotetakerTimeoutError'
  readonly upload: Upload
  constructor(message: string, upload: Upload) {
    super(message)
    this.upload = upload
  }
}
