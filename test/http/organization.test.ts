import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'
import { right } from '../support/run.js'
import { organizationWorld } from './organization-world.js'

type World = Awaited<ReturnType<typeof organizationWorld>>
const s = suite<{ h: Harness; w: World }>('HTTP: organization, members and reach')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
  ctx.w = await organizationWorld(ctx.h)
})
s.after.each(async ({ h }) => h.close())

const UNKNOWN = '00000000-0000-4000-8000-000000000000'

s('every organization route against every kind of key', async ({ h, w }) => {
  // Each write needs its own target, since the one cell that succeeds uses it up.
  const patchTarget = (await w.account('Pat')).id
  const deleteTarget = (await w.account('Del')).id
  for (const id of [patchTarget, deleteTarget]) await right(h.core.organization.addMember({ organizationId: w.acme.id, account: id, role: 'member' }))
  const invite = await right(h.core.organization.inviteAsOperator({ organizationId: w.acme.id, email: 'revoke@example.com', role: 'member', invitedBy: null }))
  const forAda = await right(h.core.organization.inviteAsOperator({ organizationId: w.other.id, email: 'ada@example.com', role: 'member', invitedBy: null }))
  const kinds = { full: h.keys.full, readonly: h.keys.readonly, orgWide: w.keys.owner, orgWideReadonly: w.keys.ownerReadonly }
  const matrix: Array<[string, string, unknown, [number, number, number, number]]> = [
    ['GET', '/organization', undefined, [403, 403, 200, 200]],
    ['GET', '/organization/members', undefined, [403, 403, 200, 200]],
    ['PATCH', `/organization/members/${patchTarget}`, { role: 'admin' }, [403, 403, 200, 403]],
    ['DELETE', `/organization/members/${deleteTarget}`, undefined, [403, 403, 200, 403]],
    ['GET', '/organization/invites', undefined, [403, 403, 200, 200]],
    ['POST', '/organization/invites', { email: 'new@example.com', role: 'member' }, [403, 403, 201, 403]],
    ['DELETE', `/organization/invites/${invite.invite.id}`, undefined, [403, 403, 200, 403]],
    // Accepting needs no reach (the account is in no organization yet); Ada is in one, so it is a conflict.
    ['POST', '/organization/invites/accept', { token: forAda.token }, [409, 403, 409, 403]],
  ]
  const table: string[] = []
  for (const [method, path, body, expected] of matrix) {
    const got: number[] = []
    for (const key of Object.values(kinds)) {
      const r = await h.request(method, path, { key, ...(body === undefined ? {} : { body }) })
      got.push(r.status)
      if (r.status === 403) assert.is(r.body.error.code, 'FORBIDDEN')
    }
    table.push(`${method} ${path.replace(/[0-9a-f-]{36}/, '{id}')}: ${got.join(' ')}`)
    assert.equal(got, expected, `${method} ${path} with keys ${Object.keys(kinds).join(', ')}`)
  }
  assert.is(table.length, 8)
})

s('GET /organization answers the organization of the key with its member count; /me agrees', async ({ h, w }) => {
  const r = await h.request('GET', '/organization', { key: w.keys.member })
  assert.equal(r.body.data, { id: w.acme.id, name: 'Acme', createdAt: w.acme.createdAt, memberCount: 3 })
  const me = await h.request('GET', '/me', { key: w.keys.member })
  assert.equal(me.body.data.organization, { id: w.acme.id, name: 'Acme' })
  assert.is((await h.request('GET', '/organization', { key: w.keys.otherOwner })).body.data.name, 'Other')
  const forbidden = await h.request('GET', '/organization', { key: h.keys.full })
  assert.match(forbidden.body.error.message, /organization-wide/)
})

s('members are paged oldest first with the standard envelope and bounds', async ({ h, w }) => {
  const all = await h.request('GET', '/organization/members', { key: w.keys.member })
  assert.equal(all.body.data.rows.map((m: any) => [m.accountId, m.role]), [[w.ids.ada, 'owner'], [w.ids.cy, 'admin'], [w.ids.di, 'member']])
  assert.equal(Object.keys(all.body.data.rows[0]).sort(), ['accountId', 'email', 'joinedAt', 'name', 'role'])
  assert.equal([all.body.data.total, all.body.data.limit, all.body.data.offset], [3, 25, 0])
  const page = await h.request('GET', '/organization/members?limit=2&offset=1', { key: w.keys.member })
  assert.equal([page.body.data.rows.map((m: any) => m.name), page.body.data.total], [['Cy', 'Di'], 3])
  const past = await h.request('GET', '/organization/members?offset=3', { key: w.keys.member })
  assert.equal([past.body.data.rows, past.body.data.total], [[], 3])
  assert.is((await h.request('GET', '/organization/members?limit=100', { key: w.keys.member })).status, 200)
  for (const [query, status, path] of [['limit=0', 422, 'limit'], ['limit=101', 422, 'limit'], ['offset=-1', 422, 'offset'], ['limit=abc', 400, 'limit'], ['limit=2.5', 400, 'limit']] as const) {
    const r = await h.request('GET', `/organization/members?${query}`, { key: w.keys.member })
    assert.is(r.status, status, query)
    assert.is(r.body.error.details[0].path, path)
  }
})

