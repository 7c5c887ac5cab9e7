export type Access = 'full' | 'readonly'

export interface ApiKey {
  readonly id: string
  readonly accountId: string
  /** A label chosen by whoever created it. */
  readonly name: string
  /** The non-secret part of the key, used to find it; shown in listings. */
  readonly publicId: string
  /** A one-way hash of the whole key; the key itself is never stored. */
  readonly hash: string
  readonly access: Access
  readonly organizationWide: boolean
  readonly expiresAt: string | null
  readonly revokedAt: string | null
  readonly createdAt: string
}

/** Who is calling: the result of authenticating a request. */
export interface Actor {
  readonly accountId: string
  readonly keyId: string
  readonly access: Access
  readonly organizationWide: boolean
  /** The organization an organization-wide key reaches; null otherwise. */
  readonly organizationId: string | null
  /** Set when the request came with a session cookie (the web app) rather than a bearer key. */
  readonly sessionId?: string
}

export const isUsable = (key: ApiKey, now: Date): boolean =>
  key.revokedAt === null && (key.expiresAt === null || Date.parse(key.expiresAt) > now.getTime())
