import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Member } from '../domain/identity/organization.js'
import { canManageMembers, canRemove } from '../domain/identity/organization-rights.js'
import { type AppError, conflict, forbidden, notFound } from '../errors.js'
import type { MemberChange, OrganizationStore } from '../ports/organization-store.js'
import { actingMemberWho } from './organization-actor.js'

export const lastOwnerConflict = conflict(
  'This is the last owner of the organization; make another member an owner first',
)

/** What a changed member means for a caller: not found (another organization's id too) or the last owner. */
export const memberChanged = (change: MemberChange): TE.TaskEither<AppError, Member> => {
  switch (change.kind) {
    case 'changed':
      return TE.right(change.member)
    case 'not_found':
      return TE.left(notFound('Member'))
    case 'last_owner':
      return TE.left(lastOwnerConflict)
  }
}

/**
 * An owner or admin ends a membership. Only the membership changes: the account,
 * its keys and its recordings stay its own. Admins cannot remove owners, and
 * nobody can remove the last owner. Returns the member as it was.
 */
export const removeOrganizationMember =
  (deps: { readonly organizations: OrganizationStore }) =>
  (actor: Actor, accountId: string): TE.TaskEither<AppError, Member> =>
    pipe(
      actingMemberWho(deps, canManageMembers, 'Only owners and admins can remove members')(actor),
      TE.flatMap((me) =>
        pipe(
          deps.organizations.membershipOf(accountId),
          TE.flatMap((target) => {
            if (O.isNone(target) || target.value.organizationId !== me.organizationId) return TE.left(notFound('Member'))
            if (!canRemove(me.role, target.value.role)) return TE.left(forbidden('Only an owner can remove an owner'))
            return deps.organizations.removeMember(me.organizationId, accountId)
          }),
          TE.flatMap(memberChanged),
        ),
      ),
    )
