import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { INVITE_LIFETIME_DAYS, Role } from '../../../../src/core/domain/identity/organization.js'
import { type Page, wholePage } from '../../../../src/core/domain/page.js'
import type { AppError } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { pageQuery, uuidPath } from '../dispatch/params.js'
import { route } from '../route.js'
import { joinLink, type WebLinks } from '../web-links.js'
import {
  OrganizationCodec,
  MemberCodec,
  InviteCodec,
  CreatedInviteCodec,
  AcceptedCodec,
  CreateOrganizationBody,
  RoleBody,
  InviteBody,
  AcceptInviteBody,
  MemberPageCodec,
  InviteListCodec,
} from '../contract/organization.js'

const REACH = 'The key is not organization-wide, or its account is in no organization'
const READ_FORBIDDEN = { FORBIDDEN: `${REACH} (FORBIDDEN).` }
const writeForbidden = (who: string) => ({
  FORBIDDEN: `${REACH}; or the key is read-only; or the key's account is not ${who} (FORBIDDEN).`,
})
const memberNotFound = 'No member with this account id in the key\'s organization; a member of another organization answers 404 too, never 403 (NOT_FOUND).'
const inviteNotFound = 'No invite with this id in the key\'s organization; another organization\'s invite answers 404 too (NOT_FOUND).'
const accountId = { accountId: uuidPath('The member\'s account id.') }

const data = <A>(task: TE.TaskEither<AppError, A>) => TE.map((d: A) => ({ data: d }))(task)
// The page codec's rows are a mutable array; the core's are read-only.
const page = <A>(p: Page<A>) => ({ ...p, rows: [...p.rows] })

