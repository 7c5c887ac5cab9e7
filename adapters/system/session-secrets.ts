import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { SessionSecrets } from '../../src/core/ports/session-secrets.js'

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

/**
 * Session tokens are 256 random bits, so a fast SHA-256 is the right hash
 * (as for API keys): nothing is gained by a slow one. The CSRF token is
 * another 256 random bits, unrelated to the session token.
 */
export const sessionSecrets: SessionSecrets = {
  mint: () => {
    const token = randomBytes(32).toString('base64url')
    return { token, tokenHash: sha256(token), csrfToken: randomBytes(32).toString('base64url') }
  },
  hashOf: sha256,
  same: (presented, expected) => {
    const a = Buffer.from(sha256(presented), 'hex')
    const b = Buffer.from(sha256(expected), 'hex')
    return timingSafeEqual(a, b) && presented === expected
  },
}
