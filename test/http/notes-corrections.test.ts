import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'
import { labelledRecording, reprocess } from './notes-world.js'
import { person } from './share-world.js'

interface Ctx {
  h: Harness
  runId: string
}

const s = suite<Ctx>('notes corrections: title, summaries, decisions, topics, added and deleted action items')
s.before(async (ctx) => {
  ctx.h = await startHarness()
  ctx.runId = (await labelledRecording(ctx.h, ctx.h.keys.full)).runId
})
s.after(async ({ h }) => h.close())

type Res = { status: number; body: any }
const detail = async (h: Harness, runId: string, key?: string) => {
  const r = await h.request('GET', `/recordings/${runId}`, key === undefined ? {} : { key })
  assert.is(r.status, 200, JSON.stringify(r.body))
  return r.body.data
}
const send = (h: Harness, method: string, path: string, body?: unknown, key?: string): Promise<Res> =>
  h.request(method, path, { ...(body === undefined ? {} : { body }), ...(key === undefined ? {} : { key }) })
const found = async (h: Harness, q: string): Promise<string[]> =>
  (await h.request('GET', `/recordings?q=${encodeURIComponent(q)}`)).body.data.rows.map((r: { runId: string }) => r.runId)

s('a recording is renamed: trimmed, listed, found by the new title, kept when processed again', async ({ h, runId }) => {
  const r = await send(h, 'PATCH', `/recordings/${runId}`, { title: '  Mobile launch plan ' })
  assert.is(r.status, 200, JSON.stringify(r.body))
  assert.is(r.body.data.title, 'Mobile launch plan')
  assert.is(r.body.data.runId, runId)
  const row = (await h.request('GET', '/recordings')).body.data.rows.find((x: { runId: string }) => x.runId === runId)
  assert.is(row.title, 'Mobile launch plan')
  assert.equal(await found(h, 'mobile launch plan'), [runId])
  await reprocess(h, h.accounts.first, runId)
  assert.is((await detail(h, runId)).title, 'Mobile launch plan')
})

s('the summaries and decisions are rewritten, marked edited with the generated text, and null goes back to it', async ({ h, runId }) => {
  const before = await detail(h, runId)
  assert.equal(before.edited, { shortSummary: null, detailedSummary: null, decisions: null })
  const decisions = [before.decisions[0].text, 'We keep the budget at forty thousand.']
  const r = await send(h, 'PATCH', `/recordings/${runId}/notes`, { shortSummary: ' The launch moves to Berlin. ', detailedSummary: '- Berlin\n- Venue near the station', decisions })
  assert.is(r.status, 200, JSON.stringify(r.body))
  const d = r.body.data
  assert.is(d.shortSummary, 'The launch moves to Berlin.')
  assert.is(d.detailedSummary, '- Berlin\n- Venue near the station')
  assert.equal(d.decisions.map((x: { text: string }) => x.text), decisions)
  assert.equal(d.decisions[0], before.decisions[0], 'a kept decision keeps its citation')
  assert.equal(d.decisions[1], { text: decisions[1], by: null, atMs: null, speaker: null })
  assert.is(d.edited.shortSummary.generated, before.shortSummary)
  assert.is(d.edited.detailedSummary.generated, before.detailedSummary)
  assert.equal(d.edited.decisions.generated, before.decisions)
  assert.match(d.edited.shortSummary.editedAt, /^\d{4}-\d\d-\d\dT/)
  assert.equal(await detail(h, runId), d)
  // the edited notes are what exports carry
  const md = await fetch(`${h.url}/ext/v1/recordings/${runId}/export?format=md`, { headers: { authorization: `Bearer ${h.keys.full}` } })
  const text = await md.text()
  assert.match(text, /The launch moves to Berlin\./)
  assert.match(text, /We keep the budget at forty thousand\./)
  const json = await (await fetch(`${h.url}/ext/v1/recordings/${runId}/export?format=json`, { headers: { authorization: `Bearer ${h.keys.full}` } })).json()
  assert.is(json.shortSummary, 'The launch moves to Berlin.')
  // search: the new word is found, the removed one no longer
  assert.equal(await found(h, 'station'), [runId])
  const back = await send(h, 'PATCH', `/recordings/${runId}/notes`, { shortSummary: null, decisions: [] })
  assert.is(back.status, 200)
  assert.is(back.body.data.shortSummary, before.shortSummary)
  assert.is(back.body.data.edited.shortSummary, null)
  assert.equal(back.body.data.decisions, [])
  assert.ok(back.body.data.edited.decisions !== null, 'no decisions is an edit too')
  const reset = await send(h, 'PATCH', `/recordings/${runId}/notes`, { decisions: null })
  assert.equal(reset.body.data.decisions, before.decisions)
})

