import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'
import { labelledRecording, reprocess } from './notes-world.js'
import { person, transcriptRecording } from './share-world.js'

interface Ctx {
  h: Harness
  runId: string
  uploadId: string
}

const s = suite<Ctx>('notes edits: speakers and action items')
s.before(async (ctx) => {
  ctx.h = await startHarness()
  const r = await labelledRecording(ctx.h, ctx.h.keys.full)
  ctx.runId = r.runId
  ctx.uploadId = r.uploadId
})
s.after(async ({ h }) => h.close())

const detail = async (h: Harness, runId: string, include = '') => {
  const r = await h.request('GET', `/recordings/${runId}${include === '' ? '' : `?include=${include}`}`)
  assert.is(r.status, 200, JSON.stringify(r.body))
  return r.body.data
}
const speakerId = async (h: Harness, runId: string, label: string): Promise<string> =>
  (await detail(h, runId)).speakers.find((sp: { label: string }) => sp.label === label).id
const patchSpeaker = (h: Harness, runId: string, id: string, body: unknown, key?: string) =>
  h.request('PATCH', `/recordings/${runId}/speakers/${id}`, { body, ...(key === undefined ? {} : { key }) })
const patchItem = (h: Harness, runId: string, id: string, body: unknown, key?: string) =>
  h.request('PATCH', `/recordings/${runId}/action-items/${id}`, { body, ...(key === undefined ? {} : { key }) })

s('the notes have speakers with ids and labels, attendees with empty emails (unknown), and decisions', async ({ h, runId }) => {
  const d = await detail(h, runId)
  assert.equal(d.speakers.map((sp: { label: string; name: string; email: null }) => [sp.label, sp.name, sp.email]), [['Speaker 1', 'Speaker 1', null], ['Speaker 2', 'Speaker 2', null]])
  assert.ok(d.speakers.every((sp: { id: string }) => /^[0-9a-f-]{36}$/.test(sp.id)))
  assert.equal(d.attendees, [{ name: 'Speaker 1', email: '' }, { name: 'Speaker 2', email: '' }])
  assert.equal(d.decisions.map((x: { atMs: number; speaker: string; by: string }) => [x.atMs, x.speaker, x.by]), [[11_500, 'Speaker 1', 'Speaker 1'], [23_500, 'Speaker 1', 'Speaker 1']])
  assert.match(d.decisions[0].text, /we decided to move the launch event to Berlin/i)
  assert.ok(d.actionItems.length >= 2)
  assert.ok(d.actionItems.every((a: { status: string }) => a.status === 'active'))
})

s('renaming a speaker shows the name in the transcript, stats, attendees, owners and decisions', async ({ h, runId }) => {
  const id = await speakerId(h, runId, 'Speaker 2')
  const r = await patchSpeaker(h, runId, id, { name: '  Tom Becker ', email: 'Tom@Example.com' })
  assert.is(r.status, 200, JSON.stringify(r.body))
  assert.equal({ ...r.body.data, talkMs: 0, words: 0, share: 0 }, { id, name: 'Tom Becker', label: 'Speaker 2', email: 'tom@example.com', talkMs: 0, words: 0, share: 0 })
  const d = await detail(h, runId, 'transcript')
  assert.equal(d.speakers.map((sp: { name: string }) => sp.name), ['Speaker 1', 'Tom Becker'])
  assert.equal(d.attendees, [{ name: 'Speaker 1', email: '' }, { name: 'Tom Becker', email: 'tom@example.com' }])
  assert.equal([...new Set(d.transcript.map((u: { speaker: string }) => u.speaker))], ['Speaker 1', 'Tom Becker'])
  assert.match(d.detailedSummary, /Tom Becker will send the patched build/)
  assert.not.match(d.detailedSummary, /Speaker 2/)
  const mine = d.actionItems.find((a: { context: string }) => /patched build/.test(a.context))
  assert.is(mine.owner, 'Tom Becker')
  const page = (await h.request('GET', `/recordings/${runId}/transcript?limit=2`)).body.data
  assert.equal(page.rows.map((u: { speaker: string }) => u.speaker), ['Speaker 1', 'Tom Becker'])
  // the email alone changes; the name stays
  const again = await patchSpeaker(h, runId, id, { email: null })
  assert.equal([again.body.data.name, again.body.data.email], ['Tom Becker', null])
  const named = await patchSpeaker(h, runId, await speakerId(h, runId, 'Speaker 1'), { name: 'Maria Lopez' })
  assert.equal([named.body.data.name, named.body.data.email], ['Maria Lopez', null])
  const after = await detail(h, runId)
  assert.equal(after.decisions.map((x: { by: string; speaker: string }) => [x.by, x.speaker]), [['Maria Lopez', 'Maria Lopez'], ['Maria Lopez', 'Maria Lopez']])
})

s('marking an action item done, and changing its owner, due date and title', async ({ h, runId }) => {
  const items = (await detail(h, runId)).actionItems
  const item = items[0]
  const done = await patchItem(h, runId, item.id, { status: 'done' })
  assert.is(done.status, 200, JSON.stringify(done.body))
  assert.equal(done.body.data, { ...item, owner: done.body.data.owner, status: 'done' })
  const changed = await patchItem(h, runId, item.id, { owner: 'Priya Shah', due: '2026-06-30', title: ' Book the venue ' })
  assert.equal([changed.body.data.owner, changed.body.data.due, changed.body.data.title, changed.body.data.status], ['Priya Shah', '2026-06-30', 'Book the venue', 'done'])
  const cleared = await patchItem(h, runId, item.id, { owner: null, due: null, status: 'active' })
  assert.equal([cleared.body.data.owner, cleared.body.data.due, cleared.body.data.title, cleared.body.data.status], [null, null, 'Book the venue', 'active'])
  const read = (await detail(h, runId)).actionItems.find((a: { id: string }) => a.id === item.id)
  assert.equal(read, cleared.body.data)
  await patchItem(h, runId, item.id, { status: 'done' })
})

