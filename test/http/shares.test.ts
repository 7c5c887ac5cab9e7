import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type Harness, startHarness } from '../support/http.js'
import { right } from '../support/run.js'
import { audioRecording, person, transcriptRecording } from './share-world.js'

interface Ctx {
  h: Harness
  /** Ada's (the harness's first account) recording with notes, and her recording with audio. */
  notesRun: string
  audioRun: string
  cy: Awaited<ReturnType<typeof person>>
}
const s = suite<Ctx>('HTTP: sharing recordings')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
  ctx.notesRun = await transcriptRecording(ctx.h, ctx.h.keys.full)
  ctx.audioRun = await audioRecording(ctx.h, ctx.h.keys.full)
  ctx.cy = await person(ctx.h, 'Cy')
})
s.after.each(async ({ h }) => h.close())

const UNKNOWN = '00000000-0000-4000-8000-000000000000'
const ADA = (h: Harness) => ({ id: h.accounts.first, name: 'Ada', email: 'ada@example.com' })

/** Shares; `body.data` is the share as listed (the answer's link and mail delivery are in `sent`). */
const share = async (h: Harness, runId: string, email: string, scope: string, key = h.keys.full) => {
  const r = await h.request('POST', `/recordings/${runId}/shares`, { key, body: { email, scope } })
  if (r.status !== 201) return { ...r, sent: undefined }
  const { link: _link, mailed: _mailed, mailProblem: _problem, ...listed } = r.body.data
  return { ...r, body: { data: listed }, sent: r.body.data }
}

/** What a key reaches of a recording: detail, transcript page and audio statuses. */
const reach = async (h: Harness, runId: string, key: string) => ({
  detail: (await h.request('GET', `/recordings/${runId}?include=transcript`, { key })).status,
  transcript: (await h.request('GET', `/recordings/${runId}/transcript`, { key })).status,
  audio: (await h.request('GET', `/recordings/${runId}/audio`, { key })).status,
})

s('shared at summary scope: the recipient lists it and reads the notes, but gets no transcript and no audio', async ({ h, notesRun, audioRun, cy }) => {
  const created = await share(h, notesRun, 'Cy@Example.com', 'summary')
  assert.is(created.status, 201)
  assert.equal(Object.keys(created.sent).sort(), ['createdAt', 'email', 'id', 'link', 'mailProblem', 'mailed', 'runId', 'scope'])
  assert.equal([created.sent.mailed, created.sent.mailProblem], [false, null], 'this server sends no mail: the owner passes the link on')
  assert.match(created.sent.link, new RegExp(`^${h.url}/join#token=ntk_`))
  assert.equal([created.body.data.runId, created.body.data.email, created.body.data.scope, created.body.data.createdAt], [notesRun, 'cy@example.com', 'summary', '2026-06-01T12:00:00.000Z'])
  assert.is((await share(h, audioRun, 'cy@example.com', 'summary')).status, 201)

  const list = (await h.request('GET', '/recordings', { key: cy.key })).body.data
  assert.equal(list.rows.map((r: any) => [r.runId, r.owned, r.scope, r.sharedBy]), [[audioRun, false, 'summary', ADA(h)], [notesRun, false, 'summary', ADA(h)]])
  assert.is(list.total, 2)

  const detail = (await h.request('GET', `/recordings/${notesRun}?include=transcript`, { key: cy.key })).body.data
  assert.equal([detail.owned, detail.scope, detail.sharedBy], [false, 'summary', ADA(h)])
  assert.is(detail.transcript, undefined, 'no transcript even when asked for')
  const own = (await h.request('GET', `/recordings/${notesRun}?include=transcript`)).body.data
  assert.equal([own.owned, own.scope, own.sharedBy], [true, 'full', null], "the owner's own view")
  assert.ok(own.transcript.length > 0)
  assert.equal(
    [detail.shortSummary, detail.detailedSummary, detail.topics, detail.actionItems, detail.speakers, detail.attendees],
    [own.shortSummary, own.detailedSummary, own.topics, own.actionItems, own.speakers, own.attendees],
    'the same notes as the owner',
  )
  assert.ok(detail.shortSummary.length > 0 && detail.topics.length > 0 && detail.actionItems.length > 0)

  const page = await h.request('GET', `/recordings/${notesRun}/transcript?limit=5&offset=2`, { key: cy.key })
  assert.equal([page.status, page.body.data], [200, { rows: [], total: 0, limit: 5, offset: 2, scope: 'summary' }])
  const audio = await h.request('GET', `/recordings/${audioRun}/audio`, { key: cy.key })
  assert.equal([audio.status, audio.body.error.code], [404, 'NOT_FOUND'])
  assert.is((await h.request('GET', `/recordings/${audioRun}/audio`)).status, 200, 'the owner hears it')
})