export const organizationRoutes = (core: Core, links: WebLinks) => [
  route({
    operationId: 'createOrganization', method: 'post', path: '/organization', tag: 'Organization', access: 'write',
    summary: 'Create an organization',
    description: 'A server administrator (the account of the first start, or one made with `notetaker accounts set-admin`) in no organization founds one and becomes its owner; its owners and admins then invite people. Other accounts cannot: an organization invites people onto the server, so who may found one is the operator\'s choice. Needs no organization-wide key (the account is in no organization yet); a password session reaches the new organization at once.',
    body: CreateOrganizationBody,
    errors: ['CONFLICT'],
    errorNotes: {
      FORBIDDEN: 'The key is read-only, or its account is not a server administrator (FORBIDDEN).',
      CONFLICT: 'The account is in an organization already (CONFLICT).',
      VALIDATION_ERROR: '`name` is empty or longer than 200 characters (VALIDATION_ERROR).',
    },
    success: { status: 201, description: 'The new organization, with its one member.', data: OrganizationCodec },
    handle: ({ actor, body }) => data(TE.map((o: { id: string; name: string; createdAt: string }) => ({ ...o, memberCount: 1 }))(core.organization.found(actor, body))),
  }),
  route({
    operationId: 'getOrganization', method: 'get', path: '/organization', tag: 'Organization', access: 'read', reach: 'organization',
    summary: 'The organization of the key',
    description: 'Needs an organization-wide key. Every member may read it.',
    errorNotes: READ_FORBIDDEN,
    success: { status: 200, description: 'The organization and its number of members.', data: OrganizationCodec },
    handle: ({ actor }) => data(core.organization.get(actor)),
  }),
  route({
    operationId: 'listOrganizationMembers', method: 'get', path: '/organization/members', tag: 'Organization', access: 'read', reach: 'organization',
    summary: 'Members of the organization, oldest first',
    description: 'Paged with `limit` and `offset`. Roles: `owner` (everything), `admin` (members and invites), `member` (reads).',
    query: pageQuery,
    errorNotes: READ_FORBIDDEN,
    success: { status: 200, description: 'A page of members.', data: MemberPageCodec },
    handle: ({ actor, query }) => pipe(core.organization.listMembers(actor, query), TE.map(page), data),
  }),
  route({
    operationId: 'removeOrganizationMember', method: 'delete', path: '/organization/members/{accountId}', tag: 'Organization', access: 'write', reach: 'organization',
    summary: 'Remove a member',
    description: 'Owners and admins; an admin cannot remove an owner. Only the membership ends: the account, its keys and its recordings stay its own. Answers the member as it was.',
    params: accountId,
    errors: ['CONFLICT'],
    errorNotes: { ...writeForbidden('an owner or admin (or is an admin removing an owner)'), NOT_FOUND: memberNotFound, CONFLICT: 'The member is the last owner; make another member an owner first (CONFLICT).' },
    success: { status: 200, description: 'The removed member.', data: MemberCodec },
    handle: ({ actor, params }) => data(core.organization.removeMember(actor, params.accountId)),
  }),
  route({
    operationId: 'changeOrganizationMemberRole', method: 'patch', path: '/organization/members/{accountId}', tag: 'Organization', access: 'write', reach: 'organization',
    summary: 'Change a member\'s role',
    description: 'Owners only, their own role included; the last owner cannot step down.',
    params: accountId,
    body: RoleBody,
    errors: ['CONFLICT'],
    errorNotes: { ...writeForbidden('an owner'), NOT_FOUND: memberNotFound, CONFLICT: 'The member is the last owner and the new role is not owner (CONFLICT).' },
    success: { status: 200, description: 'The member with its new role.', data: MemberCodec },
    handle: ({ actor, params, body }) => data(core.organization.changeRole(actor, params.accountId, body.role)),
  }),
  route({
    operationId: 'listOrganizationInvites', method: 'get', path: '/organization/invites', tag: 'Organization', access: 'read', reach: 'organization',
    summary: 'Every open invite of the organization',
    description: `The whole collection, not paged: \`total\` equals the number of rows, \`limit\` too, \`offset\` is 0. Invites not yet accepted or revoked; \`status\` \`expired\` once ${INVITE_LIFETIME_DAYS} days have passed.`,
    errorNotes: READ_FORBIDDEN,
    success: { status: 200, description: 'All open invites, oldest first.', data: InviteListCodec },
    handle: ({ actor }) => pipe(core.organization.listInvites(actor), TE.map((rows) => page(wholePage(rows))), data),
  }),
  route({
    operationId: 'createOrganizationInvite', method: 'post', path: '/organization/invites', tag: 'Organization', access: 'write', reach: 'organization',
    summary: 'Invite an email address',
    description: `Owners and admins; only an owner may invite an owner. The response carries \`token\`, shown only this once (only its hash is kept), and \`link\`, the web app's join page with that token: someone with no account opens it, sets a name and a password and is signed in as a member (POST /invites/join); an account accepts it at POST /organization/invites/accept; either within ${INVITE_LIFETIME_DAYS} days. The invited person is sent the link by mail when the server sends mail (\`mailed\`); otherwise pass \`link\` on. An expired invite for the same email is replaced.`,
    body: InviteBody,
    errors: ['CONFLICT'],
    errorNotes: { ...writeForbidden('an owner or admin (or is an admin inviting an owner)'), CONFLICT: 'The email has a pending invite, or belongs to a member already (CONFLICT).' },
    success: { status: 201, description: 'The invite, with its one-time token.', data: CreatedInviteCodec },
    handle: ({ actor, body, headers, connection }) =>
      data(
        TE.map((r: { invite: t.TypeOf<typeof InviteCodec>; token: string; link: string; mailed: boolean; mailProblem: string | null }) => ({
          ...r.invite,
          token: r.token,
          link: r.link,
          mailed: r.mailed,
          mailProblem: r.mailProblem,
        }))(core.organization.invite(actor, { ...body, joinLink: joinLink(links.baseFor(headers, connection)) })),
      ),
  }),
  route({
    operationId: 'revokeOrganizationInvite', method: 'delete', path: '/organization/invites/{inviteId}', tag: 'Organization', access: 'write', reach: 'organization',
    summary: 'Revoke an invite',
    description: 'Owners and admins. The token stops working. Answers the invite as it was.',
    params: { inviteId: uuidPath('The invite id.') },
    errorNotes: { ...writeForbidden('an owner or admin'), NOT_FOUND: inviteNotFound },
    success: { status: 200, description: 'The revoked invite.', data: InviteCodec },
    handle: ({ actor, params }) => data(core.organization.revokeInvite(actor, params.inviteId)),
  }),
  route({
    operationId: 'acceptOrganizationInvite', method: 'post', path: '/organization/invites/accept', tag: 'Organization', access: 'write',
    summary: 'Join an organization with an invite token',
    description: 'With a full-access key of the invited account, whose email must be the invite\'s. Unlike the other /organization routes it needs no organization-wide key: the account is not in the organization yet. The account joins with the invited role and the token is used up.',
    body: AcceptInviteBody,
    errors: ['CONFLICT'],
    errorNotes: {
      FORBIDDEN: 'The key is read-only (FORBIDDEN).',
      NOT_FOUND: 'No invite for this account\'s email matches the token (unknown, revoked, used, or for another email) (NOT_FOUND).',
      CONFLICT: 'The account belongs to an organization already, or the invite has expired (CONFLICT).',
    },
    success: { status: 200, description: 'The organization joined, with the role.', data: AcceptedCodec },
    handle: ({ actor, body }) =>
      data(
        TE.map((r: { organization: { id: string; name: string }; membership: { role: Role; joinedAt: string } }) => ({
          organization: r.organization,
          role: r.membership.role,
          joinedAt: r.membership.joinedAt,
        }))(core.organization.acceptInvite({ token: body.token, accountId: actor.accountId })),
      ),
  }),
]
