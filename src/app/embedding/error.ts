/**
 * What `createNotetaker` and its facade throw: the API's error envelope as an
 * Error, made by the same mapping the HTTP adapter answers with (`errorResponse`).
 */
import { ERROR_STATUS, type ErrorBody, type ErrorCode, errorResponse } from '../../../adapters/driving/http-koa/dispatch/envelope.js'
import type { AppError, FieldIssue } from '../../core/errors.js'

/** One of the API's eight error codes (docs/api-guide.md). */
export type NotetakerErrorCode = ErrorCode

export class NotetakerError extends Error {
  override readonly name = 'NotetakerError'
  /** The HTTP status the API answers this error with. */
  readonly status: number

  constructor(
    readonly code: NotetakerErrorCode,
    message: string,
    /** Which field failed and why, on VALIDATION_ERROR and some BAD_REQUEST; empty otherwise. */
    readonly details: ReadonlyArray<FieldIssue> = [],
    options?: { readonly cause?: unknown },
  ) {
    super(message, options)
    this.status = ERROR_STATUS[code]
  }

  /** The error as the HTTP API would answer it, envelope and all. */
  static fromBody({ body: { error } }: ErrorBody, cause?: unknown): NotetakerError {
    return new NotetakerError(error.code, error.message, error.details ?? [], cause === undefined ? undefined : { cause })
  }

  /** A core error, mapped exactly as the HTTP API maps it; a store failure keeps its cause for the logs. */
  static fromAppError(e: AppError): NotetakerError {
    return NotetakerError.fromBody(errorResponse(e), e._tag === 'StoreFailure' ? e.cause : undefined)
  }
}
