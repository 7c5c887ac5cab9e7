import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { OutgoingMail } from '../../src/core/ports/mailer.js'
import { type Harness, startHarness } from '../support/http.js'
import { right } from '../support/run.js'
import { asSession, PASSWORD, setPassword, signIn } from '../support/session.js'
import { organizationWorld } from './organization-world.js'
import { upload, VTT } from './share-world.js'

type World = Awaited<ReturnType<typeof organizationWorld>>
const s = suite<{ h: Harness; w: World; mails: OutgoingMail[] }>('HTTP: a team set up in the browser')
s.before.each(async (ctx) => {
  ctx.mails = []
  ctx.h = await startHarness()
  ctx.w = await organizationWorld(ctx.h)
})
s.after.each(async ({ h }) => h.close())

const DAY = 86_400_000
const NEW_PASSWORD = 'a longer passphrase of mine'
const tokenOf = (link: string) => decodeURIComponent(link.split('#token=')[1] ?? '')
const invite = async (h: Harness, key: string, email: string, role = 'member') => {
  const r = await h.request('POST', '/organization/invites', { key, body: { email, role } })
  assert.is(r.status, 201, JSON.stringify(r.body))
  return r.body.data
}
const join = (h: Harness, body: unknown) => h.request('POST', '/invites/join', { key: null, body })
const lookup = (h: Harness, token: string) => h.request('POST', '/invites/lookup', { key: null, body: { token } })
const cookieOf = (setCookie: string | null) => `nt_session=${/^nt_session=([^;]+);/.exec(setCookie ?? '')?.[1]}`
const expectError = (r: { status: number; body: any }, status: number, code: string, words?: RegExp) => {
  assert.equal([r.status, r.body.error?.code], [status, code], JSON.stringify(r.body))
  if (words !== undefined) assert.match(r.body.error.message, words)
}

s('a server administrator in no organization creates one and owns it; others cannot', async ({ h, w }) => {
  const dan = w.ids.dan
  expectError(await h.request('POST', '/organization', { key: w.keys.dan, body: { name: 'Dan & Co' } }), 403, 'FORBIDDEN', /administrators/)
  await right(h.core.identity.setServerAdmin(dan, true))
  expectError(await h.request('POST', '/organization', { key: w.keys.danReadonly, body: { name: 'Dan & Co' } }), 403, 'FORBIDDEN', /read-only/)
  expectError(await h.request('POST', '/organization', { key: w.keys.dan, body: { name: '  ' } }), 422, 'VALIDATION_ERROR')
  await setPassword(h, dan)
  const session = await signIn(h, { email: 'dan@example.com', password: PASSWORD })
  const created = await h.request('POST', '/organization', asSession(session, { body: { name: ' Dan & Co ' } }))
  assert.equal([created.status, created.body.data.name, created.body.data.memberCount], [201, 'Dan & Co', 1])
  const mine = await h.request('GET', '/organization/members', asSession(session))
  assert.equal(mine.body.data.rows.map((m: any) => [m.email, m.role]), [['dan@example.com', 'owner']], 'the same session reaches it at once')
  expectError(await h.request('POST', '/organization', asSession(session, { body: { name: 'Again' } })), 409, 'CONFLICT', /organization already/)
  await right(h.core.identity.setServerAdmin(w.ids.ada, true))
  expectError(await h.request('POST', '/organization', { key: w.keys.owner, body: { name: 'Second' } }), 409, 'CONFLICT')
})

