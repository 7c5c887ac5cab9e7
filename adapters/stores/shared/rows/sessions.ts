// The sessions table's row shape and its mapping to the domain, shared by the SQLite and Postgres adapters.
import type { StoredSession } from '../../../../src/core/domain/identity/session.js'

/** The session columns both drivers return alike (all text). */
export interface SessionRow {
  id: string
  token_hash: string
  account_id: string
  key_id: string | null
  csrf_token: string
  created_at: string
  expires_at: string
}

export const toSession = (r: SessionRow): StoredSession => ({
  id: r.id,
  tokenHash: r.token_hash,
  accountId: r.account_id,
  keyId: r.key_id,
  csrfToken: r.csrf_token,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
})
