import { pipe } from 'fp-ts/function'
import * as TE from 'fp-ts/TaskEither'
import { type Plan, planFor } from '../domain/account.js'
import { type AppError, conflict, notFound } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { Clock } from '../ports/clock.js'
import type { RunStore } from '../ports/recording-stores.js'

export interface AllowanceDeps {
  readonly accounts: AccountStore
  readonly runs: RunStore
  readonly plans: ReadonlyArray<Plan>
  readonly clock: Clock
}

/** The first instant of the current calendar month, UTC. */
export const monthStart = (now: Date): string => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString()

export interface Allowance {
  readonly plan: Plan
  readonly used: number
  readonly left: number
}

export const readAllowance =
  (deps: AllowanceDeps) =>
  (accountId: string): TE.TaskEither<AppError, Allowance> =>
    pipe(
      deps.accounts.findById(accountId),
      TE.flatMap(TE.fromOption(() => notFound('Account'))),
      TE.flatMap((account) =>
        pipe(
          deps.runs.countSince(accountId, monthStart(deps.clock.now())),
          TE.map((used) => {
            const plan = planFor(deps.plans, account.planKey)
            return { plan, used, left: Math.max(0, plan.monthlyRecordings - used) }
          }),
        ),
      ),
    )

/** Bots, uploads and calendar recordings all draw on the plan's monthly recordings. */
export const checkAllowance =
  (deps: AllowanceDeps) =>
  (accountId: string): TE.TaskEither<AppError, Allowance> =>
    pipe(
      readAllowance(deps)(accountId),
      TE.filterOrElse(
        (a) => a.left > 0,
        (a) =>
          conflict(
            `The monthly recording allowance is spent: ${a.used} of ${a.plan.monthlyRecordings} recordings on plan ${a.plan.key} this month (it renews on the 1st, UTC)`,
          ),
      ),
    )
