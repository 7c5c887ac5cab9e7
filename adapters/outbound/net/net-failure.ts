/**
 * Why a guarded outbound request did not produce a response. `message` names
 * the host at most, never the path or query; `hostless` says the same without
 * the host or any of its addresses ("the server"), for callers whose addresses
 * are secrets in full: calendar feeds.
 */
export type NetFailureKind = 'blocked_address' | 'bad_url' | 'timeout' | 'too_large' | 'network'

export interface NetFailure {
  readonly _tag: 'NetFailure'
  readonly kind: NetFailureKind
  /** In words, naming the host (webhook delivery logs). */
  readonly message: string
  /** In words, naming neither the host nor an address (a calendar connection's lastError). */
  readonly hostless: string
}

export const netFailure = (kind: NetFailureKind, message: string, hostless: string = message): NetFailure => ({
  _tag: 'NetFailure',
  kind,
  message,
  hostless,
})
