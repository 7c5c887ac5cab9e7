import * as TE from 'fp-ts/TaskEither'
import * as t from 'io-ts'
import type { Core } from '../../../src/index.js'
import { formatted } from '../codec-schema.js'
import { route } from '../route.js'

export const MeCodec = t.exact(
  t.type({
    account: t.exact(t.type({ id: formatted('uuid'), name: t.string, email: t.string })),
    organization: t.union([t.exact(t.type({ id: formatted('uuid'), name: t.string })), t.null]),
    key: t.exact(t.type({ id: formatted('uuid'), access: t.keyof({ full: null, readonly: null }), organizationWide: t.boolean })),
    plan: t.exact(t.type({ key: t.string, paid: t.boolean, monthlyRecordings: t.number })),
  }),
  'Account',
)

export const identityRoutes = (core: Core) => [
  route({
    operationId: 'getMe',
    method: 'get',
    path: '/me',
    tag: 'Account',
    summary: 'Who this key acts as',
    description:
      'The account, the organization the key reaches (null unless the key is organization-wide), the key (`access` is `full` or `readonly`) and the plan (`monthlyRecordings` is the monthly recording allowance).',
    access: 'read',
    success: { status: 200, description: 'The Account object.', data: MeCodec },
    handle: ({ actor }) => TE.map((data: t.TypeOf<typeof MeCodec>) => ({ data }))(core.getIdentity(actor)),
  }),
]
