import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'

const s = suite<{ h: Harness }>('HTTP conventions')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

const isErrorEnvelope = (body: any, code: string) => {
  assert.is(body.error.code, code)
  assert.type(body.error.message, 'string')
}

s('GET /me answers the Account object of the key', async ({ h }) => {
  const r = await h.request('GET', '/me')
  assert.is(r.status, 200)
  assert.equal(r.body.data.account, { id: h.accounts.first, name: 'Ada', email: 'ada@example.com', serverAdmin: false })
  assert.is(r.body.data.organization, null)
  assert.equal(r.body.data.key.access, 'full')
  assert.is(r.body.data.key.organizationWide, false)
  assert.equal(r.body.data.plan, { key: 'free', paid: false, monthlyRecordings: 25 })
  const ro = await h.request('GET', '/me', { key: h.keys.readonly })
  assert.is(ro.body.data.key.access, 'readonly')
})

s('missing, malformed, unknown, revoked and expired keys answer the same 401 body', async ({ h }) => {
  const issued = await h.core.identity.issueApiKey({ accountId: h.accounts.first, name: 'x', access: 'full', organizationWide: false, expiresInDays: 1 })()
  if (issued._tag === 'Left') throw new Error('issue failed')
  const expiring = issued.right.plaintext
  const revoked = await h.core.identity.issueApiKey({ accountId: h.accounts.first, name: 'y', access: 'full', organizationWide: false, expiresInDays: null })()
  if (revoked._tag === 'Left') throw new Error('issue failed')
  await h.core.identity.revokeApiKey(revoked.right.key.id)()
  assert.is((await h.request('GET', '/me', { key: expiring })).status, 200)
  h.clock.advance(86_400_001)
  const unknownKey = h.keys.full.slice(0, -4) + 'AAAA'
  const bodies = []
  for (const key of [null, 'not-a-key', unknownKey, revoked.right.plaintext, expiring]) {
    const r = await h.request('GET', '/me', { key })
    assert.is(r.status, 401)
    bodies.push(JSON.stringify(r.body))
  }
  const basic = await h.request('GET', '/me', { key: null, headers: { authorization: `Basic ${h.keys.full}` } })
  bodies.push(JSON.stringify(basic.body))
  assert.is(new Set(bodies).size, 1, 'indistinguishable')
  isErrorEnvelope(JSON.parse(bodies[0]!), 'UNAUTHORIZED')
})

s('every response carries a request id; a sane incoming one is echoed', async ({ h }) => {
  const a = await h.request('GET', '/me')
  assert.match(a.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
  const b = await h.request('GET', '/nowhere', { headers: { 'x-request-id': 'trace-123' } })
  assert.is(b.headers.get('x-request-id'), 'trace-123')
  const c = await h.request('GET', '/me', { headers: { 'x-request-id': 'bad id with spaces' } })
  assert.is.not(c.headers.get('x-request-id'), 'bad id with spaces')
})

s('unknown routes and methods answer 404 in the envelope', async ({ h }) => {
  const r = await h.request('GET', '/nowhere')
  assert.is(r.status, 404)
  isErrorEnvelope(r.body, 'NOT_FOUND')
  const m = await h.request('DELETE', '/me')
  assert.is(m.status, 404)
  isErrorEnvelope(m.body, 'NOT_FOUND')
  const outside = await fetch(`${h.url}/elsewhere`)
  assert.is(outside.status, 404)
  isErrorEnvelope(await outside.json(), 'NOT_FOUND')
})

s('a query parameter /me does not take is refused with 422 naming it', async ({ h }) => {
  const r = await h.request('GET', '/me?verbose=1')
  assert.is(r.status, 422)
  isErrorEnvelope(r.body, 'VALIDATION_ERROR')
  assert.equal(r.body.error.details, [{ path: 'verbose', message: 'is not a known query parameter' }])
})

s('the description needs no key', async ({ h }) => {
  const r = await h.request('GET', '/openapi.json', { key: null })
  assert.is(r.status, 200)
  assert.is(r.body.openapi, '3.1.0')
})

s('the description ignores query parameters (a cache-buster gets the same document), and says so', async ({ h }) => {
  const plain = await h.request('GET', '/openapi.json', { key: null })
  for (const query of ['?zzz=1', '?v=2&v=3', '?limit=abc']) {
    const r = await h.request('GET', `/openapi.json${query}`, { key: null })
    assert.is(r.status, 200, query)
    assert.equal(r.body, plain.body, query)
  }
  assert.match(plain.body.paths['/openapi.json'].get.description, /Query parameters are ignored/)
  assert.not.ok('422' in plain.body.paths['/openapi.json'].get.responses, 'no 422 to document')
})

s.run()