s('an invite link makes an account for an email with none: a name, a password, a member signed in', async ({ h, w }) => {
  const sent = await invite(h, w.keys.admin, 'New.Person@Example.com', 'admin')
  assert.equal([sent.mailed, sent.mailProblem, tokenOf(sent.link)], [false, null, sent.token])
  const seen = await lookup(h, sent.token)
  assert.equal(seen.body.data, {
    kind: 'organization', email: 'new.person@example.com', organizationName: 'Acme', role: 'admin', invitedBy: 'Cy', runId: null,
    accountExists: false, mayCreateAccount: true, expiresAt: sent.expiresAt,
  })
  expectError(await join(h, { token: sent.token, name: 'Nia', password: 'short' }), 422, 'VALIDATION_ERROR', /at least 10 characters/)
  expectError(await join(h, { token: sent.token, name: ' ', password: NEW_PASSWORD }), 422, 'VALIDATION_ERROR', /name/)
  const joined = await join(h, { token: sent.token, name: ' Nia ', password: NEW_PASSWORD })
  assert.is(joined.status, 201, JSON.stringify(joined.body))
  assert.equal([joined.body.data.kind, joined.body.data.runId, joined.body.data.session.account.name, joined.body.data.session.organizationId], ['organization', null, 'Nia', w.acme.id])
  const cookie = cookieOf(joined.headers.get('set-cookie'))
  const me = await h.request('GET', '/me', { key: null, headers: { cookie } })
  assert.equal([me.body.data.account.email, me.body.data.plan.key], ['new.person@example.com', 'self-hosted'], 'the server\'s default plan')
  const members = await h.request('GET', '/organization/members', { key: w.keys.owner })
  assert.equal(members.body.data.rows.at(-1).role, 'admin')
  assert.is((await signIn(h, { email: 'new.person@example.com', password: NEW_PASSWORD })).session.account.name, 'Nia')
  expectError(await lookup(h, sent.token), 404, 'NOT_FOUND', /used, revoked or has expired/)
  expectError(await join(h, { token: sent.token, name: 'Nia', password: NEW_PASSWORD }), 404, 'NOT_FOUND')
})

s('unknown, revoked and expired links get one answer; an email with an account signs in instead', async ({ h, w }) => {
  const unknown = await lookup(h, 'ntk_0000000000000000_nope')
  expectError(unknown, 404, 'NOT_FOUND', /not valid/)
  expectError(await lookup(h, 'garbage'), 404, 'NOT_FOUND')
  const revoked = await invite(h, w.keys.owner, 'gone@example.com')
  assert.is((await h.request('DELETE', `/organization/invites/${revoked.id}`, { key: w.keys.owner })).status, 200)
  assert.equal((await lookup(h, revoked.token)).body, unknown.body)
  const late = await invite(h, w.keys.owner, 'late@example.com')
  h.clock.advance(7 * DAY)
  assert.equal((await lookup(h, late.token)).body, unknown.body)
  assert.equal((await join(h, { token: late.token, name: 'Late', password: NEW_PASSWORD })).body, unknown.body)
  const dan = await invite(h, w.keys.owner, 'dan@example.com')
  assert.is((await lookup(h, dan.token)).body.data.accountExists, true)
  expectError(await join(h, { token: dan.token, name: 'Dan', password: NEW_PASSWORD }), 409, 'CONFLICT', /sign in/)
  assert.is((await h.request('POST', '/organization/invites/accept', { key: w.keys.dan, body: { token: dan.token } })).status, 200)
  expectError(await join(h, { token: dan.token, name: 'x', password: NEW_PASSWORD, extra: 1 }), 422, 'VALIDATION_ERROR')
})

s('guessing links is limited per address like signing in; another site cannot join', async ({ h, w }) => {
  const sent = await invite(h, w.keys.owner, 'guess@example.com')
  expectError(await h.request('POST', '/invites/join', { key: null, body: { token: sent.token, name: 'G', password: NEW_PASSWORD }, headers: { origin: 'https://evil.example' } }), 403, 'FORBIDDEN')
  let last = await lookup(h, 'ntk_0000000000000000_nope')
  // 50 attempts per address per window: five times one email's 10.
  for (let i = 0; i < 60 && last.status !== 429; i++) last = await lookup(h, `ntk_000000000000000${i % 10}_nope`)
  expectError(last, 429, 'RATE_LIMITED')
  expectError(await join(h, { token: sent.token, name: 'G', password: NEW_PASSWORD }), 429, 'RATE_LIMITED')
})