s('shared at full scope: the recipient reads the transcript and hears the audio', async ({ h, notesRun, audioRun, cy }) => {
  await share(h, notesRun, cy.email, 'full')
  await share(h, audioRun, cy.email, 'full')
  const detail = (await h.request('GET', `/recordings/${notesRun}?include=transcript`, { key: cy.key })).body.data
  assert.equal([detail.owned, detail.scope, detail.sharedBy, detail.transcript.length], [false, 'full', ADA(h), 10])
  const page = (await h.request('GET', `/recordings/${notesRun}/transcript?limit=3`, { key: cy.key })).body.data
  assert.equal([page.scope, page.total, page.rows.length], ['full', 10, 3])
  const audio = await fetch(`${h.url}/ext/v1/recordings/${audioRun}/audio`, { headers: { authorization: `Bearer ${cy.key}`, range: 'bytes=0-3' } })
  assert.equal([audio.status, Buffer.from(await audio.arrayBuffer()).toString()], [206, 'RIFF'])
})

s("the recipient's list pages its own and shared recordings together, newest first; /bots lists the same rows", async ({ h, notesRun, audioRun, cy }) => {
  const cysOwn = await transcriptRecording(h, cy.key, 'Cy alone', '2026-05-20T12:00:00Z')
  await share(h, notesRun, cy.email, 'summary')
  await share(h, audioRun, cy.email, 'full')
  const first = (await h.request('GET', '/recordings?limit=2', { key: cy.key })).body.data
  assert.equal(first.rows.map((r: any) => [r.runId, r.owned, r.scope]), [[audioRun, false, 'full'], [cysOwn, true, 'full']])
  assert.equal([first.total, first.limit, first.offset], [3, 2, 0])
  const rest = (await h.request('GET', '/recordings?limit=2&offset=2', { key: cy.key })).body.data
  assert.equal(rest.rows.map((r: any) => r.runId), [notesRun])
  assert.is(rest.rows[0].sharedBy.email, 'ada@example.com')
  const bots = (await h.request('GET', '/bots', { key: cy.key })).body.data
  assert.equal(bots.rows.map((r: any) => [r.runId, r.owned]), [[audioRun, false], [cysOwn, true], [notesRun, false]])
  const adas = (await h.request('GET', '/recordings')).body.data
  assert.equal(adas.rows.map((r: any) => [r.runId, r.owned, r.sharedBy]), [[audioRun, true, null], [notesRun, true, null]], "the owner's list is unchanged")
})

s("a recipient never reaches the owner's other recordings or uploads", async ({ h, notesRun, audioRun, cy }) => {
  await share(h, notesRun, cy.email, 'full')
  assert.equal(await reach(h, audioRun, cy.key), { detail: 404, transcript: 404, audio: 404 })
  assert.equal((await h.request('GET', '/recordings', { key: cy.key })).body.data.rows.map((r: any) => r.runId), [notesRun])
  const uploads = (await h.request('GET', '/uploads')).body.data.rows
  for (const u of uploads) assert.is((await h.request('GET', `/uploads/${u.id}`, { key: cy.key })).status, 404, 'uploads stay the owner’s')
  assert.is((await h.request('GET', '/uploads', { key: cy.key })).body.data.total, 0)
  assert.equal(await reach(h, notesRun, h.keys.other), { detail: 404, transcript: 404, audio: 404 }, 'nor does anyone it was not shared with')
})

