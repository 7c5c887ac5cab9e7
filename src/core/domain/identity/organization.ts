import * as t from 'io-ts'

/** What a member may do in its organization: owners everything, admins manage members and invites, members read. */
export const Role = t.keyof({ owner: null, admin: null, member: null }, 'Role')
export type Role = t.TypeOf<typeof Role>
export const ROLES: ReadonlyArray<Role> = ['owner', 'admin', 'member']

/** An account's place in an organization. An account belongs to at most one organization. */
export interface Membership {
  readonly organizationId: string
  readonly accountId: string
  readonly role: Role
  readonly joinedAt: string
}

/** A member as the organization lists it: the membership with the account's name and email. */
export interface Member {
  readonly accountId: string
  readonly name: string
  readonly email: string
  readonly role: Role
  readonly joinedAt: string
}

/** An invitation of an email address into an organization, accepted with a one-time token. */
export interface Invite {
  readonly id: string
  readonly organizationId: string
  /** Lowercased; the accepting account's email must equal it. */
  readonly email: string
  readonly role: Role
  /** The non-secret part of the token, used to find the invite. */
  readonly publicId: string
  /** A one-way hash of the token; the token itself is never stored. */
  readonly hash: string
  /** The account that invited; null when an operator did, through the CLI. */
  readonly invitedBy: string | null
  readonly createdAt: string
  readonly expiresAt: string
}

export const InviteStatus = t.keyof({ pending: null, expired: null })
export type InviteStatus = t.TypeOf<typeof InviteStatus>

/** An invite as it is listed: with whether it can still be accepted. */
export interface InviteView extends Invite {
  readonly status: InviteStatus
}

/** Invites can be accepted for this long; after that the inviter sends a new one. */
export const INVITE_LIFETIME_DAYS = 7
const DAY_MS = 86_400_000

export const inviteExpiry = (createdAt: Date): string =>
  new Date(createdAt.getTime() + INVITE_LIFETIME_DAYS * DAY_MS).toISOString()

export const isExpired = (invite: Pick<Invite, 'expiresAt'>, now: Date): boolean =>
  Date.parse(invite.expiresAt) <= now.getTime()

export const viewInvite = (invite: Invite, now: Date): InviteView => ({
  ...invite,
  status: isExpired(invite, now) ? 'expired' : 'pending',
})