s('an edited summary word is found by search, the word it replaced no longer', async ({ h, runId }) => {
  const word = 'mobile'
  assert.ok((await detail(h, runId)).shortSummary.toLowerCase().includes(word) || (await found(h, word)).includes(runId))
  await send(h, 'PATCH', `/recordings/${runId}`, { title: 'Launch' })
  await send(h, 'PATCH', `/recordings/${runId}/notes`, { shortSummary: 'A quince harvest.', detailedSummary: 'Quince.' })
  assert.equal(await found(h, 'quince'), [runId])
  await send(h, 'PATCH', `/recordings/${runId}/notes`, { shortSummary: 'A pear harvest.', detailedSummary: 'Pears.' })
  assert.equal(await found(h, 'quince'), [])
  assert.equal(await found(h, 'pear harvest'), [runId])
  await send(h, 'PATCH', `/recordings/${runId}/notes`, { shortSummary: null, detailedSummary: null })
})

s('a topic is relabelled by its stable id, and null gives the generated label back', async ({ h, runId }) => {
  const topics = (await detail(h, runId)).topics
  assert.ok(topics.length > 0, 'the meeting has topics')
  const topic = topics[0]
  assert.equal(topic.edited, null)
  const r = await send(h, 'PATCH', `/recordings/${runId}/topics/${topic.id}`, { label: ' Venue ' })
  assert.is(r.status, 200, JSON.stringify(r.body))
  assert.equal({ ...r.body.data, edited: { ...r.body.data.edited, editedAt: '' } }, { ...topic, label: 'Venue', edited: { editedAt: '', generated: topic.label } })
  await reprocess(h, h.accounts.first, runId)
  assert.is((await detail(h, runId)).topics[0].label, 'Venue', 'kept when processed again')
  const back = await send(h, 'PATCH', `/recordings/${runId}/topics/${topic.id}`, { label: null })
  assert.equal(back.body.data, topic)
})

