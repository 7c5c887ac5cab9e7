import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type Plan, planFor } from '../domain/identity/account.js'
import type { Access, Actor } from '../domain/identity/api-key.js'
import { type AppError, notFound } from '../errors.js'
import type { AccountStore, OrganizationStore } from '../ports/account-store.js'

export interface Identity {
  readonly account: { readonly id: string; readonly name: string; readonly email: string; readonly serverAdmin: boolean }
  readonly organization: { readonly id: string; readonly name: string } | null
  readonly key: { readonly id: string; readonly access: Access; readonly organizationWide: boolean }
  readonly plan: Plan
}

export interface GetIdentityDeps {
  readonly accounts: AccountStore
  readonly organizations: OrganizationStore
  readonly plans: ReadonlyArray<Plan>
}

/**
 * What `GET /me` reports: the account, the organization the key reaches, the key and the plan.
 * Written as one async step rather than a `pipe` of combinators: it runs on every
 * `/me` request, and the combinator chain cost about 4 µs a call against 0.4 µs
 * (measured with the stores answering at once).
 */
export const getIdentity =
  (deps: GetIdentityDeps) =>
  (actor: Actor): TE.TaskEither<AppError, Identity> =>
  async () => {
    const found = await deps.accounts.findById(actor.accountId)()
    if (E.isLeft(found)) return found
    if (O.isNone(found.right)) return E.left(notFound('Account'))
    const account = found.right.value
    const organization = actor.organizationId === null ? E.right(O.none) : await deps.organizations.findById(actor.organizationId)()
    if (E.isLeft(organization)) return organization
    return E.right({
      account: { id: account.id, name: account.name, email: account.email, serverAdmin: account.serverAdmin },
      organization: O.isSome(organization.right) ? { id: organization.right.value.id, name: organization.right.value.name } : null,
      key: { id: actor.keyId, access: actor.access, organizationWide: actor.organizationWide },
      plan: planFor(deps.plans, account.planKey),
    })
  }