s('a member may not invite (403); another organization\'s invite is not found (404)', async ({ h, w }) => {
  expectError(await h.request('POST', '/organization/invites', { key: w.keys.member, body: { email: 'x@example.com', role: 'member' } }), 403, 'FORBIDDEN')
  expectError(await h.request('POST', '/organization/invites', { key: w.keys.ownerReadonly, body: { email: 'x@example.com', role: 'member' } }), 403, 'FORBIDDEN')
  const theirs = await invite(h, w.keys.otherOwner, 'x@example.com')
  expectError(await h.request('DELETE', `/organization/invites/${theirs.id}`, { key: w.keys.owner }), 404, 'NOT_FOUND')
})

s('invites and shares are mailed when the server sends mail; a refused mail still answers the link', async () => {
  const mails: OutgoingMail[] = []
  let refuse = false
  const h = await startHarness({ ports: { mailer: { description: 'test', send: (m) => (refuse ? TE.left('550 mailbox unavailable') : (mails.push(m), TE.right(undefined))) } } })
  try {
    const w = await organizationWorld(h)
    const sent = await invite(h, w.keys.owner, 'mailme@example.com')
    assert.equal([sent.mailed, sent.mailProblem], [true, null])
    assert.equal(mails.map((m) => m.to), ['mailme@example.com'])
    assert.ok(mails[0]!.text.includes(sent.link) && mails[0]!.subject.includes('Acme'), mails[0]!.text)
    refuse = true
    const failed = await invite(h, w.keys.owner, 'other@example.com')
    assert.equal([failed.mailed, failed.mailProblem, tokenOf(failed.link)], [false, '550 mailbox unavailable', failed.token])
  } finally {
    await h.close()
  }
})

s('a share with an email that has no account: its link makes the account, which reads the recording', async ({ h, w }) => {
  await right(h.core.identity.setServerAdmin(w.ids.ada, true))
  const runId = (await upload(h, w.keys.owner, { filename: 'standup.vtt', bytes: VTT, title: 'Standup' })).runId
  const toNobody = await h.request('POST', `/recordings/${runId}/shares`, { key: w.keys.owner, body: { email: 'guest@example.com', scope: 'full' } })
  const toDan = await h.request('POST', `/recordings/${runId}/shares`, { key: w.keys.owner, body: { email: 'dan@example.com', scope: 'full' } })
  assert.equal(Object.keys(toNobody.body.data).sort(), Object.keys(toDan.body.data).sort(), 'the answer does not tell which email has an account')
  assert.equal([toNobody.body.data.mailed, toDan.body.data.mailed], [false, false])
  const token = tokenOf(toNobody.body.data.link)
  assert.equal((await lookup(h, token)).body.data, {
    kind: 'share', email: 'guest@example.com', organizationName: null, role: null, invitedBy: 'Ada', runId,
    accountExists: false, mayCreateAccount: true, expiresAt: new Date(h.clock.now().getTime() + 30 * DAY).toISOString(),
  })
  const joined = await join(h, { token, name: 'Guest', password: NEW_PASSWORD })
  assert.equal([joined.status, joined.body.data.kind, joined.body.data.runId, joined.body.data.session.organizationId], [201, 'share', runId, null])
  const cookie = cookieOf(joined.headers.get('set-cookie'))
  const read = await h.request('GET', `/recordings/${runId}`, { key: null, headers: { cookie } })
  assert.equal([read.status, read.body.data.title, read.body.data.owned], [200, 'Standup', false])
  expectError(await lookup(h, token), 404, 'NOT_FOUND')
  assert.is((await lookup(h, tokenOf(toDan.body.data.link))).body.data.accountExists, true)
})

