import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { Email, normaliseEmail } from '../domain/account.js'
import type { Actor } from '../domain/api-key.js'
import { type InviteView, inviteExpiry, isExpired, type Role, viewInvite } from '../domain/organization.js'
import { canInviteAs, canManageMembers } from '../domain/organization-rights.js'
import { type AppError, conflict, forbidden, invalidField, notFound } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { KeySecrets } from '../ports/key-secrets.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import { actingMemberWho } from './organization-actor.js'

export interface InviteDeps {
  readonly organizations: OrganizationStore
  readonly accounts: AccountStore
  readonly keySecrets: KeySecrets
  readonly clock: Clock
  readonly ids: Ids
}

export interface InviteInput {
  readonly organizationId: string
  readonly email: string
  readonly role: Role
  /** The inviting account; null for an operator. */
  readonly invitedBy: string | null
}

export interface IssuedInvite {
  readonly invite: InviteView
  /** Shown once, to the inviter, to pass on; only its hash is kept. */
  readonly token: string
}

// One live invite per email and organization; an expired one makes way for the new one.
const clearExpired = (deps: InviteDeps, input: InviteInput, email: string, now: Date) =>
  pipe(
    deps.organizations.findInviteByEmail(input.organizationId, email),
    TE.flatMap((found): TE.TaskEither<AppError, unknown> => {
      if (O.isNone(found)) return TE.right(undefined)
      if (!isExpired(found.value, now)) return TE.left(conflict(`${email} has a pending invite already; revoke it to send a new one`))
      return deps.organizations.deleteInvite(input.organizationId, found.value.id)
    }),
  )

/**
 * Invites an email address into an organization (the operator's path; members
 * go through createOrganizationInvite). The token works for 7 days, once, and
 * only for the account with that email.
 */
export const inviteToOrganization =
  (deps: InviteDeps) =>
  (input: InviteInput): TE.TaskEither<AppError, IssuedInvite> => {
    const email = normaliseEmail(input.email)
    if (!Email.is(email)) return TE.left(invalidField('email', 'email must be an email address'))
    const now = deps.clock.now()
    return pipe(
      deps.organizations.findById(input.organizationId),
      TE.flatMap(TE.fromOption(() => notFound('Organization'))),
      TE.flatMap(() => deps.accounts.findByEmail(email)),
      TE.filterOrElse(
        (account) => !(O.isSome(account) && account.value.organizationId === input.organizationId),
        (): AppError => conflict(`${email} is a member of this organization already`),
      ),
      TE.flatMap(() => clearExpired(deps, input, email, now)),
      TE.flatMap(() => {
        const minted = deps.keySecrets.mint()
        return pipe(
          deps.organizations.createInvite({
            id: deps.ids.uuid(),
            organizationId: input.organizationId,
            email,
            role: input.role,
            publicId: minted.publicId,
            hash: minted.hash,
            invitedBy: input.invitedBy,
            createdAt: now.toISOString(),
            expiresAt: inviteExpiry(now),
          }),
          TE.map((invite) => ({ invite: viewInvite(invite, now), token: minted.plaintext })),
        )
      }),
    )
  }

/** An owner or admin of the key's organization invites someone; only an owner may invite an owner. */
export const createOrganizationInvite =
  (deps: InviteDeps) =>
  (actor: Actor, input: { readonly email: string; readonly role: Role }): TE.TaskEither<AppError, IssuedInvite> =>
    pipe(
      actingMemberWho(deps, canManageMembers, 'Only owners and admins can invite')(actor),
      TE.filterOrElse((me) => canInviteAs(me.role, input.role), (): AppError => forbidden('Only an owner can invite an owner')),
      TE.flatMap((me) => inviteToOrganization(deps)({ ...input, organizationId: me.organizationId, invitedBy: me.accountId })),
    )
