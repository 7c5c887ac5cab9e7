import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { chatStandIn, type ChatStandIn, standInEngines } from '../support/notes-standin.js'
import { type Harness, startHarness } from '../support/http.js'
import { organizationWorld } from './organization-world.js'
import { putContent, VTT } from './share-world.js'

type World = Awaited<ReturnType<typeof organizationWorld>>
const MEET = 'https://meet.google.com/abc-defg-hij'

const s = suite<{ h: Harness; w: World; chat: ChatStandIn }>('Notes settings: the next recording uses them, without a restart')
s.before(async (ctx) => {
  ctx.h = await startHarness({ ports: { notesEngines: await standInEngines() } })
  ctx.w = await organizationWorld(ctx.h)
  ctx.chat = await chatStandIn('Stand-in summary of the planning meeting.')
})
s.after(async ({ h, chat }) => {
  await chat.stop()
  await h.close()
})

/** Creates and sends a transcript upload, processes it; answers the upload as created. */
const uploadWith = async (h: Harness, key: string, extra: Record<string, unknown> = {}) => {
  const created = await h.request('POST', '/uploads', { key, body: { filename: 'planning.vtt', byteSize: VTT.length, ...extra } })
  assert.is(created.status, 201, JSON.stringify(created.body))
  assert.is((await putContent(h, created.body.data.id, VTT, key)).status, 200)
  await h.worker.drain()
  return created.body.data as { id: string; runId: string }
}
const recording = async (h: Harness, key: string, runId: string) => (await h.request('GET', `/recordings/${runId}`, { key })).body.data

s('before any settings the server\'s analyzer makes the notes, and says so', async ({ h, w }) => {
  const u = await uploadWith(h, w.keys.member)
  const r = await recording(h, w.keys.member, u.runId)
  assert.equal([r.state, r.template], ['ready', null])
  assert.equal(r.notesMadeBy, { analyzer: 'builtin', model: null, template: 'general', fallbackReason: null })
})

s('switched to a server: the next upload\'s notes are the server\'s; a server that stops leaves the built-in notes, said; a retry asks again', async ({ h, w, chat }) => {
  const put = await h.request('PUT', '/notes-settings', {
    key: w.keys.admin,
    body: { analyzer: 'openai', openai: { url: chat.url, model: 'llama-test', contextTokens: 8192, key: 'sk-org' }, defaultTemplate: 'standup' },
  })
  assert.is(put.status, 200)
  const served = await uploadWith(h, w.keys.member)
  const notes = await recording(h, w.keys.member, served.runId)
  assert.equal([notes.state, notes.detail, notes.failedStage], ['ready', null, null])
  assert.equal(notes.notesMadeBy, { analyzer: 'openai', model: 'llama-test', template: 'standup', fallbackReason: null })
  assert.is(notes.shortSummary, 'Stand-in summary of the planning meeting.')
  assert.equal([chat.requests.at(-1)!.authorization, chat.requests.at(-1)!.template], ['Bearer sk-org', 'standup'], 'the saved key and the default template reach the server')

  await chat.stop()
  const before = h.events.length
  const fellBack = await uploadWith(h, w.keys.member)
  const failed = await recording(h, w.keys.member, fellBack.runId)
  assert.equal([failed.state, failed.failedStage, failed.hasNotes], ['failed', 'analysing', true])
  assert.match(failed.detail, new RegExp(`^The notes server at ${chat.url.replace(/[.]/g, '\\.')} did not answer after 3 tries \\(connection refused\\); these notes were written by the built-in analyzer\\. Retry to ask the server again\\.$`))
  assert.match(failed.notesMadeBy.fallbackReason, /connection refused/)
  assert.ok(failed.shortSummary.length > 0 && failed.actionItems.length > 0, 'the built-in notes are readable')
  const upload = (await h.request('GET', `/uploads/${fellBack.id}`, { key: w.keys.member })).body.data
  assert.equal([upload.stage, upload.failedStage, upload.hasNotes, upload.error], ['failed', 'analysing', true, failed.detail])
  assert.equal(h.events.slice(before).map((e) => [e.type, (e.data as { hasNotes?: boolean }).hasNotes]), [['upload.failed', true]], 'the webhook says failed with notes, as the upload does')
  const row = (await h.request('GET', '/recordings?limit=100', { key: w.keys.member })).body.data.rows.find((x: { runId: string }) => x.runId === fellBack.runId)
  assert.equal([row.state, row.hasNotes], ['failed', true], 'listed as failed with notes')
  const exported = await h.request('GET', `/recordings/${fellBack.runId}/export?format=json`, { key: w.keys.member })
  assert.is(exported.status, 200, 'the fallback notes export as any others')
  assert.ok(JSON.stringify(exported.body).includes(JSON.stringify(failed.shortSummary)), 'the export carries the built-in summary')

  await chat.start()
  const retried = await h.request('POST', `/uploads/${fellBack.id}/retry`, { key: w.keys.member })
  assert.equal([retried.status, retried.body.data.stage], [200, 'analysing'], 'a retry starts again from the analysis')
  await h.worker.drain()
  const again = await recording(h, w.keys.member, fellBack.runId)
  assert.equal([again.state, again.detail, again.failedStage], ['ready', null, null])
  assert.equal(again.notesMadeBy, { analyzer: 'openai', model: 'llama-test', template: 'standup', fallbackReason: null })
  assert.is((await h.request('GET', `/uploads/${fellBack.id}`, { key: w.keys.member })).body.data.error, null)
})

