/** The wire shapes of /organization: the organization, members, invites, and the bodies that change them. */
import { pageOf } from '../dispatch/envelope.js'
import * as t from 'io-ts'
import { Email } from '../../../../src/core/domain/identity/account.js'
import { InviteStatus, Role } from '../../../../src/core/domain/identity/organization.js'
import { annotate, formatted, nullableFormatted } from '../openapi/codec-schema.js'

export const OrganizationCodec = t.exact(
  t.type({ id: formatted('uuid'), name: t.string, createdAt: formatted('date-time'), memberCount: t.number }),
  'Organization',
)
export const MemberCodec = t.exact(
  t.type({ accountId: formatted('uuid'), name: t.string, email: formatted('email'), role: Role, joinedAt: formatted('date-time') }),
  'Member',
)
const inviteFields = {
  id: formatted('uuid'),
  email: formatted('email'),
  role: Role,
  status: InviteStatus,
  invitedBy: nullableFormatted('uuid', 'The inviting account; null when an operator invited through the CLI.'),
  createdAt: formatted('date-time'),
  expiresAt: formatted('date-time'),
}
export const InviteCodec = t.exact(t.type(inviteFields), 'Invite')
export const CreatedInviteCodec = t.exact(
  t.type({
    ...inviteFields,
    token: t.string,
    link: annotate(t.string, { description: 'The one-time link to the web app\'s join page (the token in its fragment), at NOTETAKER_PUBLIC_URL or the address of this request. Pass it on when `mailed` is false.' }),
    mailed: annotate(t.boolean, { description: 'Whether the invited person was sent the link by mail (the server sends mail when SMTP is configured).' }),
    mailProblem: annotate(t.union([t.string, t.null]), { description: 'Why the mail was not sent when the server sends mail (the mail server\'s answer); null otherwise.' }),
  }),
  'CreatedInvite',
)
export const AcceptedCodec = t.exact(
  t.type({ organization: t.exact(t.type({ id: formatted('uuid'), name: t.string })), role: Role, joinedAt: formatted('date-time') }),
  'AcceptedInvite',
)

export const CreateOrganizationBody = t.exact(t.type({ name: t.string }))

export const RoleBody = t.exact(t.type({ role: Role }))

export const InviteBody = t.exact(t.type({ email: Email, role: Role }))

export const AcceptInviteBody = t.exact(t.type({ token: t.string }))

export const MemberPageCodec = pageOf(MemberCodec, 'MemberPage')

export const InviteListCodec = pageOf(InviteCodec, 'InviteList')
