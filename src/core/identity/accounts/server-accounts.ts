import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Account, Plan } from '../../domain/identity/account.js'
import type { Actor } from '../../domain/identity/api-key.js'
import type { Page, PageQuery } from '../../domain/page.js'
import { type AppError, forbidden, notFound } from '../../errors.js'
import type { AccountStore } from '../../ports/account-store.js'
import { requireWriter } from '../require-writer.js'
import { type PlanSet, setPlan } from './set-plan.js'

export interface ServerAccountsDeps {
  readonly accounts: AccountStore
  readonly plans: ReadonlyArray<Plan>
}

export const NOT_A_SERVER_ADMINISTRATOR = "Only this server's administrators see its accounts and change their plans"

const requireAdministrator = (deps: ServerAccountsDeps) => (actor: Actor): TE.TaskEither<AppError, Actor> =>
  pipe(
    deps.accounts.findById(actor.accountId),
    TE.flatMap((a) => (O.exists((x: Account) => x.serverAdmin)(a) ? TE.right(actor) : TE.left(forbidden(NOT_A_SERVER_ADMINISTRATOR)))),
  )

/** `GET /server/accounts`: every account of the server, oldest first, for its administrators (any key of theirs). */
export const listServerAccounts =
  (deps: ServerAccountsDeps) =>
  (actor: Actor, page: PageQuery): TE.TaskEither<AppError, Page<Account>> =>
    pipe(requireAdministrator(deps)(actor), TE.flatMap(() => deps.accounts.list(page)))

/** `PATCH /server/accounts/{id}`: an administrator (full access) puts an account, by id, on one of the server's plans. */
export const changeAccountPlan =
  (deps: ServerAccountsDeps) =>
  (actor: Actor, accountId: string, planKey: string): TE.TaskEither<AppError, PlanSet> =>
    pipe(
      requireWriter(actor),
      TE.flatMap(requireAdministrator(deps)),
      TE.flatMap(() => deps.accounts.findById(accountId)),
      TE.flatMap(TE.fromOption((): AppError => notFound('Account'))),
      TE.flatMap((account) => setPlan(deps)(account.id, planKey)),
    )
