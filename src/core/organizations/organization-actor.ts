import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Membership, Role } from '../domain/identity/organization.js'
import { type AppError, forbidden } from '../errors.js'
import type { OrganizationStore } from '../ports/organization-store.js'

export interface OrganizationActorDeps {
  readonly organizations: OrganizationStore
}

const noReach = forbidden('This route needs an organization-wide key of an account in an organization')

/**
 * The membership an organization-wide key acts with. The HTTP adapter refuses
 * other keys before this runs; checking again keeps the use cases safe for any
 * other caller, and catches a membership that ended after the key was checked.
 */
export const actingMember =
  (deps: OrganizationActorDeps) =>
  (actor: Actor): TE.TaskEither<AppError, Membership> => {
    const reached = actor.organizationWide ? actor.organizationId : null
    if (reached === null) return TE.left(noReach)
    return pipe(
      deps.organizations.membershipOf(actor.accountId),
      TE.flatMap((m) => (O.isSome(m) && m.value.organizationId === reached ? TE.right(m.value) : TE.left(noReach))),
    )
  }

/** The acting membership, provided its role passes `allowed`; otherwise Forbidden with `message`. */
export const actingMemberWho =
  (deps: OrganizationActorDeps, allowed: (role: Role) => boolean, message: string) =>
  (actor: Actor): TE.TaskEither<AppError, Membership> =>
    pipe(
      actingMember(deps)(actor),
      TE.filterOrElse((m) => allowed(m.role), (): AppError => forbidden(message)),
    )
