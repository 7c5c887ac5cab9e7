/** Organizations and sharing: members, invites, and recordings shared with other people by email. */
import type { AccountStore } from '../ports/account-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { KeySecrets } from '../ports/key-secrets.js'
import type { NotifyDeps } from '../notifications/index.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import { acceptOrganizationInvite } from './accept-organization-invite.js'
import { addOrganizationMember } from './add-organization-member.js'
import { changeMemberRole } from './change-member-role.js'
import { createOrganization } from './create-organization.js'
import { foundOrganization } from './found-organization.js'
import { type JoinDeps, joinWithInvitation, lookupInvitation } from './join-with-invitation.js'
import { createOrganizationInvite, inviteToOrganization } from './create-organization-invite.js'
import { getOrganization } from './get-organization.js'
import { listOrganizationInvites } from './list-organization-invites.js'
import { listOrganizationMembers } from './list-organization-members.js'
import { removeOrganizationMember } from './remove-organization-member.js'
import type { ReachDeps } from './recording-reach.js'
import { listRecordingShares } from './list-recording-shares.js'
import { revokeOrganizationInvite } from './revoke-organization-invite.js'
import { revokeRecordingShare } from './revoke-recording-share.js'
import { type ShareDeps, shareRecording } from './share-recording.js'

export interface OrganizationDeps extends NotifyDeps {
  readonly organizations: OrganizationStore
  readonly accounts: AccountStore
  readonly keySecrets: KeySecrets
  readonly clock: Clock
  readonly ids: Ids
}

/**
 * The organization use cases over one record of ports. Those taking an actor
 * serve organization-wide keys (HTTP); the others are the operator's (CLI).
 */
export const organizationUseCases = (deps: OrganizationDeps) => ({
  get: getOrganization(deps),
  listMembers: listOrganizationMembers(deps),
  removeMember: removeOrganizationMember(deps),
  changeRole: changeMemberRole(deps),
  listInvites: listOrganizationInvites(deps),
  invite: createOrganizationInvite(deps),
  revokeInvite: revokeOrganizationInvite(deps),
  /** By the invited account's key: `(actor) => acceptInvite({ token, accountId: actor.accountId })`. */
  acceptInvite: acceptOrganizationInvite(deps),
  create: createOrganization(deps),
  /** `POST /organization`: a server administrator in no organization founds one and owns it. */
  found: foundOrganization(deps),
  addMember: addOrganizationMember(deps),
  inviteAsOperator: inviteToOrganization(deps),
})

export type OrganizationUseCases = ReturnType<typeof organizationUseCases>

/** Invite and share links opened by people who may have no account yet (no key: the token is the right). */
export const joiningUseCases = (deps: JoinDeps) => ({
  /** `POST /invites/lookup`: what an invite or share link is, for its holder. */
  lookup: lookupInvitation(deps),
  /** `POST /invites/join`: an email with no account sets its name and password with a link and is signed in. */
  join: joinWithInvitation(deps),
})

export type JoiningUseCases = ReturnType<typeof joiningUseCases>

/** Recordings shared with other people by email, at full or summary scope. */
export const sharingUseCases = (deps: ShareDeps) => ({
  share: shareRecording(deps),
  listShares: listRecordingShares(deps),
  revokeShare: revokeRecordingShare(deps),
})

export type SharingUseCases = ReturnType<typeof sharingUseCases>

/** Who may read a recording: its owner, or the people it is shared with (read afresh on every call). */
export { emailOf, ownRun, reachRun, visiblePage } from './recording-reach.js'
export type { ReachDeps }
