/** The wire shapes of /server/accounts and /server/plans: accounts and plans as a server administrator sees them. */
import { pageOf } from '../dispatch/envelope.js'
import * as t from 'io-ts'
import { annotate, formatted } from '../openapi/codec-schema.js'

const PlanCodec = t.exact(
  t.type({
    key: t.string,
    paid: t.boolean,
    monthlyRecordings: annotate(t.union([t.number, t.null]), { description: 'Recordings an account may start per calendar month; null: unlimited.' }),
  }),
  'ServerPlan',
)
export const ServerAccountCodec = t.exact(
  t.type({
    id: formatted('uuid'),
    name: t.string,
    email: formatted('email'),
    plan: PlanCodec,
    serverAdmin: t.boolean,
    organizationId: t.union([formatted('uuid'), t.null]),
    createdAt: formatted('date-time'),
  }),
  'ServerAccount',
)

export const PlanListCodec = t.array(PlanCodec, 'ServerPlanList')

export const PlanBody = t.exact(t.type({ plan: annotate(t.string, { description: 'One of the keys of GET /server/plans.' }) }))

export const ServerAccountPageCodec = pageOf(ServerAccountCodec, 'ServerAccountPage')
