import { randomUUID } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type Harness, startHarness } from '../support/http.js'
import { right } from '../support/run.js'
import { asSession, PASSWORD, setPassword, signIn } from '../support/session.js'
import { organizationWorld } from './organization-world.js'

const s = suite<{ h: Harness }>("HTTP: the account's own API keys")
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

const FIELDS = ['access', 'createdAt', 'expiresAt', 'id', 'name', 'organizationWide', 'publicId', 'revokedAt']
const create = async (h: Harness, body: Record<string, unknown>, key = h.keys.full) => {
  const r = await h.request('POST', '/keys', { body, key })
  assert.is(r.status, 201, JSON.stringify(r.body))
  return r.body.data as { id: string; key: string; access: string; organizationWide: boolean; expiresAt: string | null; revokedAt: string | null }
}
const paths = (r: { body: any }) => r.body.error.details.map((d: any) => d.path)
/** The secret part of a key, after `ntk_<publicId>_` (it may itself hold `_`). */
const secretOf = (key: string) => key.slice(key.indexOf('_', 4) + 1)
const meStatus = async (h: Harness, key: string) => (await h.request('GET', '/me', { key })).status

s('the list shows the keys, oldest first, and never a secret or hash', async ({ h }) => {
  const list = await h.request('GET', '/keys', { key: h.keys.readonly })
  assert.is(list.status, 200)
  assert.equal([list.body.data.total, list.body.data.limit, list.body.data.offset], [2, 25, 0])
  assert.equal(list.body.data.rows.map((k: any) => k.access).sort(), ['full', 'readonly'])
  for (const k of list.body.data.rows) assert.equal(Object.keys(k).sort(), FIELDS)
  const text = JSON.stringify(list.body)
  for (const secret of [h.keys.full, h.keys.readonly]) assert.not.ok(text.includes(secretOf(secret)), 'no secret part')
  assert.not.ok(/hash/i.test(text))
  assert.is((await h.request('GET', '/keys', { key: h.keys.other })).body.data.total, 1, "another account's keys stay apart")
})

s('create answers the plaintext once; full and read-only keys work as such', async ({ h }) => {
  const full = await create(h, { name: '  CRM sync  ', access: 'full', organizationWide: false, expiresInDays: 30 })
  assert.match(full.key, /^ntk_/)
  assert.is(secretOf(full.key).length, 43)
  assert.equal({ ...full, id: 'x', key: 'x', publicId: 'x', createdAt: 'x' }, {
    id: 'x', name: 'CRM sync', publicId: 'x', access: 'full', organizationWide: false,
    createdAt: 'x', expiresAt: '2026-07-01T12:00:00.000Z', revokedAt: null, key: 'x',
  })
  const readonly = await create(h, { name: 'Dashboard', access: 'readonly' })
  assert.equal([readonly.organizationWide, readonly.expiresAt], [false, null], 'optional fields default')
  const me = await h.request('GET', '/me', { key: readonly.key })
  assert.equal([me.status, me.body.data.key], [200, { id: readonly.id, access: 'readonly', organizationWide: false }])
  assert.is((await h.request('POST', '/keys', { key: readonly.key, body: { name: 'x', access: 'readonly' } })).status, 403)
  // A key expiring in 30 days makes keys that expire no later (key-lifetime.test.ts).
  const made = await create(h, { name: 'By the new key', access: 'readonly', expiresInDays: 30 }, full.key)
  assert.is(await meStatus(h, made.key), 200)
  const list = await h.request('GET', '/keys')
  assert.is(list.body.data.total, 5)
  assert.not.ok(JSON.stringify(list.body).includes(secretOf(full.key)), 'the plaintext is not listed')
})

s('the same Idempotency-Key replays the same key rather than making another', async ({ h }) => {
  const headers = { 'idempotency-key': randomUUID() }
  const a = await h.request('POST', '/keys', { body: { name: 'Once', access: 'full' }, headers })
  const b = await h.request('POST', '/keys', { body: { name: 'Once', access: 'full' }, headers })
  assert.equal([a.status, b.status, b.headers.get('idempotent-replayed')], [201, 201, 'true'])
  assert.equal(b.body, a.body)
  assert.is((await h.request('GET', '/keys')).body.data.total, 3)
})

