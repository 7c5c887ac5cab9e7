import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { NO_KEY_ID } from '../../src/core/domain/identity/session.js'
import { type Harness, startHarness } from '../support/http.js'
import { right } from '../support/run.js'
import { asSession, PASSWORD, postSession, setPassword, signIn } from '../support/session.js'
import { transcriptRecording } from './share-world.js'

const s = suite<{ h: Harness }>('Sign-in and sessions (the web app)')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

const ADA = { email: 'ada@example.com', password: PASSWORD }
const SETTINGS = { retention: { days: 30 } }
const cleared = 'nt_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax'

s('a password opens a session: an HttpOnly, SameSite=Lax cookie (no Secure over plain http) that every route accepts', async ({ h }) => {
  await setPassword(h, 'ada@example.com')
  const a = await signIn(h, { email: 'Ada@Example.com', password: PASSWORD })
  assert.match(a.setCookie, /^nt_session=[A-Za-z0-9_-]{43}; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Lax$/)
  assert.not.match(a.setCookie, /Secure/)
  assert.equal({ ...a.session, csrfToken: typeof a.session.csrfToken }, {
    account: { id: h.accounts.first, name: 'Ada', email: 'ada@example.com' },
    access: 'full',
    organizationWide: false,
    organizationId: null,
    signedInWith: 'password',
    csrfToken: 'string',
    expiresAt: '2026-06-15T12:00:00.000Z',
  })
  const me = await h.request('GET', '/me', asSession(a, { csrf: null }))
  assert.is(me.status, 200)
  assert.equal([me.body.data.account.id, me.body.data.key], [h.accounts.first, { id: NO_KEY_ID, access: 'full', organizationWide: false }])
  const again = await h.request('GET', '/session', asSession(a, { csrf: null }))
  assert.equal([again.status, again.body.data], [200, a.session])
})

s('changes made with the cookie need the CSRF token; a bearer key needs none', async ({ h }) => {
  await setPassword(h, h.accounts.first)
  const a = await signIn(h, ADA)
  const missing = await h.request('PATCH', '/me/settings', asSession(a, { body: SETTINGS, csrf: null }))
  assert.equal([missing.status, missing.body.error], [403, { code: 'FORBIDDEN', message: 'Missing or wrong CSRF token (send the X-CSRF-Token header from GET /ext/v1/session)' }])
  const wrong = await h.request('PATCH', '/me/settings', asSession(a, { body: SETTINGS, csrf: `${a.csrfToken.slice(1)}x` }))
  assert.is(wrong.status, 403)
  assert.is((await h.request('GET', '/me/settings', asSession(a))).body.data.retention.days, null, 'nothing changed')
  const right_ = await h.request('PATCH', '/me/settings', asSession(a, { body: SETTINGS }))
  assert.equal([right_.status, right_.body.data.retention.days], [200, 30])
  const bearer = await h.request('PATCH', '/me/settings', { body: { retention: { days: 60 } } })
  assert.equal([bearer.status, bearer.body.data.retention.days], [200, 60])
})

s('a request whose Origin is another host is refused; the same host is fine', async ({ h }) => {
  await setPassword(h, h.accounts.first)
  const a = await signIn(h, ADA)
  const elsewhere = await h.request('GET', '/me', asSession(a, { headers: { origin: 'https://evil.example' } }))
  assert.equal([elsewhere.status, elsewhere.body.error.code], [403, 'FORBIDDEN'])
  const write = await h.request('PATCH', '/me/settings', asSession(a, { body: SETTINGS, headers: { origin: 'https://evil.example' } }))
  assert.is(write.status, 403)
  assert.is((await h.request('PATCH', '/me/settings', asSession(a, { body: SETTINGS, headers: { origin: h.url } }))).status, 200)
  const signInElsewhere = await postSession(h, ADA, { origin: 'http://evil.example' })
  assert.equal([signInElsewhere.status, signInElsewhere.headers.get('set-cookie')], [403, null])
})

