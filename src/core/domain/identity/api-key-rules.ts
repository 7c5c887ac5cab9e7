import * as t from 'io-ts'
import type { ApiKey } from './api-key.js'

export const MAX_KEY_NAME_LENGTH = 100
/** About 100 years: beyond it a date would leave what a timestamp can hold, and no key needs longer. */
export const MAX_KEY_EXPIRY_DAYS = 36_500

/**
 * The fields a caller sets on a new key, as checks the use cases run and as
 * codecs the HTTP adapter decodes bodies with (and documents from).
 */
export const KEY_RULES = {
  name: {
    ok: (s: string) => s.trim().length > 0 && s.trim().length <= MAX_KEY_NAME_LENGTH,
    message: `must be 1 to ${MAX_KEY_NAME_LENGTH} characters, not counting spaces at the ends`,
  },
  expiresInDays: {
    ok: (n: number) => Number.isInteger(n) && n >= 1 && n <= MAX_KEY_EXPIRY_DAYS,
    message: `must be a whole number of days from 1 to ${MAX_KEY_EXPIRY_DAYS}, or null for a key that never expires`,
  },
} as const

const refine = <A>(name: string, base: t.Type<A, A, unknown>, rule: { readonly ok: (a: A) => boolean; readonly message: string }) =>
  new t.RefinementType(name, (u): u is A => base.is(u) && rule.ok(u), (u, c) => (base.is(u) && rule.ok(u) ? t.success(u) : t.failure(u, c, rule.message)), t.identity, base, rule.ok)

export const KeyName = refine('KeyName', t.string, KEY_RULES.name)
export const KeyExpiresInDays = refine('KeyExpiresInDays', t.number, KEY_RULES.expiresInDays)
const ACCESS = { full: null, readonly: null }
const plainAccess = t.keyof(ACCESS)
/** `full` or `readonly` (a t.keyof so OpenAPI lists them); the failure says so. */
export const KeyAccess = new t.KeyofType<typeof ACCESS>('KeyAccess', plainAccess.is, (u, c) => (plainAccess.is(u) ? t.success(u) : t.failure(u, c, 'must be "full" or "readonly"')), t.identity, ACCESS)

/** A key as its account sees it: never its hash. */
export type ApiKeyView = Omit<ApiKey, 'hash' | 'accountId'>

export const keyView = (k: ApiKey): ApiKeyView => ({
  id: k.id,
  name: k.name,
  publicId: k.publicId,
  access: k.access,
  organizationWide: k.organizationWide,
  createdAt: k.createdAt,
  expiresAt: k.expiresAt,
  revokedAt: k.revokedAt,
})
