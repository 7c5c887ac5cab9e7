import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type Harness, startHarness } from '../support/http.js'
import { right } from '../support/run.js'
import { asSession, setPassword, signIn, PASSWORD } from '../support/session.js'

// A key never outlives the key that made it (issue #29): from a short-lived key, `expiresInDays: null` or 36,500
// minted a permanent key. Now a key can only make keys that expire no later than itself; anything else is 422 in words.

const s = suite<{ h: Harness; shortKey: string }>('A key never outlives or outranks the key that made it')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
  // The harness clock stands at 2026-06-01T12:00Z: this key expires on 2026-06-04T12:00Z, three days on.
  ctx.shortKey = (await right(ctx.h.core.identity.issueApiKey({ accountId: ctx.h.accounts.first, name: 'short', access: 'full', organizationWide: false, expiresInDays: 3 }))).plaintext
})
s.after.each(async ({ h }) => h.close())

const create = (h: Harness, key: string, expiresInDays: number | null | undefined) =>
  h.request('POST', '/keys', { key, body: { name: 'made', access: 'full', ...(expiresInDays === undefined ? {} : { expiresInDays }) } })

const refusedOnExpiry = (r: { status: number; body: any }, what: string) => {
  assert.is(r.status, 422, `${what}: ${JSON.stringify(r.body)}`)
  assert.equal(r.body.error.details.map((d: any) => d.path), ['expiresInDays'], what)
  assert.match(r.body.error.message, /expires at 2026-06-04T12:00:00.000Z.*cannot outlive.*at most 3 days/, what)
}

s('from a key with three days left: null, left out, 36,500 and 4 days are refused in words; nothing is made', async ({ h, shortKey }) => {
  refusedOnExpiry(await create(h, shortKey, null), 'null')
  refusedOnExpiry(await create(h, shortKey, undefined), 'left out (never expires)')
  refusedOnExpiry(await create(h, shortKey, 36_500), '36,500 days')
  refusedOnExpiry(await create(h, shortKey, 4), '4 days')
  assert.is((await h.request('GET', '/keys')).body.data.total, 3, "the account's two harness keys and the short key: nothing more")
})

s('from a key with three days left: 1 to 3 days are made, expiring no later than the creator', async ({ h, shortKey }) => {
  const one = await create(h, shortKey, 1)
  assert.is(one.status, 201, JSON.stringify(one.body))
  assert.is(one.body.data.expiresAt, '2026-06-02T12:00:00.000Z')
  const three = await create(h, shortKey, 3)
  assert.is(three.status, 201)
  assert.is(three.body.data.expiresAt, '2026-06-04T12:00:00.000Z')
  // The child key is bound in turn: its own child may not outlive it.
  const grandchild = await create(h, three.body.data.key, null)
  assert.is(grandchild.status, 422)
})

s('a key with less than a day left can make no key, and says so', async ({ h, shortKey }) => {
  h.clock.advance(2.5 * 86_400_000)
  const r = await create(h, shortKey, 1)
  assert.is(r.status, 422)
  assert.match(r.body.error.message, /less than a day left/)
})

s('a session opened with a short-lived key is bound by that key; a password session and a key that never expires are not', async ({ h, shortKey }) => {
  const viaKey = await signIn(h, { apiKey: shortKey })
  const refused = await h.request('POST', '/keys', asSession(viaKey, { body: { name: 'x', access: 'full', expiresInDays: null } }))
  assert.is(refused.status, 422)
  assert.equal(refused.body.error.details.map((d: any) => d.path), ['expiresInDays'])
  await setPassword(h, 'ada@example.com')
  const password = await signIn(h, { email: 'ada@example.com', password: PASSWORD })
  assert.is((await h.request('POST', '/keys', asSession(password, { body: { name: 'x', access: 'full', expiresInDays: null } }))).status, 201)
  const forever = await create(h, h.keys.full, 36_500)
  assert.is(forever.status, 201)
  assert.is(forever.body.data.expiresAt, '2126-05-08T12:00:00.000Z')
})

s('no key outranks its maker: a read-only key makes none, a key without organization reach makes no organization-wide one', async ({ h }) => {
  const fromReadonly = await h.request('POST', '/keys', { key: h.keys.readonly, body: { name: 'x', access: 'readonly', expiresInDays: 1 } })
  assert.is(fromReadonly.status, 403)
  const orgWide = await h.request('POST', '/keys', { body: { name: 'x', access: 'full', organizationWide: true, expiresInDays: 1 } })
  assert.is(orgWide.status, 403)
  assert.is((await h.request('GET', '/keys')).body.data.total, 3, 'the two harness keys and the short key')
})

s.run()