s('a wrong password, an unknown email and an account without a password are refused alike', async ({ h }) => {
  await setPassword(h, h.accounts.first)
  const wrong = await postSession(h, { email: 'ada@example.com', password: 'not the password' })
  const unknown = await postSession(h, { email: 'nobody@example.com', password: PASSWORD })
  const noPassword = await postSession(h, { email: 'bob@example.com', password: PASSWORD })
  for (const r of [wrong, unknown, noPassword]) {
    assert.equal([r.status, r.body.error], [401, { code: 'UNAUTHORIZED', message: 'The email and password do not match an account' }])
    assert.is(r.headers.get('set-cookie'), null)
  }
  const badKey = await postSession(h, { apiKey: 'ntk_0000000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' })
  assert.equal([badKey.status, badKey.body.error.message], [401, 'The API key is not valid'])
})

s('a body of neither shape is 422, and one that is not JSON 400', async ({ h }) => {
  const half = await postSession(h, { email: 'ada@example.com' })
  assert.equal([half.status, half.body.error.code], [422, 'VALIDATION_ERROR'])
  assert.ok(half.body.error.details.some((d: { path: string }) => d.path === 'password'), JSON.stringify(half.body))
  const text = await h.request('POST', '/session', { key: null, rawBody: '{"email":', headers: { 'content-type': 'application/json' } })
  assert.equal([text.status, text.body.error.code], [400, 'BAD_REQUEST'])
})

s('the 11th attempt for one email within the window is 429 with Retry-After, even with the right password', async ({ h }) => {
  await setPassword(h, h.accounts.first)
  for (let i = 0; i < 10; i++) {
    const r = await postSession(h, { email: i % 2 === 0 ? 'ada@example.com' : 'ADA@example.com', password: `wrong guess ${i}` })
    assert.is(r.status, 401, `attempt ${i + 1}`)
  }
  const eleventh = await postSession(h, ADA)
  assert.equal([eleventh.status, eleventh.body.error.code], [429, 'RATE_LIMITED'])
  // The window ends in 900 s, and its 10 attempts then weigh on the next one until a tenth of it has passed.
  assert.is(eleventh.headers.get('retry-after'), '990')
  assert.is((await postSession(h, { email: 'bob@example.com', password: PASSWORD })).status, 401, 'another email still gets its own attempts')
  h.clock.advance(1_800_000)
  assert.is((await postSession(h, ADA)).status, 201, 'after the window')
})

s('one address gets five times the per-email attempts, across emails', async ({ h }) => {
  for (let i = 0; i < 50; i++) assert.is((await postSession(h, { email: `p${i}@example.com`, password: 'wrong password' })).status, 401)
  const r = await postSession(h, { apiKey: h.keys.full })
  assert.equal([r.status, r.body.error.code], [429, 'RATE_LIMITED'])
})

s('a session opened with a read-only key acts as that key: reads work, writes are 403', async ({ h }) => {
  const a = await signIn(h, { apiKey: h.keys.readonly })
  assert.equal([a.session.signedInWith, a.session.access, a.session.organizationWide], ['apiKey', 'readonly', false])
  assert.is((await h.request('GET', '/me', asSession(a))).status, 200)
  const write = await h.request('PATCH', '/me/settings', asSession(a, { body: SETTINGS }))
  assert.equal([write.status, write.body.error.message], [403, 'This key is read-only and cannot make changes'])
})

s('a key session ends when its key is revoked; the 401 clears the cookie', async ({ h }) => {
  const a = await signIn(h, { apiKey: h.keys.full })
  const keyId = (await h.request('GET', '/me', asSession(a))).body.data.key.id
  await right(h.core.identity.revokeApiKey(keyId))
  const after = await h.request('GET', '/me', asSession(a))
  assert.equal([after.status, after.body.error.code], [401, 'UNAUTHORIZED'])
  assert.is(after.headers.get('set-cookie'), cleared)
})

s('signing out deletes the session and clears the cookie; it needs the CSRF token', async ({ h }) => {
  await setPassword(h, h.accounts.first)
  const a = await signIn(h, ADA)
  assert.is((await h.request('DELETE', '/session', asSession(a, { csrf: null }))).status, 403)
  const out = await h.request('DELETE', '/session', asSession(a))
  assert.equal([out.status, out.headers.get('set-cookie')], [204, cleared])
  const after = await h.request('GET', '/me', asSession(a))
  assert.is(after.status, 401)
  assert.match(after.body.error.message, /sign in again/)
})

