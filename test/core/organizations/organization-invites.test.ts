import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { left, right } from '../../support/run.js'
import { setup } from './organization-setup.js'

const DAY = 86_400_000
const s = suite('organization invites')
const joinLink = (token: string) => `https://notes.example.com/join#token=${token}`

const world = async () => {
  const w = setup()
  const [ada, bob, cy, dan, eve] = [await w.account('Ada'), await w.account('Bob'), await w.account('Cy'), await w.account('Dan'), await w.account('Eve')]
  const acme = await w.organization(ada.id, [[bob.id, 'admin'], [cy.id, 'member']])
  const other = await w.organization(eve.id)
  return { ...w, ada, bob, cy, dan, eve, acme, other, asAdmin: w.actor(bob.id, acme.id) }
}

s('an admin invites: a one-time token, kept only as a hash, valid for 7 days', async () => {
  const { org, deps, asAdmin, acme, bob } = await world()
  const { invite, token } = await right(org.invite(asAdmin, { email: ' Dan@Example.com ', role: 'member', joinLink }))
  assert.equal([invite.email, invite.role, invite.status, invite.invitedBy, invite.organizationId], ['dan@example.com', 'member', 'pending', bob.id, acme.id])
  assert.is(invite.expiresAt, new Date(deps.clock.now().getTime() + 7 * DAY).toISOString())
  const stored = JSON.stringify(await right(deps.organizations.listInvites(acme.id)))
  assert.not.ok(stored.includes(token), 'the token is not stored')
  assert.not.ok(stored.includes(token.slice(-43)), 'nor its secret part')
})

s('who may invite whom', async () => {
  const { org, actor, asAdmin, acme, ada, cy } = await world()
  assert.equal(await left(org.invite(actor(cy.id, acme.id), { email: 'x@example.com', role: 'member', joinLink })), { _tag: 'Forbidden', message: 'Only owners and admins can invite' })
  assert.equal(await left(org.invite(asAdmin, { email: 'x@example.com', role: 'owner', joinLink })), { _tag: 'Forbidden', message: 'Only an owner can invite an owner' })
  assert.is((await right(org.invite(actor(ada.id, acme.id), { email: 'x@example.com', role: 'owner', joinLink }))).invite.role, 'owner')
  assert.is((await right(org.invite(asAdmin, { email: 'y@example.com', role: 'admin', joinLink }))).invite.role, 'admin')
  assert.equal((await left(org.invite(asAdmin, { email: 'not an email', role: 'member', joinLink })) as any).details, [{ path: 'email', message: 'email must be an email address' }])
})

s('one pending invite per email; an expired one makes way; members are not invited again', async () => {
  const { org, deps, asAdmin, acme } = await world()
  const first = await right(org.invite(asAdmin, { email: 'dan@example.com', role: 'member', joinLink }))
  assert.is((await left(org.invite(asAdmin, { email: 'dan@example.com', role: 'admin', joinLink })))._tag, 'Conflict')
  assert.is((await left(org.invite(asAdmin, { email: 'cy@example.com', role: 'admin', joinLink })))._tag, 'Conflict', 'cy is a member')
  deps.clock.advance(7 * DAY)
  assert.equal((await right(org.listInvites(asAdmin))).map((i) => i.status), ['expired'])
  const second = await right(org.invite(asAdmin, { email: 'dan@example.com', role: 'admin', joinLink }))
  assert.equal((await right(org.listInvites(asAdmin))).map((i) => [i.id, i.status]), [[second.invite.id, 'pending']])
  assert.is.not(second.invite.id, first.invite.id)
  assert.equal((await right(deps.organizations.listInvites(acme.id))).length, 1)
})