s('a read-only caller can neither create nor revoke (403)', async ({ h }) => {
  const created = await create(h, { name: 'Target', access: 'readonly' })
  const post = await h.request('POST', '/keys', { key: h.keys.readonly, body: { name: 'More', access: 'readonly' } })
  const del = await h.request('DELETE', `/keys/${created.id}`, { key: h.keys.readonly })
  for (const r of [post, del]) assert.equal([r.status, r.body.error.code], [403, 'FORBIDDEN'])
  assert.match(post.body.error.message, /read-only/)
  assert.is(await meStatus(h, created.key), 200)
})

s('no escalation: organization-wide keys only from organization-wide callers', async ({ h }) => {
  const w = await organizationWorld(h)
  const plain = await h.request('POST', '/keys', { key: h.keys.full, body: { name: 'Org', access: 'full', organizationWide: true } })
  assert.equal([plain.status, plain.body.error.code], [403, 'FORBIDDEN'])
  assert.match(plain.body.error.message, /organization-wide/)
  const dan = await h.request('POST', '/keys', { key: w.keys.dan, body: { name: 'Org', access: 'full', organizationWide: true } })
  assert.is(dan.status, 403, 'in no organization')
  // Ada's own key is not organization-wide, though she owns Acme: it may still make plain keys.
  assert.is((await create(h, { name: 'Plain', access: 'full', organizationWide: false })).organizationWide, false)

  const org = await create(h, { name: 'Org-wide', access: 'full', organizationWide: true }, w.keys.member)
  assert.is(org.organizationWide, true)
  const reach = await h.request('GET', '/organization', { key: org.key })
  assert.equal([reach.status, reach.body.data.name], [200, 'Acme'])
  const fromRo = await h.request('POST', '/keys', { key: w.keys.ownerReadonly, body: { name: 'x', access: 'readonly', organizationWide: true } })
  assert.is(fromRo.status, 403, 'an organization-wide read-only key makes no key')
})

s('a password session of an organization member may make organization-wide keys', async ({ h }) => {
  await organizationWorld(h)
  await setPassword(h, 'ada@example.com')
  const session = await signIn(h, { email: 'ada@example.com', password: PASSWORD })
  const r = await h.request('POST', '/keys', asSession(session, { body: { name: 'From the web app', access: 'full', organizationWide: true } }))
  assert.equal([r.status, r.body.data?.organizationWide], [201, true])
})

s('bad names, accesses, expiries and unknown fields are 422 naming the field; nothing is made', async ({ h }) => {
  const cases: Array<[Record<string, unknown>, string[]]> = [
    [{ name: '', access: 'full' }, ['name']],
    [{ name: '   ', access: 'full' }, ['name']],
    [{ name: 'x'.repeat(101), access: 'full' }, ['name']],
    [{ access: 'full' }, ['name']],
    [{ name: 'ok', access: 'admin' }, ['access']],
    [{ name: 'ok' }, ['access']],
    [{ name: 'ok', access: 'full', expiresInDays: 0 }, ['expiresInDays']],
    [{ name: 'ok', access: 'full', expiresInDays: 1.5 }, ['expiresInDays']],
    [{ name: 'ok', access: 'full', expiresInDays: 1e12 }, ['expiresInDays']],
    [{ name: 'ok', access: 'full', expiresInDays: '3' }, ['expiresInDays']],
    [{ name: 'ok', access: 'full', organizationWide: 'yes' }, ['organizationWide']],
    [{ name: 'ok', access: 'full', accountId: randomUUID() }, ['accountId']],
  ]
  for (const [body, fields] of cases) {
    const r = await h.request('POST', '/keys', { body })
    assert.equal([r.status, r.body.error.code, paths(r)], [422, 'VALIDATION_ERROR', fields], JSON.stringify(body))
  }
  assert.match((await h.request('POST', '/keys', { body: { name: 'ok', access: 'admin' } })).body.error.details[0].message, /"full" or "readonly"/)
  assert.is((await h.request('POST', '/keys', { body: { name: 'x'.repeat(100), access: 'full' } })).status, 201, '100 characters is fine')
  assert.is((await h.request('GET', '/keys')).body.data.total, 3)
})

