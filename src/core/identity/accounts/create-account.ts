import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type Account, Email, normaliseEmail, type Plan } from '../../domain/identity/account.js'
import { type AppError, invalidField } from '../../errors.js'
import type { AccountStore, OrganizationStore } from '../../ports/account-store.js'
import type { Clock } from '../../ports/clock.js'
import type { Ids } from '../../ports/ids.js'

export interface CreateAccountInput {
  readonly name: string
  readonly email: string
  readonly planKey: string
  /** Creates a new organization of this name with the account in it. */
  readonly organizationName: string | null
  /** Makes it a server administrator (the first start's account; `accounts create --server-admin`). False when absent. */
  readonly serverAdmin?: boolean
}

export interface CreateAccountDeps {
  readonly accounts: AccountStore
  readonly organizations: OrganizationStore
  readonly plans: ReadonlyArray<Plan>
  readonly clock: Clock
  readonly ids: Ids
}

const checkInput = (plans: ReadonlyArray<Plan>, input: CreateAccountInput): O.Option<AppError> => {
  if (input.name.trim() === '') return O.some(invalidField('name', 'name must not be empty'))
  if (!Email.is(normaliseEmail(input.email))) return O.some(invalidField('email', 'email must be an email address'))
  if (!plans.some((p) => p.key === input.planKey)) {
    const known = plans.map((p) => p.key).join(', ')
    return O.some(invalidField('plan', `plan must be one of: ${known}`))
  }
  if (input.organizationName !== null && input.organizationName.trim() === '') {
    return O.some(invalidField('organization', 'organization name must not be empty'))
  }
  return O.none
}

/** An operator creates an account (and optionally its organization). */
export const createAccount =
  (deps: CreateAccountDeps) =>
  (input: CreateAccountInput): TE.TaskEither<AppError, Account> => {
    const problem = checkInput(deps.plans, input)
    if (O.isSome(problem)) return TE.left(problem.value)
    const createdAt = deps.clock.now().toISOString()
    const organization =
      input.organizationName === null
        ? TE.right<AppError, string | null>(null)
        : pipe(
            deps.organizations.create({ id: deps.ids.uuid(), name: input.organizationName.trim(), createdAt }),
            TE.map((o): string | null => o.id),
          )
    return pipe(
      organization,
      TE.flatMap((organizationId) =>
        deps.accounts.create({
          id: deps.ids.uuid(),
          name: input.name.trim(),
          email: normaliseEmail(input.email),
          planKey: input.planKey,
          organizationId,
          serverAdmin: input.serverAdmin === true,
          createdAt,
        }),
      ),
    )
  }
