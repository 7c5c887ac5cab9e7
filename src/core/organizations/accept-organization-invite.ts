import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Account, Organization } from '../domain/identity/account.js'
import { type Invite, isExpired, type Membership } from '../domain/identity/organization.js'
import { type AppError, conflict, notFound } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { Clock } from '../ports/clock.js'
import type { KeySecrets } from '../ports/key-secrets.js'
import type { OrganizationStore } from '../ports/organization-store.js'

export interface AcceptInviteDeps {
  readonly organizations: OrganizationStore
  readonly accounts: AccountStore
  readonly keySecrets: KeySecrets
  readonly clock: Clock
}

export interface AcceptedInvite {
  readonly organization: Organization
  readonly membership: Membership
}

// Unknown, revoked, used and someone else's tokens look the same, so a token reveals nothing to the wrong account.
const noInvite = notFound('Invite for this account')
const alreadyMember = conflict('The account belongs to an organization already; it must leave it first')

const findInvite = (deps: AcceptInviteDeps, token: string, account: Account) =>
  pipe(
    deps.keySecrets.publicIdOf(token),
    O.match(() => TE.right<AppError, O.Option<Invite>>(O.none), (publicId) => deps.organizations.findInviteByPublicId(publicId)),
    TE.flatMap(TE.fromOption(() => noInvite)),
    TE.filterOrElse((i) => deps.keySecrets.matches(token, i.hash) && i.email === account.email, () => noInvite),
  )

/**
 * The invited account accepts with the token (over HTTP with its own key, or
 * through the CLI): it joins the organization with the invited role, and the
 * invite is used up. An expired invite is a conflict; an account already in an
 * organization (this one included) is a conflict.
 */
export const acceptOrganizationInvite =
  (deps: AcceptInviteDeps) =>
  (input: { readonly token: string; readonly accountId: string }): TE.TaskEither<AppError, AcceptedInvite> => {
    const now = deps.clock.now()
    return pipe(
      deps.accounts.findById(input.accountId),
      TE.flatMap(TE.fromOption(() => notFound('Account'))),
      TE.flatMap((account) => findInvite(deps, input.token, account)),
      TE.filterOrElse((i) => !isExpired(i, now), (i): AppError => conflict(`The invite expired at ${i.expiresAt}; ask for a new one`)),
      TE.flatMap((invite) =>
        pipe(
          deps.organizations.findById(invite.organizationId),
          TE.flatMap(TE.fromOption(() => noInvite)),
          TE.flatMap((organization) => {
            const membership = { organizationId: organization.id, accountId: input.accountId, role: invite.role, joinedAt: now.toISOString() }
            return pipe(
              deps.organizations.acceptInvite(invite.id, membership),
              TE.flatMap((r): TE.TaskEither<AppError, AcceptedInvite> => {
                if (r.kind === 'accepted') return TE.right({ organization, membership: r.membership })
                return TE.left(r.kind === 'already_member' ? alreadyMember : noInvite)
              }),
            )
          }),
        ),
      ),
    )
  }
