import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type Plan, planFor } from '../domain/identity/account.js'
import type { Run } from '../domain/recordings/run.js'
import { type AppError, conflict, notFound } from '../errors.js'
import type { AccountStore } from '../ports/account-store.js'
import type { Clock } from '../ports/clock.js'
import type { NewRunRules, RunStore } from '../ports/recording-stores.js'

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
  /** Null on an unlimited plan. */
  readonly left: number | null
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
            return { plan, used, left: plan.monthlyRecordings === null ? null : Math.max(0, plan.monthlyRecordings - used) }
          }),
        ),
      ),
    )

/** The store's check for a new counted run: the plan's cap this month, or none on an unlimited plan. */
export const allowanceRules = (plan: Plan, now: Date): NewRunRules =>
  plan.monthlyRecordings === null ? {} : { allowance: { since: monthStart(now), cap: plan.monthlyRecordings } }

/** Who can lift a spent allowance, in words (the web app's allowance card says the same). */
export const LIFT_ALLOWANCE =
  'A server administrator can lift it with `notetaker accounts set-plan --account EMAIL --plan self-hosted` (or another plan), or the operator can change NOTETAKER_PLANS'

export const allowanceSpentMessage = (plan: Plan, used: number) =>
  `The monthly recording allowance is spent: ${used} of ${plan.monthlyRecordings ?? 'unlimited'} recordings on plan ${plan.key} this month (it renews on the 1st, UTC). ${LIFT_ALLOWANCE}`

export const liveBotMessage = (reference: string) =>
  `A bot is already live for this account (${reference}); only one at a time. Wait until it has left, or make it leave with POST /bots/{runId}/leave`

/**
 * Adds a run that counts against the monthly allowance (bots, uploads and
 * calendar recordings all draw on it). The store checks the allowance and the
 * one-live-bot rule together with the insert, so parallel requests cannot both pass.
 */
export const createCountedRun =
  (deps: AllowanceDeps) =>
  (run: Run): TE.TaskEither<AppError, Run> =>
    pipe(
      deps.accounts.findById(run.accountId),
      TE.flatMap(TE.fromOption(() => notFound('Account'))),
      TE.flatMap((account) => {
        const plan = planFor(deps.plans, account.planKey)
        return pipe(
          deps.runs.create(run, allowanceRules(plan, deps.clock.now())),
          TE.mapLeft((e): AppError => {
            if (e._tag === 'AllowanceSpent') return conflict(allowanceSpentMessage(plan, e.used))
            if (e._tag === 'LiveBotExists') return conflict(liveBotMessage(e.reference))
            if (e._tag === 'MeetingRunExists') return conflict('The meeting already has a recording for this start')
            return e
          }),
        )
      }),
    )
