import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Account, Organization } from '../domain/identity/account.js'
import type { Actor } from '../domain/identity/api-key.js'
import { type AppError, conflict, forbidden, invalidField } from '../errors.js'
import { requireWriter } from '../identity/index.js'
import type { OperatorOrganizationDeps } from './create-organization.js'

export const ONLY_ADMINISTRATORS_FOUND = "Only this server's administrators can create an organization; ask one to create it or to invite you"
const IN_ONE_ALREADY = 'Your account is in an organization already; leave it before creating another'

/**
 * `POST /organization`: a server administrator in no organization founds one and
 * becomes its owner. Only administrators: an organization's owners and admins
 * invite people onto the server, so who may found one is the operator's choice.
 */
export const foundOrganization =
  (deps: OperatorOrganizationDeps) =>
  (actor: Actor, input: { readonly name: string }): TE.TaskEither<AppError, Organization> => {
    const name = input.name.trim()
    if (name === '') return TE.left(invalidField('name', 'The organization needs a name'))
    if ([...name].length > 200) return TE.left(invalidField('name', 'The name must be at most 200 characters'))
    return pipe(
      requireWriter(actor),
      TE.flatMap(() => deps.accounts.findById(actor.accountId)),
      TE.filterOrElse(O.exists((a: Account) => a.serverAdmin), (): AppError => forbidden(ONLY_ADMINISTRATORS_FOUND)),
      TE.filterOrElse(O.exists((a: Account) => a.organizationId === null), (): AppError => conflict(IN_ONE_ALREADY)),
      TE.flatMap(() => deps.organizations.createWithOwner({ id: deps.ids.uuid(), name, createdAt: deps.clock.now().toISOString() }, actor.accountId)),
      TE.mapLeft((e) => (e._tag === 'Conflict' ? conflict(IN_ONE_ALREADY) : e)),
    )
  }
