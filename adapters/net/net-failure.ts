/**
 * Why a guarded outbound request did not produce a response. Messages name the
 * host at most, never the path or query: calendar feed addresses are secrets.
 */
export type NetFailureKind = 'blocked_address' | 'bad_url' | 'timeout' | 'too_large' | 'network'

export interface NetFailure {
  readonly _tag: 'NetFailure'
  readonly kind: NetFailureKind
  readonly message: string
}

export const netFailure = (kind: NetFailureKind, message: string): NetFailure => ({ _tag: 'NetFailure', kind, message })
