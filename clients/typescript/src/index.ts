/**
 * @notetaker/client — a typed client of the Notetaker HTTP API (/ext/v1).
 * The types come from the server's OpenAPI document (schema.ts, generated); the rest is
 * a thin layer over the platform's fetch and WebCrypto.
 */
export { API_PREFIX, createClient } from './client.js'
export type { Call, ClientOptions, NotetakerClient, RetryEvent, UploadInput, WaitOptions } from './client.js'
export { NotetakerApiError, NotetakerConnectionError, NotetakerTimeoutError } from './errors.js'
export { backoffMs, DEFAULT_RETRY, parseRetryAfter } from './retry.js'
export type { RetryPolicy } from './retry.js'
export type { UploadData } from './upload-data.js'
export type { LiveEvent, LiveOptions } from './live.js'
export { verifyWebhook, WebhookVerificationError } from './webhooks.js'
export type { HeadersLike, VerifyOptions, WebhookVerificationReason } from './webhooks.js'
export type * from './types.js'
