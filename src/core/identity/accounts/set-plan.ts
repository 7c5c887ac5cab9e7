import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type Account, type Plan, planFor } from '../../domain/identity/account.js'
import { type AppError, invalidField, notFound } from '../../errors.js'
import type { AccountStore } from '../../ports/account-store.js'
import { findAccount } from './find-account.js'

export interface PlanSet {
  readonly account: Account
  readonly plan: Plan
  /** False when the account already was on the plan. */
  readonly changed: boolean
}

/** The refusal of a plan the server does not have, listing the ones it has. */
export const unknownPlan = (plans: ReadonlyArray<Plan>, key: string): AppError =>
  invalidField('plan', `${key} is not one of this server's plans; the plans are: ${plans.map((p) => p.key).join(', ')}`)

/**
 * An operator (CLI) puts an account, named by id or email, on one of the configured plans: how a
 * spent allowance is lifted without redefining NOTETAKER_PLANS.
 */
export const setPlan =
  (deps: { readonly accounts: AccountStore; readonly plans: ReadonlyArray<Plan> }) =>
  (idOrEmail: string, planKey: string): TE.TaskEither<AppError, PlanSet> => {
    if (!deps.plans.some((p) => p.key === planKey)) return TE.left(unknownPlan(deps.plans, planKey))
    return pipe(
      findAccount(deps)(idOrEmail),
      TE.flatMap((before) =>
        pipe(
          deps.accounts.setPlan(before.id, planKey),
          TE.flatMap(TE.fromOption((): AppError => notFound('Account'))),
          TE.map((account) => ({ account, plan: planFor(deps.plans, planKey), changed: before.planKey !== planKey })),
        ),
      ),
    )
  }
