import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { storeFailure } from '../../src/core/errors.js'
import type { PasswordHasher } from '../../src/core/ports/password-hasher.js'

export interface ScryptSettings {
  /** CPU and memory cost, a power of two; 2^15 by default (about 32 MiB and tens of milliseconds a hash). */
  readonly N?: number
  readonly r?: number
  readonly p?: number
}

const KEY_BYTES = 32
const SALT_BYTES = 16
/** `scrypt$N$r$p$<salt>$<hash>`, both base64: every parameter travels with the hash, so they can be raised later. */
const STORED_RE = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/

interface Parsed {
  readonly N: number
  readonly r: number
  readonly p: number
  readonly salt: Buffer
  readonly hash: Buffer
}

const parse = (stored: string): Parsed | null => {
  const m = STORED_RE.exec(stored)
  if (m === null) return null
  const [N, r, p] = [Number(m[1]), Number(m[2]), Number(m[3])]
  // Parameters far beyond any we write would let a tampered row pin the CPU; such a hash matches nothing.
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0 || r < 1 || r > 32 || p < 1 || p > 16) return null
  return { N, r, p, salt: Buffer.from(m[4]!, 'base64'), hash: Buffer.from(m[5]!, 'base64') }
}

/** Node's scrypt runs on libuv's thread pool, so a hash never blocks the event loop. */
const derive = (password: string, salt: Buffer, N: number, r: number, p: number, length: number) =>
  new Promise<Buffer>((resolve, reject) =>
    // The default maxmem (32 MiB) is just under what N=2^15, r=8 needs (128·N·r bytes).
    scrypt(password.normalize('NFC'), salt, length, { N, r, p, maxmem: 256 * N * r * p + 1024 * 1024 }, (e, key) => (e === null ? resolve(key) : reject(e))),
  )

/** Passwords hashed with scrypt; tests pass a small N to keep hashing cheap. */
export const scryptPasswordHasher = (settings: ScryptSettings = {}): PasswordHasher => {
  const N = settings.N ?? 2 ** 15
  const r = settings.r ?? 8
  const p = settings.p ?? 1
  const hash = async (password: string) => {
    const salt = randomBytes(SALT_BYTES)
    const key = await derive(password, salt, N, r, p, KEY_BYTES)
    return `scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`
  }
  // For unknown accounts: the same work as a real check, against a hash of nothing anyone knows.
  let dummy: Promise<string> | undefined
  const check = async (password: string, stored: string | null): Promise<boolean> => {
    const parsed = stored === null ? null : parse(stored)
    const target = parsed ?? parse(await (dummy ??= hash(randomBytes(32).toString('base64'))))!
    const key = await derive(password, target.salt, target.N, target.r, target.p, target.hash.length)
    return timingSafeEqual(key, target.hash) && parsed !== null
  }
  return {
    hash: (password) => TE.tryCatch(() => hash(password), storeFailure),
    verify: (password, stored) => TE.tryCatch(() => check(password, stored), storeFailure),
  }
}
