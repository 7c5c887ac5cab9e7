/**
 * Ids derived from what they name, so processing the same input twice gives
 * the same ids (edits keyed by them then survive re-processing): a UUID of
 * version 8 (RFC 9562, "custom") holding the 128-bit FNV-1a hash of the parts.
 * Not for secrets: FNV is fast and well spread, not cryptographic.
 */
const FNV_OFFSET = 0x6c62272e07bb014262b821756295c58dn
const FNV_PRIME = 0x0000000001000000000000000000013bn
const MASK = (1n << 128n) - 1n
const encoder = new TextEncoder()

/** The same parts always give the same UUID; parts are joined unambiguously (a separator that text cannot hold). */
export const stableId = (...parts: ReadonlyArray<string>): string => {
  let h = FNV_OFFSET
  for (const byte of encoder.encode(parts.join('\u0000'))) {
    h ^= BigInt(byte)
    h = (h * FNV_PRIME) & MASK
  }
  const hex = h.toString(16).padStart(32, '0').split('')
  hex[12] = '8' // version 8
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16) // variant 10xx
  const s = hex.join('')
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`
}
