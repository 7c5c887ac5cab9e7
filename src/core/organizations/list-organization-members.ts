import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Member } from '../domain/identity/organization.js'
import type { Page, PageQuery } from '../domain/page.js'
import type { AppError } from '../errors.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import { actingMember } from './organization-actor.js'

/** A page of the members of the key's organization, oldest first. Every member may read it. */
export const listOrganizationMembers =
  (deps: { readonly organizations: OrganizationStore }) =>
  (actor: Actor, page: PageQuery): TE.TaskEither<AppError, Page<Member>> =>
    pipe(
      actingMember(deps)(actor),
      TE.flatMap((m) => deps.organizations.listMembers(m.organizationId, page)),
    )