s('an action item is added (201), edited and deleted (204); a deleted generated item stays deleted when processed again', async ({ h, runId }) => {
  const generated = (await detail(h, runId)).actionItems
  const added = await send(h, 'POST', `/recordings/${runId}/action-items`, { title: ' Make the offer ', owner: 'Priya', due: '2026-06-01' })
  assert.is(added.status, 201, JSON.stringify(added.body))
  const item = added.body.data
  assert.equal({ ...item, id: '' }, { id: '', title: 'Make the offer', owner: 'Priya', due: '2026-06-01', status: 'active', context: '', tags: [], atMs: null })
  const plain = await send(h, 'POST', `/recordings/${runId}/action-items`, { title: 'Call the hotel' })
  assert.equal([plain.body.data.owner, plain.body.data.due], [null, null])
  const titled = await send(h, 'PATCH', `/recordings/${runId}/action-items/${item.id}`, { title: 'Make Ana an offer', status: 'done' })
  assert.is(titled.status, 200)
  assert.equal([titled.body.data.title, titled.body.data.status], ['Make Ana an offer', 'done'])
  assert.equal((await detail(h, runId)).actionItems.map((a: { id: string }) => a.id), [...generated.map((a: { id: string }) => a.id), item.id, plain.body.data.id])
  const gone = await send(h, 'DELETE', `/recordings/${runId}/action-items/${generated[0].id}`)
  assert.is(gone.status, 204)
  assert.is((await send(h, 'DELETE', `/recordings/${runId}/action-items/${plain.body.data.id}`)).status, 204)
  assert.is((await send(h, 'DELETE', `/recordings/${runId}/action-items/${generated[0].id}`)).status, 404, 'deleting again')
  assert.is((await send(h, 'PATCH', `/recordings/${runId}/action-items/${generated[0].id}`, { status: 'done' })).status, 404, 'a deleted item is not edited')
  const expected = [...generated.slice(1).map((a: { id: string }) => a.id), item.id]
  assert.equal((await detail(h, runId)).actionItems.map((a: { id: string }) => a.id), expected)
  await reprocess(h, h.accounts.first, runId)
  const after = (await detail(h, runId)).actionItems
  assert.equal(after.map((a: { id: string }) => a.id), expected)
  assert.is(after.at(-1).title, 'Make Ana an offer')
  const md = await (await fetch(`${h.url}/ext/v1/recordings/${runId}/export?format=md`, { headers: { authorization: `Bearer ${h.keys.full}` } })).text()
  assert.match(md, /Make Ana an offer/)
  assert.not.match(md, new RegExp(generated[0].title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
})

s('bad bodies are 422 with details naming the field', async ({ h, runId }) => {
  const topic = (await detail(h, runId)).topics[0].id
  const cases: Array<[Promise<Res>, string]> = [
    [send(h, 'PATCH', `/recordings/${runId}`, { title: '   ' }), 'title'],
    [send(h, 'PATCH', `/recordings/${runId}`, { title: 'x'.repeat(501) }), 'title'],
    [send(h, 'PATCH', `/recordings/${runId}`, {}), 'title'],
    [send(h, 'PATCH', `/recordings/${runId}`, { title: 7 }), 'title'],
    [send(h, 'PATCH', `/recordings/${runId}/notes`, {}), 'shortSummary'],
    [send(h, 'PATCH', `/recordings/${runId}/notes`, { shortSummary: ' ' }), 'shortSummary'],
    [send(h, 'PATCH', `/recordings/${runId}/notes`, { detailedSummary: 'x'.repeat(10_001) }), 'detailedSummary'],
    [send(h, 'PATCH', `/recordings/${runId}/notes`, { decisions: ['fine', ''] }), 'decisions.1'],
    [send(h, 'PATCH', `/recordings/${runId}/notes`, { decisions: Array(201).fill('d') }), 'decisions'],
    [send(h, 'PATCH', `/recordings/${runId}/notes`, { decisions: 'one' }), 'decisions'],
    [send(h, 'PATCH', `/recordings/${runId}/topics/${topic}`, { label: '' }), 'label'],
    [send(h, 'PATCH', `/recordings/${runId}/topics/${topic}`, {}), 'label'],
    [send(h, 'POST', `/recordings/${runId}/action-items`, {}), 'title'],
    [send(h, 'POST', `/recordings/${runId}/action-items`, { title: '' }), 'title'],
    [send(h, 'POST', `/recordings/${runId}/action-items`, { title: 'ok', due: 'Friday' }), 'due'],
    [send(h, 'POST', `/recordings/${runId}/action-items`, { title: 'ok', owner: ' ' }), 'owner'],
  ]
  for (const [p, path] of cases) {
    const r = await p
    assert.is(r.status, 422, `${path}: ${JSON.stringify(r.body)}`)
    assert.is(r.body.error.code, 'VALIDATION_ERROR')
    assert.ok(r.body.error.details.some((d: { path: string }) => d.path.startsWith(path)), `${path}: ${JSON.stringify(r.body.error.details)}`)
    assert.not.match(r.body.error.message, /(\b\w+\b).*\b\1 must\b/, `no field named twice: ${r.body.error.message}`)
  }
})

s("another account's recording, an unknown topic or item, and a recording without notes are 404", async ({ h, runId }) => {
  const d = await detail(h, runId)
  const unknown = '00000000-0000-4000-8000-000000000000'
  const pending = (await h.request('POST', '/uploads', { body: { filename: 'later.vtt', byteSize: 10 } })).body.data
  for (const r of [
    await send(h, 'PATCH', `/recordings/${runId}`, { title: 'Mine' }, h.keys.other),
    await send(h, 'PATCH', `/recordings/${unknown}`, { title: 'Nothing' }),
    await send(h, 'PATCH', `/recordings/${runId}/notes`, { shortSummary: 'x' }, h.keys.other),
    await send(h, 'PATCH', `/recordings/${runId}/topics/${d.topics[0].id}`, { label: 'x' }, h.keys.other),
    await send(h, 'PATCH', `/recordings/${runId}/topics/${unknown}`, { label: 'x' }),
    await send(h, 'POST', `/recordings/${runId}/action-items`, { title: 'x' }, h.keys.other),
    await send(h, 'DELETE', `/recordings/${runId}/action-items/${d.actionItems[0].id}`, undefined, h.keys.other),
    await send(h, 'DELETE', `/recordings/${runId}/action-items/${unknown}`),
    await send(h, 'PATCH', `/recordings/${pending.runId}/notes`, { shortSummary: 'x' }),
    await send(h, 'POST', `/recordings/${pending.runId}/action-items`, { title: 'x' }),
  ]) {
    assert.is(r.status, 404, JSON.stringify(r.body))
    assert.is(r.body.error.code, 'NOT_FOUND')
  }
  // a recording without notes can still be renamed
  assert.is((await send(h, 'PATCH', `/recordings/${pending.runId}`, { title: 'Later' })).status, 200)
  assert.equal(await detail(h, runId), d, 'nothing changed')
})

s('a read-only key is 403; a recipient of a share, at either scope, is 404 and nothing changes', async ({ h, runId }) => {
  const d = await detail(h, runId)
  const attempts = (key: string) => [
    send(h, 'PATCH', `/recordings/${runId}`, { title: 'Theirs' }, key),
    send(h, 'PATCH', `/recordings/${runId}/notes`, { shortSummary: 'Theirs' }, key),
    send(h, 'PATCH', `/recordings/${runId}/topics/${d.topics[0].id}`, { label: 'Theirs' }, key),
    send(h, 'POST', `/recordings/${runId}/action-items`, { title: 'Theirs' }, key),
    send(h, 'DELETE', `/recordings/${runId}/action-items/${d.actionItems[0].id}`, undefined, key),
  ]
  for (const r of await Promise.all(attempts(h.keys.readonly))) {
    assert.is(r.status, 403, JSON.stringify(r.body))
    assert.is(r.body.error.code, 'FORBIDDEN')
  }
  for (const scope of ['full', 'summary'] as const) {
    const rita = await person(h, `Rita${scope}`)
    assert.is((await h.request('POST', `/recordings/${runId}/shares`, { body: { email: rita.email, scope } })).status, 201)
    for (const r of await Promise.all(attempts(rita.key))) assert.is(r.status, 404, JSON.stringify(r.body))
  }
  assert.equal(await detail(h, runId), d)
})

s.run()