s('removing: owners and admins, never the last owner; only the membership ends', async ({ h, w }) => {
  const byMember = await h.request('DELETE', `/organization/members/${w.ids.cy}`, { key: w.keys.member })
  assert.equal([byMember.status, byMember.body.error.code], [403, 'FORBIDDEN'])
  const adminOnOwner = await h.request('DELETE', `/organization/members/${w.ids.ada}`, { key: w.keys.admin })
  assert.is(adminOnOwner.status, 403)
  const lastOwner = await h.request('DELETE', `/organization/members/${w.ids.ada}`, { key: w.keys.owner })
  assert.equal([lastOwner.status, lastOwner.body.error.code], [409, 'CONFLICT'])
  const removed = await h.request('DELETE', `/organization/members/${w.ids.di}`, { key: w.keys.admin })
  assert.equal([removed.status, removed.body.data.accountId, removed.body.data.role], [200, w.ids.di, 'member'])
  assert.is((await h.request('GET', '/organization', { key: w.keys.owner })).body.data.memberCount, 2)
  // Di's organization-wide key now reaches nothing, but Di's account still answers.
  assert.is((await h.request('GET', '/organization', { key: w.keys.member })).status, 403)
  const me = await h.request('GET', '/me', { key: w.keys.member })
  assert.equal([me.status, me.body.data.account.id, me.body.data.organization], [200, w.ids.di, null])
  assert.is((await h.request('DELETE', `/organization/members/${w.ids.di}`, { key: w.keys.admin })).status, 404)
})

s('changing roles: owners only; the last owner cannot step down', async ({ h, w }) => {
  assert.is((await h.request('PATCH', `/organization/members/${w.ids.di}`, { key: w.keys.admin, body: { role: 'admin' } })).status, 403)
  assert.is((await h.request('PATCH', `/organization/members/${w.ids.ada}`, { key: w.keys.owner, body: { role: 'member' } })).status, 409)
  const promoted = await h.request('PATCH', `/organization/members/${w.ids.cy}`, { key: w.keys.owner, body: { role: 'owner' } })
  assert.equal([promoted.status, promoted.body.data.role], [200, 'owner'])
  const bad = await h.request('PATCH', `/organization/members/${w.ids.cy}`, { key: w.keys.owner, body: { role: 'boss' } })
  assert.equal([bad.status, bad.body.error.details[0].path], [422, 'role'])
  const extra = await h.request('PATCH', `/organization/members/${w.ids.cy}`, { key: w.keys.owner, body: { role: 'admin', name: 'x' } })
  assert.equal([extra.status, extra.body.error.details[0].path], [422, 'name'])
  assert.is((await h.request('PATCH', `/organization/members/${w.ids.ada}`, { key: w.keys.owner, body: { role: 'member' } })).status, 200, 'Cy is an owner now')
})

s('ids of another organization answer 404, never 403; malformed ids 422', async ({ h, w }) => {
  const theirInvite = await right(h.core.organization.inviteAsOperator({ organizationId: w.other.id, email: 'zed@example.com', role: 'member', invitedBy: null }))
  const cases: Array<[string, string, unknown]> = [
    ['DELETE', `/organization/members/${w.ids.bob}`, undefined],
    ['PATCH', `/organization/members/${w.ids.bob}`, { role: 'member' }],
    ['DELETE', `/organization/members/${w.ids.dan}`, undefined],
    ['DELETE', `/organization/members/${UNKNOWN}`, undefined],
    ['DELETE', `/organization/invites/${theirInvite.invite.id}`, undefined],
    ['DELETE', `/organization/invites/${UNKNOWN}`, undefined],
  ]
  const bodies = new Set<string>()
  for (const [method, path, body] of cases) {
    const r = await h.request(method, path, { key: w.keys.owner, ...(body === undefined ? {} : { body }) })
    assert.equal([r.status, r.body.error.code], [404, 'NOT_FOUND'], `${method} ${path}`)
    if (path.includes('members') && method === 'DELETE') bodies.add(JSON.stringify(r.body))
  }
  assert.is(bodies.size, 1, 'another organization\'s member looks like no member at all')
  assert.is((await h.request('GET', '/organization/invites', { key: w.keys.otherOwner })).body.data.total, 1, 'their invite is still there')
  for (const [method, path, param] of [['DELETE', '/organization/members/42', 'accountId'], ['PATCH', '/organization/members/not-a-uuid', 'accountId'], ['DELETE', '/organization/invites/xyz', 'inviteId']]) {
    const r = await h.request(method!, path!, { key: w.keys.owner, ...(method === 'PATCH' ? { body: { role: 'member' } } : {}) })
    assert.equal([r.status, r.body.error.details[0].path], [422, param])
  }
})

s('the OpenAPI description lists every organization route with its reach and notes', async ({ h }) => {
  const paths = h.openapi.paths
  const ops = Object.entries<any>(paths).filter(([p]) => p.startsWith('/organization')).flatMap(([p, o]) => Object.entries<any>(o).map(([m, op]) => [`${m.toUpperCase()} ${p}`, op] as const))
  assert.equal(ops.map(([k]) => k).sort(), [
    'DELETE /organization/invites/{inviteId}', 'DELETE /organization/members/{accountId}', 'GET /organization', 'GET /organization/invites',
    'GET /organization/members', 'PATCH /organization/members/{accountId}', 'POST /organization', 'POST /organization/invites', 'POST /organization/invites/accept',
  ])
  // Accepting and creating one are for accounts not in the organization yet: no organization-wide key.
  const outside = (name: string) => name.endsWith('/accept') || name === 'POST /organization'
  for (const [name, op] of ops) {
    assert.match(op.responses['403'].description, outside(name) ? /read-only/ : /organization-wide/, name)
    assert.is(op['x-reach'], outside(name) ? undefined : 'organization', name)
  }
  assert.match(paths['/organization/invites'].get.description, /not paged/)
  assert.ok(paths['/organization/members'].get.parameters.some((p: any) => p.name === 'limit'))
})

s.run()