s('revoking makes the recording 404 for the recipient everywhere at once; the owner keeps it', async ({ h, notesRun, audioRun, cy }) => {
  const shared = (await share(h, audioRun, cy.email, 'full')).body.data
  assert.equal(await reach(h, audioRun, cy.key), { detail: 200, transcript: 200, audio: 200 })
  const revoked = await h.request('DELETE', `/recordings/${audioRun}/shares/${shared.id}`)
  assert.equal([revoked.status, revoked.body.data], [200, shared])
  assert.equal(await reach(h, audioRun, cy.key), { detail: 404, transcript: 404, audio: 404 })
  assert.is((await h.request('GET', '/recordings', { key: cy.key })).body.data.total, 0)
  assert.is((await h.request('GET', '/bots', { key: cy.key })).body.data.total, 0)
  assert.is((await h.request('GET', `/recordings/${audioRun}/audio`)).status, 200, 'the owner keeps it')
  const again = await h.request('DELETE', `/recordings/${audioRun}/shares/${shared.id}`)
  assert.equal([again.status, again.body.error.code], [404, 'NOT_FOUND'])
  assert.is((await share(h, audioRun, cy.email, 'summary')).status, 201, 'it can be shared again, at another scope')
  assert.equal(await reach(h, audioRun, cy.key), { detail: 200, transcript: 200, audio: 404 })
  assert.is((await h.request('DELETE', `/recordings/${notesRun}/shares/${shared.id}`)).status, 404, 'a share of another recording is not found')
})

s('the owner lists the shares of a recording as a whole collection, oldest first', async ({ h, notesRun, cy }) => {
  const empty = (await h.request('GET', `/recordings/${notesRun}/shares`, { key: h.keys.readonly })).body.data
  assert.equal(empty, { rows: [], total: 0, limit: 0, offset: 0 })
  const first = (await share(h, notesRun, cy.email, 'summary')).body.data
  h.clock.advance(1000)
  const second = (await share(h, notesRun, 'dee@example.com', 'full')).body.data
  const list = (await h.request('GET', `/recordings/${notesRun}/shares`)).body.data
  assert.equal(list, { rows: [first, second], total: 2, limit: 2, offset: 0 })
})

s('an email without an account: the share is kept and reaches whoever gets that email later', async ({ h, notesRun }) => {
  const created = await share(h, notesRun, 'newcomer@example.com', 'summary')
  assert.is(created.status, 201, 'answered as for any email: no hint whether an account exists')
  const newcomer = await person(h, 'Newcomer')
  const detail = await h.request('GET', `/recordings/${notesRun}`, { key: newcomer.key })
  assert.equal([detail.status, detail.body.data.owned, detail.body.data.scope], [200, false, 'summary'])
})

s('only the owner manages shares: the recipient and anyone else get 404 on the share routes', async ({ h, notesRun, cy }) => {
  const shared = (await share(h, notesRun, cy.email, 'full')).body.data
  for (const key of [cy.key, h.keys.other]) {
    const attempts = [
      await h.request('GET', `/recordings/${notesRun}/shares`, { key }),
      await share(h, notesRun, 'someone@example.com', 'full', key),
      await h.request('DELETE', `/recordings/${notesRun}/shares/${shared.id}`, { key }),
    ]
    assert.equal(attempts.map((a) => [a.status, a.body.error.code]), [[404, 'NOT_FOUND'], [404, 'NOT_FOUND'], [404, 'NOT_FOUND']])
  }
  assert.is((await h.request('GET', `/recordings/${notesRun}/shares`)).body.data.total, 1, 'nothing changed')
  assert.is((await share(h, UNKNOWN, cy.email, 'full')).status, 404, 'an unknown recording')
  assert.is((await h.request('DELETE', `/recordings/${notesRun}/shares/${UNKNOWN}`)).status, 404, 'an unknown share')
})

s('a superseded recording cannot be shared, and a shared one that is superseded disappears for the recipient', async ({ h, notesRun, cy }) => {
  await share(h, notesRun, cy.email, 'full')
  const run = await right(h.core.ports.runs.find(h.accounts.first, notesRun))
  assert.is(run._tag, 'Some')
  if (run._tag !== 'Some') return
  // Only a rescheduled meeting supersedes a run; forced here through the store.
  await right(h.core.ports.runs.update({ ...run.value, state: 'superseded' }, [run.value.state]))
  assert.equal(await reach(h, notesRun, cy.key), { detail: 404, transcript: 404, audio: 404 })
  assert.is((await h.request('GET', '/recordings', { key: cy.key })).body.data.total, 0)
  assert.is((await share(h, notesRun, 'dee@example.com', 'full')).status, 404)
})

s('sharing the same email twice is 409 and keeps the first scope', async ({ h, notesRun, cy }) => {
  await share(h, notesRun, cy.email, 'summary')
  const twice = await share(h, notesRun, 'CY@example.com', 'full')
  assert.equal([twice.status, twice.body.error.code], [409, 'CONFLICT'])
  assert.match(twice.body.error.message, /revoke/)
  assert.is((await h.request('GET', `/recordings/${notesRun}`, { key: cy.key })).body.data.scope, 'summary')
})

