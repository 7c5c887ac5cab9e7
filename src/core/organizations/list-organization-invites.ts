import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type InviteView, viewInvite } from '../domain/identity/organization.js'
import type { AppError } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import { actingMember } from './organization-actor.js'

/** Every invite of the key's organization not yet accepted or revoked, expired ones marked so. */
export const listOrganizationInvites =
  (deps: { readonly organizations: OrganizationStore; readonly clock: Clock }) =>
  (actor: Actor): TE.TaskEither<AppError, ReadonlyArray<InviteView>> =>
    pipe(
      actingMember(deps)(actor),
      TE.flatMap((m) => deps.organizations.listInvites(m.organizationId)),
      TE.map((invites) => {
        const now = deps.clock.now()
        return invites.map((i) => viewInvite(i, now))
      }),
    )
