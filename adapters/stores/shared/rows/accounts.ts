// The accounts table's row shape and its mapping to the domain, shared by the SQLite and Postgres adapters.
import type { Account } from '../../../../src/core/domain/identity/account.js'

/** The account columns both drivers return alike (text, but for the flag). */
export interface AccountRow {
  id: string
  name: string
  email: string
  plan_key: string
  organization_id: string | null
  /** SQLite answers 0 or 1, Postgres a boolean (migrations 24 and 22). */
  server_admin: number | boolean
  created_at: string
}

export const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  name: r.name,
  email: r.email,
  planKey: r.plan_key,
  organizationId: r.organization_id,
  serverAdmin: r.server_admin === true || r.server_admin === 1,
  createdAt: r.created_at,
})
