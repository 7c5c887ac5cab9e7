import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { Organization } from '../domain/identity/account.js'
import type { Invite, Member, Membership, Role } from '../domain/identity/organization.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { AppError, StoreFailure } from '../errors.js'

/**
 * The outcome of changing a member. `last_owner`: the change would leave the
 * organization without an owner, so nothing changed. Stores decide it in the
 * same transaction as the change, so two owners cannot demote each other at once.
 */
export type MemberChange =
  | { readonly kind: 'changed'; readonly member: Member }
  | { readonly kind: 'not_found' }
  | { readonly kind: 'last_owner' }

/** The outcome of accepting an invite; the invite is used up only on `accepted`. */
export type InviteAcceptance =
  | { readonly kind: 'accepted'; readonly membership: Membership }
  | { readonly kind: 'invite_gone' }
  | { readonly kind: 'already_member' }

/**
 * Organizations, their members and their invites: one aggregate, one store.
 * Membership is a property of the account (an account is in at most one
 * organization), so `AccountStore.findById` reports every change made here in
 * `Account.organizationId`. An account created through `AccountStore.create`
 * with an organization id is that organization's owner, joined at its creation.
 * Every method that takes an organization id ignores rows of other organizations.
 */
export interface OrganizationStore {
  create(organization: Organization): TE.TaskEither<StoreFailure, Organization>
  findById(id: string): TE.TaskEither<StoreFailure, O.Option<Organization>>
  /**
   * Creates an organization with an existing account as its owner, atomically.
   * Conflict when the account is in an organization already; NotFound when there is no such account.
   */
  createWithOwner(organization: Organization, ownerId: string): TE.TaskEither<AppError, Organization>

  /** The organization an account belongs to, with its role; none when it belongs to none. */
  membershipOf(accountId: string): TE.TaskEither<StoreFailure, O.Option<Membership>>
  /** Conflict when the account is in an organization already; NotFound when there is no such account. */
  addMember(membership: Membership): TE.TaskEither<AppError, Membership>
  /** Members oldest first (by joinedAt, then account id); `total` counts all of them. */
  listMembers(organizationId: string, page: PageQuery): TE.TaskEither<StoreFailure, Page<Member>>
  countMembers(organizationId: string): TE.TaskEither<StoreFailure, number>
  setRole(organizationId: string, accountId: string, role: Role): TE.TaskEither<StoreFailure, MemberChange>
  /** Ends the membership only: the account and everything it owns stay. `member` is the membership as it was. */
  removeMember(organizationId: string, accountId: string): TE.TaskEither<StoreFailure, MemberChange>

  /** Conflict when the organization has an invite for that email already, or the public id is taken. */
  createInvite(invite: Invite): TE.TaskEither<AppError, Invite>
  findInvite(organizationId: string, inviteId: string): TE.TaskEither<StoreFailure, O.Option<Invite>>
  findInviteByEmail(organizationId: string, email: string): TE.TaskEither<StoreFailure, O.Option<Invite>>
  /** Across organizations: the token names the invite. */
  findInviteByPublicId(publicId: string): TE.TaskEither<StoreFailure, O.Option<Invite>>
  /** Every invite of the organization, expired ones included, oldest first. */
  listInvites(organizationId: string): TE.TaskEither<StoreFailure, ReadonlyArray<Invite>>
  /** Deletes the invite; returns it as it was, or none when it was not there. */
  deleteInvite(organizationId: string, inviteId: string): TE.TaskEither<StoreFailure, O.Option<Invite>>
  /** Uses the invite up and adds the membership, atomically: both happen or neither. */
  acceptInvite(inviteId: string, membership: Membership): TE.TaskEither<StoreFailure, InviteAcceptance>
}