s('a sharer who may not invite people onto the server: the link opens the recording for an account only', async ({ h, w }) => {
  const run = await upload(h, w.keys.member, { filename: 'note.vtt', bytes: VTT, title: 'Note' })
  const shared = await h.request('POST', `/recordings/${run.runId}/shares`, { key: w.keys.member, body: { email: 'guest@example.com', scope: 'summary' } })
  assert.is(shared.status, 201, JSON.stringify(shared.body))
  const token = tokenOf(shared.body.data.link)
  assert.is((await lookup(h, token)).body.data.mayCreateAccount, false)
  expectError(await join(h, { token, name: 'Guest', password: NEW_PASSWORD }), 403, 'FORBIDDEN', /administrator/)
})

s('PATCH /me: any full key renames; the email only in a password session, with the current password, and not without mail to confirm it', async ({ h, w }) => {
  const renamed = await h.request('PATCH', '/me', { key: w.keys.member, body: { name: ' Diana ' } })
  assert.equal([renamed.status, renamed.body.data], [200, { id: w.ids.di, name: 'Diana', email: 'di@example.com', pendingEmail: null }])
  expectError(await h.request('PATCH', '/me', { key: w.keys.ownerReadonly, body: { name: 'X' } }), 403, 'FORBIDDEN')
  expectError(await h.request('PATCH', '/me', { key: w.keys.member, body: { name: '' } }), 422, 'VALIDATION_ERROR')
  expectError(await h.request('PATCH', '/me', { key: w.keys.member, body: { email: 'di2@example.com', currentPassword: PASSWORD } }), 403, 'FORBIDDEN', /password/)
  await setPassword(h, w.ids.di)
  const session = await signIn(h, { email: 'di@example.com', password: PASSWORD })
  expectError(await h.request('PATCH', '/me', asSession(session, { body: { email: 'di2@example.com' } })), 422, 'VALIDATION_ERROR', /current password/)
  expectError(await h.request('PATCH', '/me', asSession(session, { body: { email: 'di2@example.com', currentPassword: 'not the password' } })), 403, 'FORBIDDEN', /current password is not right/)
  expectError(await h.request('PATCH', '/me', asSession(session, { body: { email: 'not an email', currentPassword: PASSWORD } })), 422, 'VALIDATION_ERROR')
  const taken = await h.request('PATCH', '/me', asSession(session, { body: { email: 'CY@example.com', currentPassword: PASSWORD } }))
  expectError(taken, 409, 'CONFLICT', /cannot be used/)
  assert.not.match(taken.body.error.message, /cy@example\.com|Cy/, 'it does not say whose it is')
  // Shares reach whoever has an email: without mail to prove the mailbox, a member cannot take a new one.
  expectError(await h.request('PATCH', '/me', asSession(session, { body: { email: 'di2@example.com', currentPassword: PASSWORD } })), 409, 'CONFLICT', /sends no mail/)
  assert.is((await signIn(h, { email: 'di@example.com', password: PASSWORD })).session.account.email, 'di@example.com', 'unchanged')
  // A server administrator (the operator) changes their own at once.
  await right(h.core.identity.setServerAdmin(w.ids.di, true))
  const moved = await h.request('PATCH', '/me', asSession(session, { body: { email: ' Di2@Example.com ', currentPassword: PASSWORD } }))
  assert.equal([moved.status, moved.body.data.email, moved.body.data.pendingEmail], [200, 'di2@example.com', null])
  assert.is((await signIn(h, { email: 'di2@example.com', password: PASSWORD })).session.account.email, 'di2@example.com')
  expectError(await h.request('PATCH', '/me', { key: null, body: { name: 'X' } }), 401, 'UNAUTHORIZED')
})

