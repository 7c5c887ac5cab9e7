// The organizations, membership (organization_* columns of accounts) and organization_invites row shapes, shared by the SQLite and Postgres adapters.
import type { Organization } from '../../../../src/core/domain/identity/account.js'
import type { Invite, Member, Membership, Role } from '../../../../src/core/domain/identity/organization.js'

export interface OrganizationRow { id: string; name: string; created_at: string }
/** An account row read as a member: id, name, email and its organization_* columns. */
export interface MemberRow { id: string; name: string; email: string; organization_id: string; organization_role: Role; organization_joined_at: string }
export interface InviteRow { id: string; organization_id: string; email: string; role: Role; public_id: string; hash: string; invited_by: string | null; created_at: string; expires_at: string }

export const toOrganization = (r: OrganizationRow): Organization => ({ id: r.id, name: r.name, createdAt: r.created_at })
export const toMember = (r: MemberRow): Member => ({ accountId: r.id, name: r.name, email: r.email, role: r.organization_role, joinedAt: r.organization_joined_at })
export const toMembership = (r: MemberRow): Membership => ({ organizationId: r.organization_id, accountId: r.id, role: r.organization_role, joinedAt: r.organization_joined_at })
export const toInvite = (r: InviteRow): Invite => ({
  id: r.id, organizationId: r.organization_id, email: r.email, role: r.role, publicId: r.public_id, hash: r.hash,
  invitedBy: r.invited_by, createdAt: r.created_at, expiresAt: r.expires_at,
})
