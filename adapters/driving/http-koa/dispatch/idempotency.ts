import { createHash } from 'node:crypto'
import * as E from 'fp-ts/lib/Either.js'
import { type AppError, conflict, invalidField } from '../../../../src/core/errors.js'
import type { StoredResponse } from '../../../../src/core/ports/idempotency-store.js'
import type { SecretBox } from '../../../../src/core/ports/secret-box.js'
import { type JsonReply, jsonText } from '../exchange/json-reply.js'

/** Printable ASCII, 1 to 255 characters: room for UUIDs and any client's own scheme. */
const KEY_RE = /^[\x21-\x7e]{1,255}$/

export const HEADER = 'idempotency-key'

export const readIdempotencyKey = (raw: string | string[] | undefined): E.Either<AppError, string | null> => {
  if (raw === undefined) return E.right(null)
  if (Array.isArray(raw) || !KEY_RE.test(raw)) {
    return E.left(invalidField('Idempotency-Key', 'Idempotency-Key must be 1 to 255 printable ASCII characters'))
  }
  return E.right(raw)
}

/** What makes two requests "the same": method, path and body. */
export const fingerprint = (method: string, path: string, body: unknown): string =>
  createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('hex')

export const inFlight: AppError = conflict(
  'A request with this Idempotency-Key is still being processed; retry after it finishes',
)
export const reused: AppError = invalidField(
  'Idempotency-Key',
  'This Idempotency-Key was already used for a different request; use a new key',
)

/**
 * Stored responses may carry secrets shown once (a webhook signing secret, an
 * invite token), so they are kept sealed: a copy of the store alone reveals none.
 */
export const sealResponse = (box: SecretBox, response: JsonReply): StoredResponse => ({
  status: response.status,
  body: { sealed: box.seal(jsonText(response)) },
})

export const openResponse = (box: SecretBox, response: StoredResponse): E.Either<AppError, StoredResponse> => {
  const sealed = (response.body as { sealed?: unknown } | null)?.sealed
  if (typeof sealed !== 'string') return E.left(unreadable)
  return E.bimap(
    () => unreadable,
    (json: string): StoredResponse => ({ status: response.status, body: JSON.parse(json) }),
  )(box.open(sealed))
}

const unreadable: AppError = conflict('The stored response for this Idempotency-Key can no longer be read; use a new key')
