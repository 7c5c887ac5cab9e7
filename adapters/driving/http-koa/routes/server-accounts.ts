import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { type Account, planFor } from '../../../../src/core/domain/identity/account.js'
import type { Page } from '../../../../src/core/domain/page.js'
import type { Core } from '../../../../src/core/build-core.js'
import { pageQuery, uuidPath } from '../dispatch/params.js'
import { route } from '../route.js'
import { ServerAccountCodec, PlanListCodec, PlanBody, ServerAccountPageCodec } from '../contract/server-accounts.js'

const FORBIDDEN = "The key's account is not one of this server's administrators (FORBIDDEN)."

/** The server's accounts and their plans, for its administrators: how a spent allowance is lifted in the browser. */
export const serverAccountRoutes = (core: Core) => {
  const plans = core.ports.plans
  const view = (a: Account): t.TypeOf<typeof ServerAccountCodec> => ({
    id: a.id,
    name: a.name,
    email: a.email,
    plan: { ...planFor(plans, a.planKey) },
    serverAdmin: a.serverAdmin,
    organizationId: a.organizationId,
    createdAt: a.createdAt,
  })
  return [
    route({
      operationId: 'listServerAccounts', method: 'get', path: '/server/accounts', tag: 'Server accounts', access: 'read',
      summary: 'Every account of the server, with its plan',
      description: "For the server's administrators (any key of theirs). Oldest first, paged with `limit` and `offset`.",
      query: pageQuery,
      errorNotes: { FORBIDDEN },
      success: { status: 200, description: 'A page of accounts.', data: ServerAccountPageCodec },
      handle: ({ actor, query }) =>
        pipe(
          core.identity.listServerAccounts(actor, query),
          TE.map((p: Page<Account>) => ({ data: { ...p, rows: p.rows.map(view) } })),
        ),
    }),
    route({
      operationId: 'listServerPlans', method: 'get', path: '/server/plans', tag: 'Server accounts', access: 'read',
      summary: "The server's plans",
      description: 'The plans an account can be put on (NOTETAKER_PLANS), in the order the operator gave them. Any key may read them.',
      success: { status: 200, description: 'Every plan.', data: PlanListCodec },
      handle: () => TE.right({ data: plans.map((p) => ({ ...p })) }),
    }),
    route({
      operationId: 'changeServerAccountPlan', method: 'patch', path: '/server/accounts/{accountId}', tag: 'Server accounts', access: 'write',
      summary: "Change an account's plan",
      description: "For the server's administrators, with full access: puts the account on one of the server's plans (as `notetaker accounts set-plan` does), which lifts or sets its monthly allowance at once.",
      params: { accountId: uuidPath('The account id.') },
      body: PlanBody,
      errorNotes: {
        FORBIDDEN: `The key is read-only; or ${FORBIDDEN.charAt(0).toLowerCase()}${FORBIDDEN.slice(1)}`,
        NOT_FOUND: 'No account with this id (NOT_FOUND).',
        VALIDATION_ERROR: "`plan` is not one of the server's plans (VALIDATION_ERROR).",
      },
      success: { status: 200, description: 'The account on its new plan.', data: ServerAccountCodec },
      handle: ({ actor, params, body }) => TE.map((r: { account: Account }) => ({ data: view(r.account) }))(core.identity.changeAccountPlan(actor, params.accountId, body.plan)),
    }),
  ]
}
