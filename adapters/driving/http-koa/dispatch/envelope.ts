import * as t from 'io-ts'
import type { AppError } from '../../../../src/core/errors.js'
import { annotate } from '../openapi/codec-schema.js'

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  VALIDATION_ERROR: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
} as const
export type ErrorCode = keyof typeof ERROR_STATUS

export const ErrorEnvelope = annotate(
  t.exact(
    t.type({
      error: t.intersection([
        t.type({ code: t.keyof(ERROR_STATUS), message: t.string }),
        t.partial({ details: t.array(t.exact(t.type({ path: t.string, message: t.string }))) }),
      ]),
    }),
  ),
  { description: 'Every failure. Branch on error.code; messages may change.' },
)

export interface ErrorBody {
  readonly status: number
  readonly body: t.TypeOf<typeof ErrorEnvelope>
  readonly headers: Record<string, string>
}

const body = (code: ErrorCode, message: string, details?: ReadonlyArray<{ path: string; message: string }>): ErrorBody => ({
  status: ERROR_STATUS[code],
  body: { error: details === undefined ? { code, message } : { code, message, details: [...details] } },
  headers: {},
})

/** A wait as a person reads it, rounded up (811 s → "14 minutes"); `Retry-After` keeps the exact seconds. */
export const waitInWords = (seconds: number): string => {
  const [n, unit] = seconds < 60 ? [Math.max(1, Math.ceil(seconds)), 'second'] : seconds < 3600 ? [Math.ceil(seconds / 60), 'minute'] : [Math.ceil(seconds / 3600), 'hour']
  return `${n} ${unit}${n === 1 ? '' : 's'}`
}

/** The one mapping from core errors to the spec's statuses and codes. */
export const errorResponse = (e: AppError): ErrorBody => {
  switch (e._tag) {
    case 'BadRequest':
      return body('BAD_REQUEST', e.message, e.details)
    case 'Unauthorized':
      return body('UNAUTHORIZED', e.reason ?? 'A valid API key is required: send it as Authorization: Bearer <key>')
    case 'Forbidden':
      return body('FORBIDDEN', e.message)
    case 'NotFound':
      return body('NOT_FOUND', e.message)
    case 'Conflict':
      return body('CONFLICT', e.message)
    case 'Validation':
      return body('VALIDATION_ERROR', e.message, e.details)
    case 'RateLimited':
      return {
        ...body('RATE_LIMITED', `Too many requests; try again in ${waitInWords(e.retryAfterSeconds)}`),
        headers: { 'retry-after': String(e.retryAfterSeconds) },
      }
    case 'Unavailable':
      // A server fault by the spec's codes, but one to wait out: 503, with the provider's Retry-After when it gave one.
      return {
        ...body('INTERNAL_ERROR', e.message),
        status: 503,
        headers: e.retryAfterSeconds === undefined ? {} : { 'retry-after': String(e.retryAfterSeconds) },
      }
    case 'StoreFailure':
      return internalError
  }
}

export const internalError: ErrorBody = body('INTERNAL_ERROR', 'The server failed; retrying with backoff is safe')

export const pageOf = <C extends t.Mixed>(row: C, name: string) =>
  t.exact(t.type({ rows: t.array(row), total: t.number, limit: t.number, offset: t.number }), name)
