/** The wire shapes of GET /me and GET /me/allowance. */
import * as t from 'io-ts'
import { KeyAccess } from '../../../../src/core/domain/identity/api-key-rules.js'
import { annotate, formatted } from '../openapi/codec-schema.js'

/** The plan; `monthlyRecordings` null is unlimited (the `self-hosted` plan). */
export const PlanCodec = t.exact(
  t.type({
    key: annotate(t.string, { description: 'The plan\'s key, one of the server\'s plans (`self-hosted`, `free` and `pro` unless the operator set NOTETAKER_PLANS).' }),
    paid: t.boolean,
    monthlyRecordings: annotate(t.union([t.number, t.null]), {
      description: 'Recordings the account may start per calendar month (UTC); null: unlimited, as on the `self-hosted` plan.',
    }),
  }),
)

export const MeCodec = t.exact(
  t.type({
    account: t.exact(
      t.type({
        id: formatted('uuid'),
        name: t.string,
        email: t.string,
        serverAdmin: annotate(t.boolean, { description: "Whether the account is one of this server's administrators, who manage its speech models (/server/models)." }),
      }),
    ),
    organization: t.union([t.exact(t.type({ id: formatted('uuid'), name: t.string })), t.null]),
    key: t.exact(t.type({ id: formatted('uuid'), access: KeyAccess, organizationWide: t.boolean })),
    plan: PlanCodec,
  }),
  'Account',
)

export const AllowanceCodec = t.exact(
  t.type({
    plan: PlanCodec,
    since: formatted('date-time', 'The start of the current calendar month, UTC; the allowance renews then.'),
    used: t.number,
    left: annotate(t.union([t.number, t.null]), { description: 'Recordings left this month; null on an unlimited plan.' }),
  }),
  'Allowance',
)
