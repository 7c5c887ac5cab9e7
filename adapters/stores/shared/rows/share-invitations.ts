// The share_invitations row shape and its mapping to the domain, shared by the SQLite and Postgres adapters.
import type { ShareInvitation } from '../../../../src/core/domain/recordings/share-invitation.js'

export interface ShareInvitationRow {
  id: string
  email: string
  run_id: string
  invited_by: string
  /** SQLite answers 0 or 1, Postgres a boolean. */
  may_create_account: number | boolean
  public_id: string
  hash: string
  created_at: string
  expires_at: string
}

export const toShareInvitation = (r: ShareInvitationRow): ShareInvitation => ({
  id: r.id,
  email: r.email,
  runId: r.run_id,
  invitedBy: r.invited_by,
  mayCreateAccount: r.may_create_account === true || r.may_create_account === 1,
  publicId: r.public_id,
  hash: r.hash,
  createdAt: r.created_at,
  expiresAt: r.expires_at,
})
