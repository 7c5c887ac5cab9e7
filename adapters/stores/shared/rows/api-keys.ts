// The api_keys table's row shape and its mapping to the domain, shared by the SQLite and Postgres adapters.
import type { ApiKey } from '../../../../src/core/domain/identity/api-key.js'

/**
 * An api_keys row with organization_wide as a boolean, as Postgres returns it;
 * SQLite stores it as 0/1, which its adapter converts before toApiKey.
 */
export interface ApiKeyRow {
  id: string
  account_id: string
  name: string
  public_id: string
  hash: string
  access: ApiKey['access']
  organization_wide: boolean
  expires_at: string | null
  revoked_at: string | null
  created_at: string
}

export const toApiKey = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  accountId: r.account_id,
  name: r.name,
  publicId: r.public_id,
  hash: r.hash,
  access: r.access,
  organizationWide: r.organization_wide,
  expiresAt: r.expires_at,
  revokedAt: r.revoked_at,
  createdAt: r.created_at,
})
