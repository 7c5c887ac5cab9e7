import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type InviteView, viewInvite } from '../domain/identity/organization.js'
import { canManageMembers } from '../domain/identity/organization-rights.js'
import { type AppError, notFound } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import { actingMemberWho } from './organization-actor.js'

/** An owner or admin revokes an invite; its token stops working. An invite of another organization is not found. */
export const revokeOrganizationInvite =
  (deps: { readonly organizations: OrganizationStore; readonly clock: Clock }) =>
  (actor: Actor, inviteId: string): TE.TaskEither<AppError, InviteView> =>
    pipe(
      actingMemberWho(deps, canManageMembers, 'Only owners and admins can revoke invites')(actor),
      TE.flatMap((me) => deps.organizations.deleteInvite(me.organizationId, inviteId)),
      TE.flatMap(TE.fromOption(() => notFound('Invite'))),
      TE.map((invite) => viewInvite(invite, deps.clock.now())),
    )
