import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'
import { organizationWorld } from './organization-world.js'

type World = Awaited<ReturnType<typeof organizationWorld>>
const s = suite<{ h: Harness; w: World }>('HTTP: organization invites')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
  ctx.w = await organizationWorld(ctx.h)
})
s.after.each(async ({ h }) => h.close())

const DAY = 86_400_000

s('an admin invites; the token is shown once; the invited account accepts with its own key', async ({ h, w }) => {
  const created = await h.request('POST', '/organization/invites', { key: w.keys.admin, body: { email: 'Dan@Example.com', role: 'admin' } })
  assert.is(created.status, 201)
  const invite = created.body.data
  assert.equal(Object.keys(invite).sort(), ['createdAt', 'email', 'expiresAt', 'id', 'invitedBy', 'link', 'mailProblem', 'mailed', 'role', 'status', 'token'])
  assert.equal([invite.link, invite.mailed, invite.mailProblem], [`${h.url}/join#token=${invite.token}`, false, null])
  assert.equal([invite.email, invite.role, invite.status, invite.invitedBy], ['dan@example.com', 'admin', 'pending', w.ids.cy])
  assert.is(Date.parse(invite.expiresAt) - Date.parse(invite.createdAt), 7 * DAY)

  const listed = await h.request('GET', '/organization/invites', { key: w.keys.member })
  assert.equal(listed.body.data, { rows: [invite].map(({ token: _t, link: _l, mailed: _m, mailProblem: _p, ...rest }) => rest), total: 1, limit: 1, offset: 0 })
  assert.not.ok(JSON.stringify(listed.body).includes(invite.token), 'the token is never listed')

  assert.is((await h.request('POST', '/organization/invites/accept', { key: w.keys.danReadonly, body: { token: invite.token } })).status, 403)
  const accepted = await h.request('POST', '/organization/invites/accept', { key: w.keys.dan, body: { token: invite.token } })
  assert.is(accepted.status, 200)
  assert.equal(accepted.body.data, { organization: { id: w.acme.id, name: 'Acme' }, role: 'admin', joinedAt: h.clock.now().toISOString() })
  const members = await h.request('GET', '/organization/members', { key: w.keys.owner })
  assert.equal(members.body.data.rows.map((m: any) => [m.email, m.role]).at(-1), ['dan@example.com', 'admin'])
  assert.equal((await h.request('GET', '/organization/invites', { key: w.keys.owner })).body.data, { rows: [], total: 0, limit: 0, offset: 0 })
  // Dan's key was not organization-wide, so /me reports no reach; a new organization-wide key reaches Acme.
  assert.is((await h.request('GET', '/me', { key: w.keys.dan })).body.data.organization, null)
  const danOrgWide = await w.key(w.ids.dan, 'readonly', true)
  assert.equal((await h.request('GET', '/me', { key: danOrgWide })).body.data.organization, { id: w.acme.id, name: 'Acme' })
  assert.is((await h.request('GET', '/organization', { key: danOrgWide })).body.data.memberCount, 4)
  assert.is((await h.request('POST', '/organization/invites/accept', { key: w.keys.dan, body: { token: invite.token } })).status, 404, 'a token works once')
})

s('a token is only for the invited email, once; unknown tokens are 404', async ({ h, w }) => {
  const { token } = (await h.request('POST', '/organization/invites', { key: w.keys.owner, body: { email: 'dan@example.com', role: 'member' } })).body.data
  const eve = await w.account('Eve')
  const eveKey = await w.key(eve.id, 'full', false)
  const wrong = await h.request('POST', '/organization/invites/accept', { key: eveKey, body: { token } })
  assert.equal([wrong.status, wrong.body.error.code], [404, 'NOT_FOUND'])
  const garbage = await h.request('POST', '/organization/invites/accept', { key: w.keys.dan, body: { token: 'nope' } })
  assert.equal(garbage.body, wrong.body, 'an unknown token and someone else\'s token look the same')
  const missing = await h.request('POST', '/organization/invites/accept', { key: w.keys.dan, body: {} })
  assert.equal([missing.status, missing.body.error.details[0].path], [422, 'token'])
  assert.is((await h.request('POST', '/organization/invites/accept', { key: w.keys.dan, body: { token } })).status, 200)
  assert.is((await h.request('POST', '/organization/invites/accept', { key: eveKey, body: { token } })).status, 404)
})