s('the invited account accepts once and joins with the invited role', async () => {
  const { org, asAdmin, acme, dan, actor } = await world()
  const { token } = await right(org.invite(asAdmin, { email: 'dan@example.com', role: 'admin', joinLink }))
  const accepted = await right(org.acceptInvite({ token, accountId: dan.id }))
  assert.equal([accepted.organization.id, accepted.membership.role, accepted.membership.accountId], [acme.id, 'admin', dan.id])
  assert.is((await right(org.get(actor(dan.id, acme.id)))).memberCount, 4)
  assert.equal(await right(org.listInvites(asAdmin)), [], 'used up')
  assert.is((await left(org.acceptInvite({ token, accountId: dan.id })))._tag, 'NotFound', 'a token works once')
})

s('a token is refused for another email, tampered, unknown, revoked; an expired one is a conflict', async () => {
  const { org, deps, asAdmin, dan, eve, cy, actor, acme } = await world()
  const { token, invite } = await right(org.invite(asAdmin, { email: 'dan@example.com', role: 'member', joinLink }))
  const notFound = { _tag: 'NotFound', message: 'Invite for this account not found' }
  assert.equal(await left(org.acceptInvite({ token, accountId: eve.id })), notFound, 'eve is not dan')
  const tampered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
  assert.equal(await left(org.acceptInvite({ token: tampered, accountId: dan.id })), notFound)
  assert.equal(await left(org.acceptInvite({ token: 'garbage', accountId: dan.id })), notFound)
  assert.is((await left(org.acceptInvite({ token, accountId: '00000000-0000-4000-8000-000000000000' })))._tag, 'NotFound')
  deps.clock.advance(7 * DAY)
  assert.equal(await left(org.acceptInvite({ token, accountId: dan.id })), { _tag: 'Conflict', message: `The invite expired at ${invite.expiresAt}; ask for a new one` })
  deps.clock.advance(-1)
  const revoked = await right(org.revokeInvite(asAdmin, invite.id))
  assert.is(revoked.id, invite.id)
  assert.equal(await left(org.acceptInvite({ token, accountId: dan.id })), notFound)
  assert.is((await left(org.revokeInvite(asAdmin, invite.id)))._tag, 'NotFound')
  assert.is((await left(org.revokeInvite(actor(cy.id, acme.id), invite.id)))._tag, 'Forbidden')
})

s('an account already in an organization cannot accept; the invite stays for later', async () => {
  const { org, asAdmin, eve, dan, other, actor, acme } = await world()
  const { token } = await right(org.invite(asAdmin, { email: 'eve@example.com', role: 'member', joinLink }))
  assert.equal(await left(org.acceptInvite({ token, accountId: eve.id })), { _tag: 'Conflict', message: 'The account belongs to an organization already; it must leave it first' })
  assert.is((await right(org.listInvites(asAdmin))).length, 1)
  // Eve's organization gets a second owner, who removes Eve; now she may accept.
  await right(org.addMember({ organizationId: other.id, account: dan.id, role: 'owner' }))
  await right(org.removeMember(actor(dan.id, other.id), eve.id))
  assert.is((await right(org.acceptInvite({ token, accountId: eve.id }))).organization.id, acme.id)
})

s('invites of another organization are neither listed nor revocable (404)', async () => {
  const { org, actor, asAdmin, eve, other } = await world()
  const theirs = await right(org.invite(actor(eve.id, other.id), { email: 'zed@example.com', role: 'member', joinLink }))
  assert.equal(await right(org.listInvites(asAdmin)), [])
  assert.is((await left(org.revokeInvite(asAdmin, theirs.invite.id)))._tag, 'NotFound')
  assert.is((await right(org.listInvites(actor(eve.id, other.id)))).length, 1, 'still there')
})

s('the operator invites without an inviter; unknown organizations are not found', async () => {
  const { org, acme, dan } = await world()
  const { invite, token } = await right(org.inviteAsOperator({ organizationId: acme.id, email: 'dan@example.com', role: 'member', invitedBy: null }))
  assert.is(invite.invitedBy, null)
  assert.is((await right(org.acceptInvite({ token, accountId: dan.id }))).organization.id, acme.id)
  assert.is((await left(org.inviteAsOperator({ organizationId: '00000000-0000-4000-8000-000000000000', email: 'x@example.com', role: 'member', invitedBy: null })))._tag, 'NotFound')
})

s.run()
