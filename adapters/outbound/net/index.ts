/** Guarded outbound HTTP for user-given URLs (webhooks, calendar feeds), and the policy that screens them when they are registered. */
export { safeFetch, type SafeFetchOptions, type SafeResponse } from './safe-fetch.js'
export { readRetryAfter } from './retry-after.js'
export { type NetFailure, type NetFailureKind, netFailure } from './net-failure.js'
export { judgeAddress, isMetadataName, METADATA_ADDRESSES, METADATA_NAMES, type AddressVerdict } from './address-policy.js'
export { type Resolve, systemResolve } from './target.js'
export { flagWouldAllow, screenUrl, type UrlRefusal } from './url-policy.js'