s('a new email takes effect when the link mailed to it is opened, once, within 24 hours', async () => {
  const mails: OutgoingMail[] = []
  let refuse = false
  const h = await startHarness({ ports: { mailer: { description: 'test', send: (m) => (refuse ? TE.left('550 mailbox unavailable') : (mails.push(m), TE.right(undefined))) } } })
  try {
    const w = await organizationWorld(h)
    await setPassword(h, w.ids.di)
    const session = await signIn(h, { email: 'di@example.com', password: PASSWORD })
    const asked = await h.request('PATCH', '/me', asSession(session, { body: { name: 'Diana', email: 'diana@example.com', currentPassword: PASSWORD } }))
    assert.equal([asked.status, asked.body.data], [200, { id: w.ids.di, name: 'Diana', email: 'di@example.com', pendingEmail: 'diana@example.com' }], JSON.stringify(asked.body))
    assert.equal(mails.map((m) => [m.to, m.subject]), [['diana@example.com', 'Confirm your new email address for Notetaker']])
    const link = /(\S*\/confirm-email#token=\S+)/.exec(mails[0]!.text)?.[1] ?? ''
    const token = tokenOf(link.replace('/confirm-email#', '/join#'))
    assert.ok(token.length > 20, mails[0]!.text)
    assert.is((await signIn(h, { email: 'di@example.com', password: PASSWORD })).session.account.email, 'di@example.com', 'nothing changes before the link is opened')

    const confirm = (t: string) => h.request('POST', '/email/confirm', { key: null, body: { token: t } })
    const middle = Math.floor(token.length / 2)
    const tampered = `${token.slice(0, middle)}${token[middle] === 'A' ? 'B' : 'A'}${token.slice(middle + 1)}`
    expectError(await confirm(tampered), 404, 'NOT_FOUND', /not valid any more/)
    expectError(await confirm('not a token'), 404, 'NOT_FOUND')
    expectError(await h.request('POST', '/email/confirm', { key: null, body: {} }), 422, 'VALIDATION_ERROR')
    const done = await confirm(token)
    assert.equal([done.status, done.body.data], [200, { id: w.ids.di, name: 'Diana', email: 'diana@example.com' }])
    assert.is((await signIn(h, { email: 'diana@example.com', password: PASSWORD })).session.account.email, 'diana@example.com')
    expectError(await confirm(token), 404, 'NOT_FOUND', /not valid any more/)

    // A link past its 24 hours, and an email someone took in the meantime.
    const again = await signIn(h, { email: 'diana@example.com', password: PASSWORD })
    await h.request('PATCH', '/me', asSession(again, { body: { email: 'late@example.com', currentPassword: PASSWORD } }))
    await h.request('PATCH', '/me', asSession(again, { body: { email: 'dan2@example.com', currentPassword: PASSWORD } }))
    const [late, contested] = mails.slice(1).map((m) => tokenOf((/(\S*\/confirm-email#token=\S+)/.exec(m.text)?.[1] ?? '').replace('/confirm-email#', '/join#')))
    await right(h.core.ports.accounts.updateProfile(w.ids.dan, { name: 'Dan', email: 'dan2@example.com' }))
    expectError(await confirm(contested ?? ''), 409, 'CONFLICT', /cannot be used/)
    h.clock.advance(24 * 3_600_000 + 1)
    expectError(await confirm(late ?? ''), 404, 'NOT_FOUND', /expired/)

    refuse = true
    const fresh = await signIn(h, { email: 'diana@example.com', password: PASSWORD })
    expectError(await h.request('PATCH', '/me', asSession(fresh, { body: { email: 'nowhere@example.com', currentPassword: PASSWORD } })), 409, 'CONFLICT', /could not be mailed to nowhere@example\.com \(550 mailbox unavailable\); your email is unchanged/)
  } finally {
    await h.close()
  }
})

s('PUT /me/password: a password session, the current password; every other session ends, the caller gets a new one', async ({ h, w }) => {
  await setPassword(h, w.ids.di)
  const session = await signIn(h, { email: 'di@example.com', password: PASSWORD })
  const elsewhere = await signIn(h, { email: 'di@example.com', password: PASSWORD })
  expectError(await h.request('PUT', '/me/password', { key: w.keys.member, body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }), 403, 'FORBIDDEN', /password/)
  expectError(await h.request('PUT', '/me/password', asSession(session, { body: { currentPassword: 'wrong password', newPassword: NEW_PASSWORD } })), 403, 'FORBIDDEN', /not right/)
  const weak = await h.request('PUT', '/me/password', asSession(session, { body: { currentPassword: PASSWORD, newPassword: 'short' } }))
  expectError(weak, 422, 'VALIDATION_ERROR', /new password must be at least 10 characters/)
  assert.is(weak.body.error.details[0].path, 'newPassword')
  const changed = await h.request('PUT', '/me/password', asSession(session, { body: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD } }))
  assert.is(changed.status, 200, JSON.stringify(changed.body))
  const cookie = cookieOf(changed.headers.get('set-cookie'))
  assert.is((await h.request('GET', '/session', { key: null, headers: { cookie } })).body.data.csrfToken, changed.body.data.csrfToken)
  assert.is((await h.request('GET', '/session', asSession(elsewhere))).status, 401, 'other sessions end')
  assert.is((await h.request('GET', '/session', asSession(session))).status, 401, 'and the old one too: the caller has the new one')
  assert.is((await signIn(h, { email: 'di@example.com', password: NEW_PASSWORD })).session.account.email, 'di@example.com')
  const fresh = await signIn(h, { email: 'di@example.com', password: NEW_PASSWORD })
  let last = await h.request('PUT', '/me/password', asSession(fresh, { body: { currentPassword: 'guess 0000000', newPassword: NEW_PASSWORD } }))
  for (let i = 0; i < 12 && last.status !== 429; i++) last = await h.request('PUT', '/me/password', asSession(fresh, { body: { currentPassword: `guess ${i}0000000`, newPassword: NEW_PASSWORD } }))
  expectError(last, 429, 'RATE_LIMITED')
})

s('server administrators list the accounts with their plans and change a plan', async ({ h, w }) => {
  expectError(await h.request('GET', '/server/accounts', { key: w.keys.owner }), 403, 'FORBIDDEN', /administrators/)
  await right(h.core.identity.setServerAdmin(w.ids.ada, true))
  const page = await h.request('GET', '/server/accounts?limit=2', { key: w.keys.ownerReadonly })
  assert.equal([page.status, page.body.data.total, page.body.data.rows.length], [200, 5, 2])
  const all = (await h.request('GET', '/server/accounts', { key: w.keys.owner })).body.data.rows
  assert.equal(all.map((a: any) => [a.email, a.plan.key, a.serverAdmin]).sort(), [
    ['ada@example.com', 'free', true], ['bob@example.com', 'free', false], ['cy@example.com', 'free', false], ['dan@example.com', 'free', false], ['di@example.com', 'free', false],
  ])
  const plans = await h.request('GET', '/server/plans', { key: w.keys.member })
  assert.equal(plans.body.data.map((p: any) => p.key), ['self-hosted', 'free', 'pro'])
  const lifted = await h.request('PATCH', `/server/accounts/${w.ids.di}`, { key: w.keys.owner, body: { plan: 'self-hosted' } })
  assert.equal([lifted.status, lifted.body.data.plan], [200, { key: 'self-hosted', paid: false, monthlyRecordings: null }])
  assert.is((await h.request('GET', '/me/allowance', { key: w.keys.member })).body.data.left, null, 'the allowance is lifted at once')
  expectError(await h.request('PATCH', `/server/accounts/${w.ids.di}`, { key: w.keys.owner, body: { plan: 'gold' } }), 422, 'VALIDATION_ERROR', /self-hosted, free, pro/)
  expectError(await h.request('PATCH', '/server/accounts/00000000-0000-4000-8000-000000000000', { key: w.keys.owner, body: { plan: 'pro' } }), 404, 'NOT_FOUND')
  expectError(await h.request('PATCH', `/server/accounts/${w.ids.di}`, { key: w.keys.ownerReadonly, body: { plan: 'pro' } }), 403, 'FORBIDDEN')
  expectError(await h.request('PATCH', `/server/accounts/${w.ids.ada}`, { key: w.keys.member, body: { plan: 'pro' } }), 403, 'FORBIDDEN')
})

s.run()
