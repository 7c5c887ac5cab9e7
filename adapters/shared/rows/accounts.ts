// The accounts table's row shape and its mapping to the domain, shared by the SQLite and Postgres adapters.
import type { Account } from '../../../src/core/domain/account.js'

/** The account columns both drivers return alike (all text). */
export interface AccountRow {
  id: string
  name: string
  email: string
  plan_key: string
  organization_id: string | null
  created_at: string
}

export const toAccount = (r: AccountRow): Account => ({
  id: r.id,
  name: r.name,
  email: r.email,
  planKey: r.plan_key,
  organizationId: r.organization_id,
  createdAt: r.created_at,
})
