import type * as O from 'fp-ts/lib/Option.js'

export interface MintedKey {
  /** The whole key, shown once to its creator. */
  readonly plaintext: string
  /** The part of the key that finds its record; not secret. */
  readonly publicId: string
  readonly hash: string
}

/** Making and checking API keys; the hashing lives outside the core. */
export interface KeySecrets {
  mint(): MintedKey
  /** The public id inside a presented key, if it has our shape. */
  publicIdOf(presented: string): O.Option<string>
  /** Whether a presented key matches a stored hash, compared in constant time. */
  matches(presented: string, hash: string): boolean
}