s('another account\'s recording is 404 through a session, as with a key', async ({ h }) => {
  await setPassword(h, h.accounts.first)
  const runId = await transcriptRecording(h, h.keys.other)
  const a = await signIn(h, ADA)
  const r = await h.request('GET', `/recordings/${runId}`, asSession(a))
  assert.equal([r.status, r.body.error.code], [404, 'NOT_FOUND'])
})

s('an expired session is 401; setting a password ends the sessions the account had', async ({ h }) => {
  await setPassword(h, h.accounts.first)
  const a = await signIn(h, ADA)
  h.clock.advance(14 * 86_400_000 - 1000)
  assert.is((await h.request('GET', '/me', asSession(a))).status, 200)
  h.clock.advance(1000)
  const expired = await h.request('GET', '/me', asSession(a))
  assert.equal([expired.status, expired.headers.get('set-cookie')], [401, cleared])
  const b = await signIn(h, ADA)
  await setPassword(h, h.accounts.first, 'another long password')
  assert.is((await h.request('GET', '/me', asSession(b))).status, 401)
  assert.is((await postSession(h, ADA)).status, 401, 'the old password no longer works')
})

s('GET /session needs the cookie: a key alone has no session; a bad cookie is 401', async ({ h }) => {
  const keyOnly = await h.request('GET', '/session')
  assert.equal([keyOnly.status, keyOnly.body.error.code], [401, 'UNAUTHORIZED'])
  const none = await h.request('GET', '/session', { key: null })
  assert.is(none.status, 401)
  const forged = await h.request('GET', '/me', { key: null, headers: { cookie: `nt_session=${'A'.repeat(43)}` } })
  assert.is(forged.status, 401)
})

s('a bearer key wins over a cookie, and each session has its own request budget', async ({ h }) => {
  await setPassword(h, h.accounts.first)
  const a = await signIn(h, ADA)
  for (let i = 0; i < 3; i++) await h.request('GET', '/me')
  const viaKey = await h.request('GET', '/me', { key: h.keys.other, headers: { cookie: a.cookie } })
  assert.is(viaKey.body.data.account.id, h.accounts.other, 'the Authorization header decides')
  const viaSession = await h.request('GET', '/me', asSession(a))
  assert.is(viaSession.headers.get('ratelimit-remaining'), '999')
})

s('a password session reaches the account\'s organization; what it may do there follows the role', async ({ h }) => {
  const owner = await right(h.core.identity.createAccount({ name: 'Olga', email: 'olga@example.com', planKey: 'free', organizationName: 'Acme' }))
  const member = await right(h.core.identity.createAccount({ name: 'Max', email: 'max@example.com', planKey: 'free', organizationName: null }))
  await right(h.core.organization.addMember({ organizationId: owner.organizationId!, account: member.id, role: 'member' }))
  await setPassword(h, owner.id)
  await setPassword(h, member.id)
  const o = await signIn(h, { email: 'olga@example.com', password: PASSWORD })
  assert.equal([o.session.organizationWide, o.session.organizationId], [true, owner.organizationId])
  assert.is((await h.request('GET', '/organization', asSession(o))).status, 200)
  const invite = await h.request('POST', '/organization/invites', asSession(o, { body: { email: 'new@example.com', role: 'member' } }))
  assert.is(invite.status, 201, JSON.stringify(invite.body))
  const m = await signIn(h, { email: 'max@example.com', password: PASSWORD })
  assert.is((await h.request('GET', '/organization/members', asSession(m))).status, 200, 'members read')
  const refused = await h.request('POST', '/organization/invites', asSession(m, { body: { email: 'other@example.com', role: 'member' } }))
  assert.is(refused.status, 403, 'only owners and admins invite')
  const ada = await right(h.core.identity.setPassword('ada@example.com', PASSWORD))
  assert.is(ada.sessionsEnded, 0)
  const solo = await signIn(h, ADA)
  assert.is((await h.request('GET', '/organization', asSession(solo))).status, 403, 'an account in no organization reaches none')
})

s.run()
