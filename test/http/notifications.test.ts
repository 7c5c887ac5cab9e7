import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Notice } from '../../src/core/domain/notice.js'
import type { OutgoingMail } from '../../src/core/ports/mailer.js'
import { type Harness, startHarness } from '../support/http.js'
import { asSession, signIn } from '../support/session.js'

const s = suite<{ h: Harness; mailed: OutgoingMail[] }>('notifications')

s.before.each(async (ctx) => {
  ctx.mailed = []
  const mailed = ctx.mailed
  ctx.h = await startHarness({ ports: { mailer: { description: 'a test mailer', send: (m) => TE.fromIO(() => void mailed.push(m)) } } })
})
s.after.each(async ({ h }) => {
  await h.close()
})

const shared = (n: number, to = 'ada@example.com'): Notice => ({
  kind: 'recording-shared', to, runId: `run-${n}`, recordingTitle: `Sync ${n}`, sharedBy: 'Bob', link: `https://notes.example.com/recordings/run-${n}`,
})
const invite: Notice = {
  kind: 'organization-invite', to: 'ada@example.com', organizationName: 'Acme', invitedBy: null, role: 'member',
  link: 'https://notes.example.com/join?token=one-time-token', expiresAt: '2026-06-08T12:00:00.000Z',
}

/** Tells Ada (the harness's first account) `count` shares, a second apart, oldest first. */
const tell = async (h: Harness, notices: ReadonlyArray<Notice>) => {
  for (const n of notices) {
    await h.core.notifications.notify(n)()
    h.clock.advance(1_000)
  }
}

s('a notice to an account\'s email is mailed and listed for that account, newest first, with the unread count', async ({ h, mailed }) => {
  await tell(h, [shared(1), invite, shared(2, 'bob@example.com'), shared(3, 'nobody@example.com')])
  assert.equal(mailed.map((m) => m.to), ['ada@example.com', 'ada@example.com', 'bob@example.com', 'nobody@example.com'])
  const r = await h.request('GET', '/notifications')
  assert.is(r.status, 200)
  assert.equal(
    r.body.data.rows.map((n: any) => [n.kind, n.text, n.link, n.readAt]),
    [
      ['organization-invite', 'The administrator of this Notetaker server invited you to join Acme as a member.', '/join?token=one-time-token', null],
      ['recording-shared', 'Bob shared "Sync 1" with you.', '/recordings/run-1', null],
    ],
  )
  assert.equal([r.body.data.total, r.body.data.unreadCount], [2, 2])
  const bob = await h.request('GET', '/notifications', { key: h.keys.other })
  assert.equal(bob.body.data.rows.map((n: any) => n.text), ['Bob shared "Sync 2" with you.'], "another account's are not Ada's")
})

s('paged with limit and offset; unreadCount counts every page; a read-only key and a session may read', async ({ h }) => {
  await tell(h, [shared(1), shared(2), shared(3)])
  const second = await h.request('GET', '/notifications?limit=2&offset=2', { key: h.keys.readonly })
  assert.equal([second.status, second.body.data.rows.map((n: any) => n.link), second.body.data.total, second.body.data.unreadCount], [200, ['/recordings/run-1'], 3, 3])
  const session = await signIn(h, { apiKey: h.keys.full })
  const viaSession = await h.request('GET', '/notifications?limit=1', asSession(session))
  assert.equal([viaSession.status, viaSession.body.data.rows.map((n: any) => n.link)], [200, ['/recordings/run-3']])
})

s('marking read by id and then all; other accounts\' ids are passed over; marking twice keeps the first time', async ({ h }) => {
  await tell(h, [shared(1), shared(2), shared(3), shared(4, 'bob@example.com')])
  const [newest, middle] = (await h.request('GET', '/notifications')).body.data.rows
  const bobs = (await h.request('GET', '/notifications', { key: h.keys.other })).body.data.rows[0]
  const first = await h.request('POST', '/notifications/read', { body: { ids: [newest.id, bobs.id] } })
  assert.equal([first.status, first.body.data], [200, { marked: 1, unreadCount: 2 }])
  h.clock.advance(60_000)
  assert.equal((await h.request('POST', '/notifications/read', { body: { ids: [newest.id, middle.id] } })).body.data, { marked: 1, unreadCount: 1 })
  const rows = (await h.request('GET', '/notifications')).body.data.rows
  assert.equal(rows.map((n: any) => n.readAt), ['2026-06-01T12:00:04.000Z', '2026-06-01T12:01:04.000Z', null], 'the first read time is kept')
  const session = await signIn(h, { apiKey: h.keys.full })
  assert.equal((await h.request('POST', '/notifications/read', asSession(session, { body: { all: true } }))).body.data, { marked: 1, unreadCount: 0 })
  assert.is((await h.request('GET', '/notifications', { key: h.keys.other })).body.data.unreadCount, 1, "Bob's stays unread")
})

s('401 without a key; 403 for a read-only key and for a session without its CSRF token', async ({ h }) => {
  await tell(h, [shared(1)])
  for (const [method, path] of [['GET', '/notifications'], ['POST', '/notifications/read']] as const) {
    const r = await h.request(method, path, { key: null, ...(method === 'POST' ? { body: { all: true } } : {}) })
    assert.equal([r.status, r.body.error.code], [401, 'UNAUTHORIZED'], path)
  }
  const readonly = await h.request('POST', '/notifications/read', { key: h.keys.readonly, body: { all: true } })
  assert.equal([readonly.status, readonly.body.error.code], [403, 'FORBIDDEN'])
  assert.match(readonly.body.error.message, /read-only/)
  const session = await signIn(h, { apiKey: h.keys.full })
  assert.is((await h.request('POST', '/notifications/read', asSession(session, { body: { all: true }, csrf: null }))).status, 403)
  assert.is((await h.request('GET', '/notifications')).body.data.unreadCount, 1, 'nothing was marked')
})

s('422: neither ids nor all, both, too many ids, ids that are not text, an unknown field, a page out of bounds', async ({ h }) => {
  const cases: ReadonlyArray<readonly [unknown, string, RegExp]> = [
    [{}, 'ids', /^Give either the ids of the notifications to mark read, or "all": true\.$/],
    [{ ids: [], all: true }, 'ids', /^Give either/],
    [{ ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }, 'ids', /^Mark at most 100 notifications read at once/],
    [{ ids: 'all' }, 'ids', /./],
    [{ ids: [1] }, 'ids', /./],
    [{ all: false }, 'all', /./],
    [{ all: true, everything: true }, 'everything', /./],
  ]
  for (const [body, path, words] of cases) {
    const r = await h.request('POST', '/notifications/read', { body })
    assert.equal([r.status, r.body.error.code], [422, 'VALIDATION_ERROR'], JSON.stringify(body))
    assert.equal(r.body.error.details.map((d: any) => d.path), [path], JSON.stringify(body))
    assert.match(r.body.error.message, words)
    const message: string = r.body.error.message
    assert.ok(message.split(path).length <= 2, `"${message}" names ${path} once at most`)
  }
  for (const q of ['limit=0', 'limit=101', 'offset=-1']) {
    const r = await h.request('GET', `/notifications?${q}`)
    assert.equal([r.status, r.body.error.code], [422, 'VALIDATION_ERROR'], q)
  }
})

s.run()
