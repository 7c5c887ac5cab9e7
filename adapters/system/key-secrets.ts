import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import * as O from 'fp-ts/lib/Option.js'
import type { KeySecrets } from '../../src/core/ports/key-secrets.js'

/**
 * Keys look like `ntk_<public id>_<secret>`: a recognisable prefix (so secret
 * scanners can find leaked keys), 64 bits of public id to look the record up,
 * and 256 bits of secret. Only a SHA-256 of the whole key is stored: the key is
 * random and long, so a slow password hash would add cost and no safety.
 */
const KEY_RE = /^ntk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

export const keySecrets: KeySecrets = {
  mint: () => {
    const publicId = randomBytes(8).toString('hex')
    const plaintext = `ntk_${publicId}_${randomBytes(32).toString('base64url')}`
    return { plaintext, publicId, hash: sha256(plaintext) }
  },
  publicIdOf: (presented) => {
    const m = KEY_RE.exec(presented)
    return m?.[1] === undefined ? O.none : O.some(m[1])
  },
  matches: (presented, hash) => {
    const a = Buffer.from(sha256(presented), 'hex')
    const b = Buffer.from(hash, 'hex')
    return a.length === b.length && timingSafeEqual(a, b)
  },
}
