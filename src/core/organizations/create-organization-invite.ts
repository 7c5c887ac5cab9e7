import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { Email, normaliseEmail } from '../domain/identity/account.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type InviteView, inviteExpiry, isExpired, type Role, viewInvite } from '../domain/identity/organization.js'
import { canInviteAs, canManageMembers } from '../domain/identity/organization-rights.js'
import { type AppError, conflict, forbidden, invalidField, notFound } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { KeySecrets } from '../ports/key-secrets.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import { type NoticeDelivery, type NotifyDeps, notify } from '../notifications/index.js'
import { actingMemberWho } from './organization-actor.js'

export interface InviteDeps extends NotifyDeps {
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

/** An invite as its inviter gets it: the link to pass on, and whether it went by mail. */
export interface SentInvite extends IssuedInvite, NoticeDelivery {
  readonly link: string
}

/**
 * An owner or admin of the key's organization invites someone; only an owner may
 * invite an owner. The invited person is told (by mail when the server sends
 * mail); the inviter always gets the one-time link, to pass on when it was not mailed.
 */
export const createOrganizationInvite =
  (deps: InviteDeps) =>
  (
    actor: Actor,
    input: { readonly email: string; readonly role: Role; readonly joinLink: (token: string) => string },
  ): TE.TaskEither<AppError, SentInvite> =>
    pipe(
      actingMemberWho(deps, canManageMembers, 'Only owners and admins can invite')(actor),
      TE.filterOrElse((me) => canInviteAs(me.role, input.role), (): AppError => forbidden('Only an owner can invite an owner')),
      TE.flatMap((me) =>
        pipe(
          inviteToOrganization(deps)({ email: input.email, role: input.role, organizationId: me.organizationId, invitedBy: me.accountId }),
          TE.bindTo('issued'),
          TE.bindW('organization', () => TE.map(O.map((o: { name: string }) => o.name))(deps.organizations.findById(me.organizationId))),
          TE.bindW('inviter', () => TE.map(O.map((a: { name: string }) => a.name))(deps.accounts.findById(me.accountId))),
        ),
      ),
      TE.flatMap(({ issued, organization, inviter }) => {
        const link = input.joinLink(issued.token)
        const notice = {
          kind: 'organization-invite' as const,
          to: issued.invite.email,
          organizationName: O.getOrElse(() => 'an organization')(organization),
          invitedBy: O.toNullable(inviter),
          role: issued.invite.role,
          link,
          expiresAt: issued.invite.expiresAt,
        }
        return TE.fromTask(async () => ({ ...issued, link, ...(await notify(deps)(notice)()) }))
      }),
    )
