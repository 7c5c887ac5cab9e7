/** The wire shapes of /join: an invitation read from its link, and joining with it. */
import * as t from 'io-ts'
import { Role } from '../../../../src/core/domain/identity/organization.js'
import { annotate, formatted } from '../openapi/codec-schema.js'
import { SessionCodec } from './session.js'

export const TokenBody = t.exact(t.type({ token: annotate(t.string, { description: 'The token from the link\'s fragment (`#token=…`).' }) }))

export const InvitationCodec = t.exact(
  t.type({
    kind: annotate(t.keyof({ organization: null, share: null }), { description: '`organization`: an invite to join one; `share`: a recording shared with the email.' }),
    email: formatted('email'),
    organizationName: t.union([t.string, t.null]),
    role: t.union([Role, t.null]),
    invitedBy: annotate(t.union([t.string, t.null]), { description: 'The name of who invited or shared; null for an operator\'s invite.' }),
    runId: t.union([formatted('uuid'), t.null]),
    accountExists: annotate(t.boolean, { description: 'Whether the email has an account: then its owner signs in (and accepts an invite at POST /organization/invites/accept) instead of joining.' }),
    mayCreateAccount: annotate(t.boolean, { description: 'Whether the link may make an account (a share link from someone who may not invite people onto the server only opens the recording for an existing account).' }),
    expiresAt: formatted('date-time'),
  }),
  'Invitation',
)

export const JoinedCodec = t.exact(
  t.type({
    kind: t.keyof({ organization: null, share: null }),
    runId: annotate(t.union([formatted('uuid'), t.null]), { description: 'The shared recording to open; null for an invite.' }),
    session: SessionCodec,
  }),
  'Joined',
)

export const JoinBody = t.exact(t.type({ token: t.string, name: t.string, password: t.string }))
