import type { Role } from './organization.js'

/**
 * Who may change an organization. Kept as pure rules so the use cases, the CLI
 * and the documentation agree. Reading (the organization, members, invites) is
 * open to every member; reach and read-only keys are checked before these.
 */

/** Owners and admins manage members and invites. */
export const canManageMembers = (role: Role): boolean => role === 'owner' || role === 'admin'

/** Only owners change roles. */
export const canChangeRoles = (role: Role): boolean => role === 'owner'

/**
 * Whether `actor` may remove a member holding `target`. An admin cannot remove
 * an owner, or an admin could strip the organization of its owners.
 */
export const canRemove = (actor: Role, target: Role): boolean =>
  canManageMembers(actor) && (target !== 'owner' || actor === 'owner')

/** Whether `actor` may invite someone as `role`: granting ownership takes an owner. */
export const canInviteAs = (actor: Role, role: Role): boolean =>
  canManageMembers(actor) && (role !== 'owner' || actor === 'owner')
