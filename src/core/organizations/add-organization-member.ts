import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Membership, Role } from '../domain/identity/organization.js'
import { type AppError, notFound } from '../errors.js'
import type { OperatorOrganizationDeps } from './create-organization.js'
import { findAccount } from '../identity/index.js'

/** An operator puts an existing account (by id or email) into an organization with a role. */
export const addOrganizationMember =
  (deps: OperatorOrganizationDeps) =>
  (input: { readonly organizationId: string; readonly account: string; readonly role: Role }): TE.TaskEither<AppError, Membership> =>
    pipe(
      deps.organizations.findById(input.organizationId),
      TE.flatMap(TE.fromOption(() => notFound('Organization'))),
      TE.flatMap(() => findAccount(deps)(input.account)),
      TE.flatMap((account) =>
        deps.organizations.addMember({
          organizationId: input.organizationId,
          accountId: account.id,
          role: input.role,
          joinedAt: deps.clock.now().toISOString(),
        }),
      ),
    )