s('re-processing the recording keeps the ids and every edit', async ({ h, runId }) => {
  const before = await detail(h, runId)
  await reprocess(h, h.accounts.first, runId)
  const after = await detail(h, runId)
  assert.is(after.state, 'ready')
  assert.equal(after.speakers, before.speakers)
  assert.equal(after.actionItems, before.actionItems)
  assert.equal(after.decisions, before.decisions)
  assert.ok(after.actionItems.some((a: { status: string }) => a.status === 'done'))
})

s('bad bodies are 422 with details naming the field', async ({ h, runId }) => {
  const sp = await speakerId(h, runId, 'Speaker 1')
  const item = (await detail(h, runId)).actionItems[0].id
  const cases: Array<[Promise<{ status: number; body: any }>, string]> = [
    [patchSpeaker(h, runId, sp, { name: '   ' }), 'name'],
    [patchSpeaker(h, runId, sp, { name: 'x'.repeat(201) }), 'name'],
    [patchSpeaker(h, runId, sp, { email: 'not-an-email' }), 'email'],
    [patchSpeaker(h, runId, sp, {}), 'name'],
    [patchSpeaker(h, runId, sp, { name: 'Ana', nickname: 'A' }), 'nickname'],
    [patchItem(h, runId, item, { title: '' }), 'title'],
    [patchItem(h, runId, item, { title: 'x'.repeat(501) }), 'title'],
    [patchItem(h, runId, item, { due: '2026-02-30' }), 'due'],
    [patchItem(h, runId, item, { due: 'next Friday' }), 'due'],
    [patchItem(h, runId, item, { status: 'closed' }), 'status'],
    [patchItem(h, runId, item, { owner: ' ' }), 'owner'],
    [patchItem(h, runId, item, {}), 'status'],
  ]
  for (const [p, path] of cases) {
    const r = await p
    assert.is(r.status, 422, JSON.stringify(r.body))
    assert.is(r.body.error.code, 'VALIDATION_ERROR')
    assert.ok(r.body.error.details.some((d: { path: string }) => d.path.startsWith(path)), `${path}: ${JSON.stringify(r.body.error.details)}`)
  }
})

s('an unknown speaker or item, another account\'s recording and one without notes are 404', async ({ h, runId }) => {
  const sp = await speakerId(h, runId, 'Speaker 1')
  const item = (await detail(h, runId)).actionItems[0].id
  const unknown = '00000000-0000-4000-8000-000000000000'
  for (const r of [
    await patchSpeaker(h, runId, unknown, { name: 'Ana' }),
    await patchItem(h, runId, unknown, { status: 'done' }),
    await patchSpeaker(h, runId, sp, { name: 'Ana' }, h.keys.other),
    await patchItem(h, runId, item, { status: 'done' }, h.keys.other),
    await patchSpeaker(h, unknown, sp, { name: 'Ana' }),
  ]) {
    assert.is(r.status, 404, JSON.stringify(r.body))
    assert.is(r.body.error.code, 'NOT_FOUND')
  }
  // an upload not yet sent has no notes
  const pending = (await h.request('POST', '/uploads', { body: { filename: 'later.vtt', byteSize: 10 } })).body.data
  assert.is((await patchSpeaker(h, pending.runId, sp, { name: 'Ana' })).status, 404)
  assert.is((await patchItem(h, pending.runId, item, { status: 'done' })).status, 404)
})

s('a read-only key is 403; a recipient of a share, at either scope, is 404 and nothing changes', async ({ h, runId }) => {
  const sp = await speakerId(h, runId, 'Speaker 1')
  const item = (await detail(h, runId)).actionItems[0]
  const ro = await patchItem(h, runId, item.id, { status: 'active' }, h.keys.readonly)
  assert.is(ro.status, 403)
  assert.is((await patchSpeaker(h, runId, sp, { name: 'Ana' }, h.keys.readonly)).status, 403)
  for (const scope of ['full', 'summary'] as const) {
    const rita = await person(h, `Rita${scope}`)
    assert.is((await h.request('POST', `/recordings/${runId}/shares`, { body: { email: rita.email, scope } })).status, 201)
    assert.is((await h.request('GET', `/recordings/${runId}`, { key: rita.key })).status, 200, 'the recipient reads it')
    assert.is((await patchItem(h, runId, item.id, { status: 'active' }, rita.key)).status, 404)
    assert.is((await patchSpeaker(h, runId, sp, { name: 'Ana' }, rita.key)).status, 404)
  }
  const still = (await detail(h, runId)).actionItems.find((a: { id: string }) => a.id === item.id)
  assert.equal(still, item)
})

s('recordings of the same transcript get their own ids', async ({ h, runId }) => {
  const other = await transcriptRecording(h, h.keys.full)
  const a = await detail(h, runId)
  const b = await detail(h, other)
  assert.ok(a.speakers.every((x: { id: string }) => !b.speakers.some((y: { id: string }) => y.id === x.id)))
})

s.run()
