import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Organization } from '../domain/identity/account.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type AppError, notFound } from '../errors.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import { actingMember } from './organization-actor.js'

export interface OrganizationSummary extends Organization {
  readonly memberCount: number
}

/** The organization an organization-wide key reaches, with its number of members. */
export const getOrganization =
  (deps: { readonly organizations: OrganizationStore }) =>
  (actor: Actor): TE.TaskEither<AppError, OrganizationSummary> =>
    pipe(
      actingMember(deps)(actor),
      TE.flatMap((m) => deps.organizations.findById(m.organizationId)),
      TE.flatMap(TE.fromOption(() => notFound('Organization'))),
      TE.flatMap((organization) =>
        pipe(
          deps.organizations.countMembers(organization.id),
          TE.map((memberCount) => ({ ...organization, memberCount })),
        ),
      ),
    )
