import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Organization } from '../domain/identity/account.js'
import { type AppError, invalidField } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { Clock } from '../ports/clock.js'
import type { Ids } from '../ports/ids.js'
import type { OrganizationStore } from '../ports/organization-store.js'
import { findAccount } from '../identity/index.js'

export interface OperatorOrganizationDeps {
  readonly organizations: OrganizationStore
  readonly accounts: AccountStore
  readonly clock: Clock
  readonly ids: Ids
}

/** An operator founds an organization with an existing account (by id or email) as its owner. */
export const createOrganization =
  (deps: OperatorOrganizationDeps) =>
  (input: { readonly name: string; readonly owner: string }): TE.TaskEither<AppError, Organization> => {
    const name = input.name.trim()
    if (name === '') return TE.left(invalidField('name', 'name must not be empty'))
    return pipe(
      findAccount(deps)(input.owner),
      TE.flatMap((owner) =>
        deps.organizations.createWithOwner({ id: deps.ids.uuid(), name, createdAt: deps.clock.now().toISOString() }, owner.id),
      ),
    )
  }
