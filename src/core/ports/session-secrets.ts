/** A new session's secrets: the token goes to the browser once, only its hash is stored. */
export interface MintedSession {
  readonly token: string
  readonly tokenHash: string
  readonly csrfToken: string
}

/** Making and checking session tokens; the randomness and hashing live outside the core. */
export interface SessionSecrets {
  mint(): MintedSession
  /** The hash a presented token is stored under. */
  hashOf(token: string): string
  /** Whether two secrets are equal, compared in constant time. */
  same(presented: string, expected: string): boolean
}