s('invites expire after 7 days: listed as expired, refused with 409, replaced by a new one', async ({ h, w }) => {
  const first = (await h.request('POST', '/organization/invites', { key: w.keys.owner, body: { email: 'dan@example.com', role: 'member' } })).body.data
  h.clock.advance(7 * DAY - 1)
  assert.equal((await h.request('GET', '/organization/invites', { key: w.keys.owner })).body.data.rows.map((i: any) => i.status), ['pending'])
  h.clock.advance(1)
  assert.equal((await h.request('GET', '/organization/invites', { key: w.keys.owner })).body.data.rows.map((i: any) => i.status), ['expired'])
  const late = await h.request('POST', '/organization/invites/accept', { key: w.keys.dan, body: { token: first.token } })
  assert.equal([late.status, late.body.error.code], [409, 'CONFLICT'])
  assert.match(late.body.error.message, /expired/)
  const again = await h.request('POST', '/organization/invites', { key: w.keys.owner, body: { email: 'dan@example.com', role: 'member' } })
  assert.is(again.status, 201)
  assert.equal((await h.request('GET', '/organization/invites', { key: w.keys.owner })).body.data.rows.map((i: any) => [i.id, i.status]), [[again.body.data.id, 'pending']])
  assert.is((await h.request('POST', '/organization/invites/accept', { key: w.keys.dan, body: { token: first.token } })).status, 404, 'the old token is gone')
  assert.is((await h.request('POST', '/organization/invites/accept', { key: w.keys.dan, body: { token: again.body.data.token } })).status, 200)
})

s('revoking stops the token; members may not revoke; revoking twice is 404', async ({ h, w }) => {
  const invite = (await h.request('POST', '/organization/invites', { key: w.keys.admin, body: { email: 'dan@example.com', role: 'member' } })).body.data
  assert.is((await h.request('DELETE', `/organization/invites/${invite.id}`, { key: w.keys.member })).status, 403)
  const revoked = await h.request('DELETE', `/organization/invites/${invite.id}`, { key: w.keys.admin })
  assert.equal([revoked.status, revoked.body.data.id, 'token' in revoked.body.data], [200, invite.id, false])
  assert.is((await h.request('DELETE', `/organization/invites/${invite.id}`, { key: w.keys.admin })).status, 404)
  assert.is((await h.request('POST', '/organization/invites/accept', { key: w.keys.dan, body: { token: invite.token } })).status, 404)
})

s('invite rules: who invites whom, valid emails, one pending invite, no members', async ({ h, w }) => {
  const post = (key: string, body: unknown) => h.request('POST', '/organization/invites', { key, body })
  assert.is((await post(w.keys.member, { email: 'x@example.com', role: 'member' })).status, 403)
  assert.is((await post(w.keys.admin, { email: 'x@example.com', role: 'owner' })).status, 403)
  assert.is((await post(w.keys.owner, { email: 'x@example.com', role: 'owner' })).status, 201)
  assert.is((await post(w.keys.owner, { email: 'x@example.com', role: 'member' })).status, 409)
  assert.is((await post(w.keys.owner, { email: 'di@example.com', role: 'member' })).status, 409)
  const bad = await post(w.keys.owner, { email: 'not-an-email', role: 'member' })
  assert.equal([bad.status, bad.body.error.details[0].path], [422, 'email'])
  assert.equal((await post(w.keys.owner, { email: 'y@example.com', role: 'king' })).body.error.details[0].path, 'role')
  const paged = await h.request('GET', '/organization/invites?limit=5', { key: w.keys.owner })
  assert.equal([paged.status, paged.body.error.details[0].path], [422, 'limit'], 'the invites collection is not paged')
})

s('a retry with the same Idempotency-Key gets the same invite and token back, and invites nobody twice', async ({ h, w }) => {
  const send = () => h.request('POST', '/organization/invites', { key: w.keys.owner, body: { email: 'dan@example.com', role: 'member' }, headers: { 'idempotency-key': 'invite-dan-1' } })
  const first = await send()
  const retry = await send()
  assert.equal([first.status, retry.status, retry.headers.get('idempotent-replayed')], [201, 201, 'true'])
  assert.equal(retry.body, first.body)
  assert.is((await h.request('GET', '/organization/invites', { key: w.keys.owner })).body.data.total, 1)
})

s.run()