s('revoke: the key answers 401 from then on; revoking twice keeps the first revokedAt', async ({ h }) => {
  const made = await create(h, { name: 'Short-lived', access: 'full' })
  assert.is(await meStatus(h, made.key), 200)
  const first = await h.request('DELETE', `/keys/${made.id}`)
  assert.equal([first.status, first.body.data.id, first.body.data.revokedAt], [200, made.id, '2026-06-01T12:00:00.000Z'])
  assert.not.ok('key' in first.body.data)
  assert.is(await meStatus(h, made.key), 401)
  h.clock.advance(60_000)
  const again = await h.request('DELETE', `/keys/${made.id.toUpperCase()}`)
  assert.equal([again.status, again.body.data.revokedAt], [200, '2026-06-01T12:00:00.000Z'])
  const listed = (await h.request('GET', '/keys')).body.data.rows.find((k: any) => k.id === made.id)
  assert.is(listed.revokedAt, '2026-06-01T12:00:00.000Z', 'still listed, as revoked')
})

s("another account's key, an unknown id and a malformed one are 404; the other key keeps working", async ({ h }) => {
  const bobs = await create(h, { name: "Bob's", access: 'full' }, h.keys.other)
  for (const id of [bobs.id, randomUUID(), 'not-a-uuid', '123']) {
    const r = await h.request('DELETE', `/keys/${id}`)
    assert.equal([r.status, r.body.error.code], [404, 'NOT_FOUND'], id)
  }
  assert.is(await meStatus(h, bobs.key), 200)
  assert.is((await h.request('GET', '/keys', { key: h.keys.other })).body.data.rows.find((k: any) => k.id === bobs.id).revokedAt, null)
})

s('a key may revoke itself', async ({ h }) => {
  const made = await create(h, { name: 'Self', access: 'full' })
  assert.is((await h.request('DELETE', `/keys/${made.id}`, { key: made.key })).status, 200)
  assert.is(await meStatus(h, made.key), 401)
})

s('paging with limit and offset; bounds are refused, not clamped', async ({ h }) => {
  for (const n of [1, 2, 3]) {
    h.clock.advance(1_000)
    await create(h, { name: `Key ${n}`, access: 'readonly' })
  }
  const p1 = await h.request('GET', '/keys?limit=2&offset=0')
  const p2 = await h.request('GET', '/keys?limit=2&offset=2')
  const p3 = await h.request('GET', '/keys?limit=2&offset=4')
  assert.equal([p1.body.data.total, p1.body.data.limit, p1.body.data.offset, p1.body.data.rows.length], [5, 2, 0, 2])
  assert.equal(p2.body.data.rows.map((k: any) => k.name), ['Key 1', 'Key 2'])
  assert.equal(p3.body.data.rows.map((k: any) => k.name), ['Key 3'])
  assert.equal((await h.request('GET', '/keys?offset=9')).body.data.rows, [])
  for (const q of ['limit=0', 'limit=101', 'offset=-1', 'page=2']) assert.is((await h.request('GET', `/keys?${q}`)).status, 422, q)
  assert.is((await h.request('GET', '/keys?limit=x')).status, 400)
})

s('a session opened with a key ends when another key revokes it', async ({ h }) => {
  const made = await create(h, { name: 'For the browser', access: 'full' })
  const session = await signIn(h, { apiKey: made.key })
  assert.is((await h.request('GET', '/keys', asSession(session))).status, 200)
  const r = await h.request('DELETE', `/keys/${made.id}`, { key: h.keys.full })
  assert.is(r.status, 200)
  const after = await h.request('GET', '/keys', asSession(session))
  assert.equal([after.status, after.body.error.code], [401, 'UNAUTHORIZED'])
  assert.is((await h.request('GET', '/session', asSession(session))).status, 401)
})

s('a session can list, create and revoke through the same routes (with its CSRF token)', async ({ h }) => {
  await setPassword(h, 'ada@example.com')
  const session = await signIn(h, { email: 'ada@example.com', password: PASSWORD })
  const made = await h.request('POST', '/keys', asSession(session, { body: { name: 'Via session', access: 'readonly' } }))
  assert.is(made.status, 201)
  assert.is((await h.request('POST', '/keys', asSession(session, { body: { name: 'No token', access: 'readonly' }, csrf: null }))).status, 403)
  assert.is((await h.request('DELETE', `/keys/${made.body.data.id}`, asSession(session))).status, 200)
  assert.is(await meStatus(h, made.body.data.key), 401)
  assert.is(await right(h.core.identity.listApiKeys('ada@example.com')).then((k) => k.length), 3)
})

s.run()