s('one organization\'s settings never make another\'s notes', async ({ h, w, chat }) => {
  const asked = chat.requests.length
  const theirs = await uploadWith(h, w.keys.otherOwner)
  assert.is((await recording(h, w.keys.otherOwner, theirs.runId)).notesMadeBy.analyzer, 'builtin')
  const dans = await uploadWith(h, w.keys.dan)
  assert.is((await recording(h, w.keys.dan, dans.runId)).notesMadeBy.analyzer, 'builtin')
  assert.is(chat.requests.length, asked, 'the stand-in was never asked for them')
  assert.is((await h.request('GET', `/recordings/${theirs.runId}`, { key: w.keys.member })).status, 404, "another organization's recording is 404")
})

s('a template chosen with the upload is stored and passed; an unknown one is 422', async ({ h, w, chat }) => {
  const u = await uploadWith(h, w.keys.member, { template: 'board-meeting' })
  const r = await recording(h, w.keys.member, u.runId)
  assert.equal([r.template, r.notesMadeBy.template, chat.requests.at(-1)!.template], ['board-meeting', 'board-meeting', 'board-meeting'])
  assert.ok(chat.requests.at(-1)!.messages[0]!.content.includes('Resolutions, votes and owners.'), "the operator's instructions reach the model")
  const bad = await h.request('POST', '/uploads', { key: w.keys.member, body: { filename: 'x.vtt', template: 'minutes' } })
  assert.is(bad.status, 422)
  assert.equal(bad.body.error.details[0].path, 'template')
  assert.match(bad.body.error.details[0].message, /'minutes' is not a template of this server; use one of: general, standup/)
  assert.is((await h.request('POST', '/uploads', { key: w.keys.member, body: { filename: 'x.vtt', template: 7 } })).status, 422)
  assert.is((await h.request('GET', '/uploads', { key: w.keys.member })).body.data.rows.filter((x: { filename: string }) => x.filename === 'x.vtt').length, 0, 'nothing was created')
})

s('a bot\'s template is stored and passed; an unknown one is 422 and sends no bot', async ({ h, w, chat }) => {
  await h.request('PUT', '/notes-settings', { key: w.keys.owner, body: { analyzer: 'builtin' } })
  const bad = await h.request('POST', '/bots', { key: w.keys.member, body: { joinUrl: MEET, template: 'nope' } })
  assert.equal([bad.status, bad.body.error.details[0].path], [422, 'template'])
  const sent = await h.request('POST', '/bots', { key: w.keys.member, body: { joinUrl: MEET, template: 'interview' } })
  assert.is(sent.status, 201, JSON.stringify(sent.body))
  await h.worker.drain()
  const r = await recording(h, w.keys.member, sent.body.data.runId)
  assert.equal([r.state, r.template, r.notesMadeBy], ['ready', 'interview', { analyzer: 'builtin', model: null, template: 'interview', fallbackReason: null }])
  assert.is((await h.request('GET', '/bots?origin=manual', { key: w.keys.member })).body.data.total, 1, 'the refused bot was never made')
})

s.run()
