/** Guarded outbound HTTP for user-given URLs (webhooks, calendar feeds). */
export { safeFetch, type SafeFetchOptions, type SafeResponse } from './safe-fetch.js'
export { type NetFailure, type NetFailureKind, netFailure } from './net-failure.js'
export { judgeAddress, type AddressVerdict } from './address-policy.js'
export { type Resolve, systemResolve } from './target.js'
