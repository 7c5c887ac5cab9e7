import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Member, Role } from '../domain/identity/organization.js'
import { canChangeRoles } from '../domain/identity/organization-rights.js'
import type { AppError } from '../errors.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import { actingMemberWho } from './organization-actor.js'
import { memberChanged } from './remove-organization-member.js'

/** An owner changes a member's role (its own too); the last owner cannot step down. */
export const changeMemberRole =
  (deps: { readonly organizations: OrganizationStore }) =>
  (actor: Actor, accountId: string, role: Role): TE.TaskEither<AppError, Member> =>
    pipe(
      actingMemberWho(deps, canChangeRoles, 'Only owners can change roles')(actor),
      TE.flatMap((me) => deps.organizations.setRole(me.organizationId, accountId, role)),
      TE.flatMap(memberChanged),
    )
