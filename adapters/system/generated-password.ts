import { randomBytes } from 'node:crypto'

/** Base58: no 0/O or I/l to misread when a password is copied from a terminal. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** The largest multiple of 58 a byte can reach: bytes at or above it are skipped, so every character is equally likely. */
const UNBIASED = 256 - (256 % ALPHABET.length)

/** A random password of `length` base58 characters: 20 carry about 117 bits. */
export const generatePassword = (length = 20): string => {
  let out = ''
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < UNBIASED && out.length < length) out += ALPHABET[byte % ALPHABET.length]
    }
  }
  return out
}
