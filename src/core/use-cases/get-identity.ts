import { pipe } from 'fp-ts/function'
import * as O from 'fp-ts/Option'
import * as TE from 'fp-ts/TaskEither'
import { type Plan, planFor } from '../domain/account.js'
import type { Access, Actor } from '../domain/api-key.js'
import { type AppError, notFound } from '../errors.js'
import type { AccountStore, OrganizationStore } from '../ports/account-store.js'

export interface Identity {
  readonly account: { readonly id: string; readonly name: string; readonly email: string }
  readonly organization: { readonly id: string; readonly name: string } | null
  readonly key: { readonly id: string; readonly access: Access; readonly organizationWide: boolean }
  readonly plan: Plan
}

export interface GetIdentityDeps {
  readonly accounts: AccountStore
  readonly organizations: OrganizationStore
  readonly plans: ReadonlyArray<Plan>
}

/** What `GET /me` reports: the account, the organization the key reaches, the key and the plan. */
export const getIdentity =
  (deps: GetIdentityDeps) =>
  (actor: Actor): TE.TaskEither<AppError, Identity> =>
    pipe(
      deps.accounts.findById(actor.accountId),
      TE.flatMap(TE.fromOption(() => notFound('Account'))),
      TE.flatMap((account) =>
        pipe(
          actor.organizationId === null
            ? TE.right(O.none)
            : deps.organizations.findById(actor.organizationId),
          TE.map(
            (organization): Identity => ({
              account: { id: account.id, name: account.name, email: account.email },
              organization: pipe(
                organization,
                O.map((o) => ({ id: o.id, name: o.name })),
                O.toNullable,
              ),
              key: { id: actor.keyId, access: actor.access, organizationWide: actor.organizationWide },
              plan: planFor(deps.plans, account.planKey),
            }),
          ),
        ),
      ),
    )
