// The recording_shares table's row shape and its mapping to the domain, shared by the SQLite and Postgres adapters.
import type { Share } from '../../../../src/core/domain/recordings/share.js'

/** A recording_shares row: both drivers return it alike (all text). */
export interface ShareRow {
  id: string
  run_id: string
  owner_account_id: string
  email: string
  scope: Share['scope']
  created_at: string
}

/** The share columns of a visible-runs row (runs.* joined with the share, if any, as share_*): all null for an own run. */
export type VisibleShareColumns = { [K in keyof ShareRow as `share_${K}`]: ShareRow[K] | null }

export const toShare = (r: ShareRow): Share => ({
  id: r.id, runId: r.run_id, ownerAccountId: r.owner_account_id, email: r.email, scope: r.scope, createdAt: r.created_at,
})

/** The share a visible run is reached through, or null for the account's own run. */
export const toVisibleShare = (r: VisibleShareColumns): Share | null =>
  r.share_id === null
    ? null
    : toShare({
        id: r.share_id, run_id: r.share_run_id!, owner_account_id: r.share_owner_account_id!, email: r.share_email!, scope: r.share_scope!, created_at: r.share_created_at!,
      })
