import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import type { Core } from '../../../../src/core/build-core.js'
import { route } from '../route.js'
import { MeCodec, AllowanceCodec } from '../contract/identity.js'

export const identityRoutes = (core: Core) => [
  route({
    operationId: 'getMe',
    method: 'get',
    path: '/me',
    tag: 'Account',
    summary: 'Who this key acts as',
    description:
      'The account, the organization the key reaches (null unless the key is organization-wide), the key (`access` is `full` or `readonly`) and the plan (`monthlyRecordings` is the monthly recording allowance; null is unlimited, as on the `self-hosted` plan that the first account and accounts made with `notetaker accounts create` get).',
    access: 'read',
    success: { status: 200, description: 'The Account object.', data: MeCodec },
    // One async step rather than TE.map (as in getIdentity): the busiest route keeps its promise chain short.
    handle:
      ({ actor }) =>
      async () =>
        E.map((data: t.TypeOf<typeof MeCodec>) => ({ data }))(await core.identity.getIdentity(actor)()),
  }),
  route({
    operationId: 'getAllowance',
    method: 'get',
    path: '/me/allowance',
    tag: 'Account',
    summary: 'The monthly recording allowance and how much of it is used',
    description:
      'Recordings created this calendar month (UTC) from bots, calendar meetings and uploads count; cancelled, skipped and superseded ones do not, nor ones that failed before producing anything (an upload that could not be read or transcribed, a bot never admitted, refused, or sent to a meeting that does not exist). Deleting a recording does not give back what it used: deleted recordings still count, except an upload whose file was never sent and a bot deleted before it was admitted. At `left: 0`, POST /bots and POST /uploads answer 409 and the engine skips meetings, saying why (and who can lift it: a server administrator with `notetaker accounts set-plan`, or the operator with NOTETAKER_PLANS). On an unlimited plan (`monthlyRecordings` and `left` null, the `self-hosted` plan) nothing is refused for the allowance.',
    access: 'read',
    success: { status: 200, description: 'The allowance.', data: AllowanceCodec },
    handle: ({ actor }) =>
      TE.map((a: { plan: { key: string; paid: boolean; monthlyRecordings: number | null }; used: number; left: number | null }) => ({
        data: { plan: { key: a.plan.key, paid: a.plan.paid, monthlyRecordings: a.plan.monthlyRecordings }, since: core.recordings.allowanceSince(), used: a.used, left: a.left },
      }))(core.recordings.readAllowance(actor.accountId)),
  }),
]
