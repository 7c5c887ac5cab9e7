import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import type { SecretBox, SecretBoxFailure } from '../../src/core/ports/secret-box.js'

const VERSION = 'v1:'
const IV_BYTES = 12
const TAG_BYTES = 16
export const SECRET_KEY_BYTES = 32

const failure = (message: string): SecretBoxFailure => ({ _tag: 'SecretBoxFailure', message })

/**
 * AES-256-GCM with a fresh random 96-bit nonce per value. Sealed form:
 * `v1:` + base64(nonce | tag | ciphertext); GCM's tag makes any change to a
 * stored value (or a different key) fail to open instead of giving garbage.
 */
export const aesGcmSecretBox = (key: Buffer): SecretBox => {
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`the secret key must be ${SECRET_KEY_BYTES} bytes, not ${key.length}`)
  return {
    seal: (plaintext) => {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
      return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64')
    },
    open: (sealed) => {
      if (!sealed.startsWith(VERSION)) return E.left(failure('the stored value is not in a known sealed format'))
      const raw = Buffer.from(sealed.slice(VERSION.length), 'base64')
      if (raw.length < IV_BYTES + TAG_BYTES) return E.left(failure('the stored value is too short to be sealed'))
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
        decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
        return E.right(Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8'))
      } catch {
        return E.left(failure('it was sealed with another key (was NOTETAKER_SECRET_KEY or DATA_DIR/secret.key changed?) or altered'))
      }
    },
  }
}

const decodeKey = (text: string, where: string): Buffer => {
  const key = Buffer.from(text.trim(), 'base64')
  if (key.length !== SECRET_KEY_BYTES) throw new Error(`${where} must hold ${SECRET_KEY_BYTES} bytes in base64 (e.g. from: openssl rand -base64 32)`)
  return key
}

/**
 * The key that seals stored secrets: NOTETAKER_SECRET_KEY when set; otherwise
 * the one in `file`, generated there (mode 0600) on first use and reused after;
 * with no file (the memory store keeps nothing), a fresh random key.
 */
export const loadSecretKey = (o: { readonly configured: string; readonly file: string | null }): Buffer => {
  if (o.configured !== '') return decodeKey(o.configured, 'NOTETAKER_SECRET_KEY')
  if (o.file === null) return randomBytes(SECRET_KEY_BYTES)
  try {
    return decodeKey(readFileSync(o.file, 'utf8'), o.file)
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e
  }
  const key = randomBytes(SECRET_KEY_BYTES)
  mkdirSync(dirname(o.file), { recursive: true })
  try {
    writeFileSync(o.file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' })
  } catch (e) {
    // Another process made it first: use theirs.
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return decodeKey(readFileSync(o.file, 'utf8'), o.file)
    throw e
  }
  chmodSync(o.file, 0o600)
  return key
}