s('422: sharing with yourself, a bad email or scope, an unknown field, malformed ids', async ({ h, notesRun }) => {
  const cases: Array<[string, string, unknown, string]> = [
    ['POST', `/recordings/${notesRun}/shares`, { email: 'ADA@example.com', scope: 'full' }, 'email'],
    ['POST', `/recordings/${notesRun}/shares`, { email: 'not-an-email', scope: 'full' }, 'email'],
    ['POST', `/recordings/${notesRun}/shares`, { email: 'cy@example.com', scope: 'everything' }, 'scope'],
    ['POST', `/recordings/${notesRun}/shares`, { email: 'cy@example.com' }, 'scope'],
    ['POST', `/recordings/${notesRun}/shares`, { email: 'cy@example.com', scope: 'full', role: 'admin' }, 'role'],
    ['POST', '/recordings/not-a-uuid/shares', { email: 'cy@example.com', scope: 'full' }, 'runId'],
    ['GET', '/recordings/not-a-uuid/shares', undefined, 'runId'],
    ['DELETE', `/recordings/${notesRun}/shares/not-a-uuid`, undefined, 'shareId'],
  ]
  for (const [method, path, body, field] of cases) {
    const r = await h.request(method, path, body === undefined ? {} : { body })
    assert.is(r.status, 422, `${method} ${path} ${JSON.stringify(body)}`)
    assert.is(r.body.error.code, 'VALIDATION_ERROR')
    assert.ok(r.body.error.details.some((d: { path: string }) => d.path === field), `${JSON.stringify(r.body.error.details)} names ${field}`)
  }
  assert.is((await h.request('GET', `/recordings/${notesRun}/shares`)).body.data.total, 0, 'nothing was shared')
})

s('401 without a valid key and 403 for a read-only key on every write', async ({ h, notesRun, cy }) => {
  const shared = (await share(h, notesRun, cy.email, 'full')).body.data
  const routes: Array<[string, string, unknown]> = [
    ['GET', `/recordings/${notesRun}/shares`, undefined],
    ['POST', `/recordings/${notesRun}/shares`, { email: 'dee@example.com', scope: 'full' }],
    ['DELETE', `/recordings/${notesRun}/shares/${shared.id}`, undefined],
  ]
  for (const [method, path, body] of routes) {
    for (const key of [null, 'ntk_0000000000000000_nope']) {
      const r = await h.request(method, path, { key, ...(body === undefined ? {} : { body }) })
      assert.equal([r.status, r.body.error.code], [401, 'UNAUTHORIZED'], `${method} ${path}`)
    }
  }
  for (const [method, path, body] of routes.filter(([m]) => m !== 'GET')) {
    const r = await h.request(method, path, { key: h.keys.readonly, ...(body === undefined ? {} : { body }) })
    assert.equal([r.status, r.body.error.code], [403, 'FORBIDDEN'], `${method} ${path}`)
  }
  assert.equal((await h.request('GET', `/recordings/${notesRun}/shares`)).body.data.rows, [shared], 'nothing changed')
})

s('shares do not depend on organizations: a member removed from the owner’s organization keeps what was shared with it', async ({ h, notesRun, cy }) => {
  const acme = await right(h.core.organization.create({ name: 'Acme', owner: h.accounts.first }))
  await right(h.core.organization.addMember({ organizationId: acme.id, account: cy.id, role: 'member' }))
  const cyOrgWide = (await right(h.core.identity.issueApiKey({ accountId: cy.id, name: 'org', access: 'readonly', organizationWide: true, expiresInDays: null }))).plaintext
  await share(h, notesRun, cy.email, 'summary')
  const ownerKey = (await right(h.core.identity.issueApiKey({ accountId: h.accounts.first, name: 'org', access: 'full', organizationWide: true, expiresInDays: null }))).plaintext
  assert.is((await h.request('DELETE', `/organization/members/${cy.id}`, { key: ownerKey })).status, 200)
  for (const key of [cy.key, cyOrgWide]) assert.is((await h.request('GET', `/recordings/${notesRun}`, { key })).status, 200)
  assert.is((await h.request('GET', `/recordings/${notesRun}`, { key: ownerKey })).body.data.owned, true, 'the owner keeps it, whatever the key')
})

s.run()
