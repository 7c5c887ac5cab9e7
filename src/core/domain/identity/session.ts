import type { Access } from './api-key.js'

/** How a session was opened: an account's password, or one of its API keys. */
export type SignedInWith = 'password' | 'apiKey'

/** A signed-in browser, as stored: the token itself is never kept, only its hash. */
export interface StoredSession {
  readonly id: string
  /** A one-way hash of the session token the browser holds in its cookie. */
  readonly tokenHash: string
  readonly accountId: string
  /** The API key it was opened with; null for a password session. */
  readonly keyId: string | null
  /** Sent back in X-CSRF-Token with every change the browser asks for. */
  readonly csrfToken: string
  readonly createdAt: string
  readonly expiresAt: string
}

/** What GET /ext/v1/session reports: who the session acts as and what the browser needs to make changes. */
export interface SessionView {
  readonly account: { readonly id: string; readonly name: string; readonly email: string }
  readonly access: Access
  readonly organizationWide: boolean
  readonly organizationId: string | null
  readonly signedInWith: SignedInWith
  readonly csrfToken: string
  readonly expiresAt: string
}

/** The key id of an actor that acts through no key (a password session, the embedding facade's `as`): the nil UUID, as `/me` reports it. */
export const NO_KEY_ID = '00000000-0000-0000-0000-000000000000'

export const PASSWORD_MIN_LENGTH = 10
export const PASSWORD_MAX_LENGTH = 1024

/** How long a session lasts when the operator sets nothing (`NOTETAKER_SESSION_DAYS`). */
export const DEFAULT_SESSION_DAYS = 14

export const isLive = (session: Pick<StoredSession, 'expiresAt'>, now: Date): boolean => Date.parse(session.expiresAt) > now.getTime()
