/** PKCE for the OAuth calendar adapters (RFC 7636, S256), made once for Google and Microsoft alike. */
import { createHash, randomBytes } from 'node:crypto'
import type { PkcePair } from '../../../src/core/ports/calendar-oauth.js'

/** The S256 challenge of a verifier: base64url (no padding) of its SHA-256. */
export const pkceChallenge = (verifier: string): string => createHash('sha256').update(verifier, 'ascii').digest('base64url')

/**
 * A fresh pair: the verifier is 32 random bytes in base64url, 43 characters, all of them
 * unreserved (A-Z a-z 0-9 - _), the length RFC 7636 recommends.
 */
export const newPkce = (): PkcePair => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: pkceChallenge(verifier) }
}
