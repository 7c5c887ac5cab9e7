import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ROOT } from '../support/cli.js'
import { startHarness, type Harness } from '../support/http.js'

const vtt = readFileSync(join(ROOT, 'fixtures', 'transcripts', 'planning-meeting.vtt'))

const put = (h: Harness, id: string, body: Buffer | string, key?: string) =>
  fetch(`${h.url}/ext/v1/uploads/${id}/content`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${key ?? h.keys.full}`, 'content-type': 'application/octet-stream' },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }))

const s = suite<{ h: Harness }>('uploads: a transcript becomes notes')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

s('create, send, process: the upload is ready and the recording has notes and a transcript', async ({ h }) => {
  const created = await h.request('POST', '/uploads', { body: { filename: 'Planning.VTT', title: 'Launch planning', byteSize: vtt.length, startsAt: '2026-06-01T09:00:00Z' } })
  assert.is(created.status, 201)
  const u = created.body.data
  assert.equal([u.kind, u.stage, u.hasNotes, u.title, u.startsAt], ['transcript', 'pending', false, 'Launch planning', '2026-06-01T09:00:00.000Z'])
  assert.match(u.reference, /^upl-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}$/)

  const sent = await put(h, u.id, vtt)
  assert.is(sent.status, 200)
  assert.is(sent.body.data.stage, 'stored')
  await h.worker.drain()

  const ready = (await h.request('GET', `/uploads/${u.id}`)).body.data
  assert.equal([ready.stage, ready.hasNotes, ready.error, ready.byteSize], ['ready', true, null, vtt.length])
  assert.is(ready.durationMs, 62_000)

  const list = (await h.request('GET', '/recordings')).body.data
  assert.is(list.total, 1)
  assert.equal(list.rows[0], {
    runId: u.runId, reference: list.rows[0].reference, meetingId: null, title: 'Launch planning', startsAt: '2026-06-01T09:00:00.000Z',
    platform: null, origin: 'upload', state: 'ready', phase: 'done', recordingSeconds: 62, progress: null, endedAt: null, hasNotes: true,
    scope: 'full', owned: true, sharedBy: null, match: null,
  })

  const detail = (await h.request('GET', `/recordings/${u.runId}`)).body.data
  assert.equal([detail.scope, detail.owned, detail.sharedBy, detail.state], ['full', true, null, 'ready'])
  assert.ok(detail.shortSummary.length > 20, 'a short summary')
  assert.ok(detail.detailedSummary.split(/\s+/).length > 30, 'a detailed summary')
  assert.equal(detail.speakers.map((x: any) => x.name).sort(), ['Maria Lopez', 'Priya Shah', 'Tom Becker'])
  assert.ok(Math.abs(detail.topics.reduce((a: number, t: any) => a + t.share, 0) - 1) < 1e-9)
  assert.ok(detail.actionItems.some((a: any) => a.owner === 'Tom Becker' && a.due === '2026-06-05'), JSON.stringify(detail.actionItems))
  const venue = detail.actionItems.find((a: any) => /venue/i.test(a.title))
  assert.equal([venue?.owner, venue?.due], ['Priya Shah', '2026-06-12'], 'an addressed first name resolves to that speaker')
  assert.is(detail.transcript, undefined)

  const full = (await h.request('GET', `/recordings/${u.runId}?include=transcript`)).body.data
  assert.is(full.transcript.length, 10)
  assert.equal(full.transcript[1], { start_ms: 6500, end_ms: 13000, speaker: 'Tom Becker', text: 'Thanks Maria. The beta feedback was positive, but users reported crashes on older Android phones during login.' })

  const page = (await h.request('GET', `/recordings/${u.runId}/transcript?limit=3&offset=8`)).body.data
  assert.equal([page.total, page.limit, page.offset, page.scope, page.rows.length], [10, 3, 8, 'full', 2])
  assert.is(page.rows[0].speaker, 'Maria Lopez')

  const audio = await h.request('GET', `/recordings/${u.runId}/audio`)
  assert.is(audio.status, 404, 'a transcript upload has no audio')
  assert.equal(h.events.map((e) => e.type), ['upload.ready'])
})

s('processing twice (a re-delivered job) never duplicates utterances or action items', async ({ h }) => {
  const u = (await h.request('POST', '/uploads', { body: { filename: 'a.vtt' } })).body.data
  await put(h, u.id, vtt)
  await h.worker.drain()
  const before = (await h.request('GET', `/recordings/${u.runId}?include=transcript`)).body.data
  const handler = h.core.jobHandlers['recording.process']!
  const again = await handler({ accountId: h.accounts.first, runId: u.runId }, { number: 2, last: false })()
  assert.is(again._tag, 'Right')
  const after = (await h.request('GET', `/recordings/${u.runId}?include=transcript`)).body.data
  assert.equal([after.transcript.length, after.actionItems.length], [before.transcript.length, before.actionItems.length])
})

s('bad input: each gets a clear error and loses nothing', async ({ h }) => {
  const wrongExt = await h.request('POST', '/uploads', { body: { filename: 'notes.docx' } })
  assert.is(wrongExt.status, 422)
  assert.is(wrongExt.body.error.details[0].path, 'filename')
  const mismatch = await h.request('POST', '/uploads', { body: { filename: 'talk.mp3', kind: 'transcript' } })
  assert.equal([mismatch.status, mismatch.body.error.details[0].path], [422, 'kind'])
  for (const byteSize of [0, -1, 1.5, 6 * 1024 * 1024]) {
    const r = await h.request('POST', '/uploads', { body: { filename: 'a.vtt', byteSize } })
    assert.is(r.status, 422, `byteSize ${byteSize}`)
    assert.is(r.body.error.details[0].path, 'byteSize')
  }
  assert.is((await h.request('POST', '/uploads', { body: {} })).status, 422)
  assert.is((await h.request('GET', '/uploads')).body.data.total, 0, 'nothing was created')

  const u = (await h.request('POST', '/uploads', { body: { filename: 'a.vtt', byteSize: vtt.length } })).body.data
  const short = await put(h, u.id, vtt.subarray(0, 100))
  assert.equal([short.status, short.body.error.details[0].path], [422, 'content'])
  assert.match(short.body.error.message, /^the file ended before the size declared when the upload was created \(\d+ KB\); send the whole file$/)
  const long = await put(h, u.id, Buffer.concat([vtt, Buffer.from('extra')]))
  assert.is(long.status, 422)
  assert.match(long.body.error.message, /^the file is larger than the \d+ KB declared when the upload was created$/)
  assert.is((await h.request('GET', `/uploads/${u.id}`)).body.data.stage, 'pending', 'still waiting for a good file')
  assert.is((await put(h, u.id, vtt)).status, 200, 'the right file is accepted after')
  const second = await put(h, u.id, vtt)
  assert.equal([second.status, second.body.error.code], [409, 'CONFLICT'])

  const empty = (await h.request('POST', '/uploads', { body: { filename: 'b.vtt' } })).body.data
  const e = await put(h, empty.id, '')
  assert.is(e.status, 422)
  assert.match(e.body.error.message, /empty/)

  assert.is((await h.request('POST', `/uploads/${u.id}/retry`)).status, 409, 'only failed uploads are retried')
  await h.worker.drain()
  const ready = await h.request('POST', `/uploads/${u.id}/retry`)
  assert.equal([ready.status, ready.body.error.code], [409, 'CONFLICT'])
  assert.match(ready.body.error.message, /this one is ready/)
})

s('a malformed transcript fails with an error naming the line; retry re-runs on the stored file', async ({ h }) => {
  const bad = Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:xx.000\n<v Ann>Hello\n')
  const u = (await h.request('POST', '/uploads', { body: { filename: 'bad.vtt' } })).body.data
  await put(h, u.id, bad)
  await h.worker.drain()
  const failed = (await h.request('GET', `/uploads/${u.id}`)).body.data
  assert.equal([failed.stage, failed.hasNotes, failed.warnings], ['failed', false, []])
  assert.match(failed.error, /line 3: .*not a valid cue timing.*nothing readable remains/)
  assert.equal(h.events.map((e) => e.type), ['upload.failed'])
  const retried = await h.request('POST', `/uploads/${u.id}/retry`)
  assert.equal([retried.status, retried.body.data.stage, retried.body.data.error], [200, 'stored', null])
  await h.worker.drain()
  assert.is((await h.request('GET', `/uploads/${u.id}`)).body.data.stage, 'failed', 'the same file fails the same way')

  const none = (await h.request('POST', '/uploads', { body: { filename: 'none.txt' } })).body.data
  await put(h, none.id, '\n\n   \n')
  await h.worker.drain()
  assert.match((await h.request('GET', `/uploads/${none.id}`)).body.data.error, /no utterances/)
})

s('a bad cue is left out and counted in the upload\'s warnings; the rest becomes notes', async ({ h }) => {
  const text = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann>The plan is ready.\n\n00:00:0x.000 --> 00:00:06.000\n<v Bo>lost words\n\n' +
    '00:00:07.000 --> 00:00:09.000\n<v Bo>Then we ship it on Friday.\n'
  const u = (await h.request('POST', '/uploads', { body: { filename: 'partly.vtt' } })).body.data
  assert.equal(u.warnings, [], 'nothing to say before the file is read')
  await put(h, u.id, text)
  await h.worker.drain()
  const ready = (await h.request('GET', `/uploads/${u.id}`)).body.data
  assert.equal([ready.stage, ready.error], ['ready', null])
  assert.equal(ready.warnings, [
    "1 part of the file could not be read and was left out (line 6: '00:00:0x.000 --> 00:00:06.000' is not a valid cue timing (must be exactly two digits); the cue was left out)",
  ])
  assert.equal((await h.request('GET', '/uploads')).body.data.rows[0].warnings, ready.warnings, 'the list says the same')
  const full = (await h.request('GET', `/recordings/${u.runId}?include=transcript`)).body.data
  assert.equal(full.transcript.map((x: any) => x.text), ['The plan is ready.', 'Then we ship it on Friday.'])
})

s('a transcript\'s encoding is found: UTF-16 and UTF-32 with a byte order mark, Windows-1252 with a warning', async ({ h }) => {
  const srt = '1\n00:00:01,000 --> 00:00:03,000\nCE FILM RELATE DES ÉVÉNEMENTS déjà vus\n'
  const utf16be = Buffer.from(`\uFEFF${srt}`, 'utf16le').swap16()
  const utf32le = Buffer.concat([Buffer.from([0xff, 0xfe, 0, 0]), ...[...srt].map((c) => { const b = Buffer.alloc(4); b.writeUInt32LE(c.codePointAt(0)!); return b })])
  const cases: Array<[string, Buffer, string[]]> = [
    ['utf16le.srt', Buffer.from(`\uFEFF${srt}`, 'utf16le'), []],
    ['utf16be.srt', utf16be, []],
    ['utf32le.srt', utf32le, []],
    ['latin.srt', Buffer.from(srt, 'latin1'), ['the file is not UTF-8 and has no byte order mark; it was read as windows-1252 (if characters look wrong, save it as UTF-8 and upload it again)']],
    ['latin.txt', Buffer.from('Ann: CE FILM RELATE DES ÉVÉNEMENTS déjà vus\n', 'latin1'), ['the file is not UTF-8 and has no byte order mark; it was read as windows-1252 (if characters look wrong, save it as UTF-8 and upload it again)']],
    ['utf16.json', Buffer.from(`\uFEFF[{"start_ms":1000,"end_ms":3000,"speaker":"Ann","text":"CE FILM RELATE DES ÉVÉNEMENTS déjà vus"}]`, 'utf16le'), []],
  ]
  for (const [filename, bytes, warnings] of cases) {
    const u = (await h.request('POST', '/uploads', { body: { filename } })).body.data
    await put(h, u.id, bytes)
    await h.worker.drain()
    const ready = (await h.request('GET', `/uploads/${u.id}`)).body.data
    assert.equal([ready.stage, ready.error, ready.warnings], ['ready', null, warnings], filename)
    const full = (await h.request('GET', `/recordings/${u.runId}?include=transcript`)).body.data
    assert.match(full.transcript[0].text, /^CE FILM RELATE DES ÉVÉNEMENTS déjà vus$/, filename)
  }
})

s('transcripts have their own size limit and an utterance limit (2 MB and 10,000 in this harness; audio keeps the upload limit)', async ({ h }) => {
  const tooBig = await h.request('POST', '/uploads', { body: { filename: 'long.vtt', byteSize: 3 * 1024 * 1024 } })
  assert.equal([tooBig.status, tooBig.body.error.code, tooBig.body.error.details[0].path], [422, 'VALIDATION_ERROR', 'byteSize'])
  assert.is(tooBig.body.error.message, 'the file is larger than the 2 MB transcript limit', 'a size in words, not in bytes')
  assert.is((await h.request('POST', '/uploads', { body: { filename: 'long.wav', byteSize: 3 * 1024 * 1024 } })).status, 201, 'audio of that size is fine')

  const undeclared = (await h.request('POST', '/uploads', { body: { filename: 'undeclared.txt' } })).body.data
  const sent = await put(h, undeclared.id, Buffer.alloc(2 * 1024 * 1024 + 1, 'a'))
  assert.equal([sent.status, sent.body.error.details[0].path], [422, 'content'])
  assert.is(sent.body.error.message, 'the file is larger than the 2 MB transcript limit')
  assert.is((await h.request('GET', `/uploads/${undeclared.id}`)).body.data.stage, 'pending', 'nothing was kept')

  const lines = Array.from({ length: 10_001 }, (_, i) => `Ann: line ${i}`).join('\n')
  const many = (await h.request('POST', '/uploads', { body: { filename: 'many.txt' } })).body.data
  assert.is((await put(h, many.id, lines)).status, 200)
  await h.worker.drain()
  const failed = (await h.request('GET', `/uploads/${many.id}`)).body.data
  assert.is(failed.stage, 'failed')
  assert.is(failed.error, 'Reading the transcript failed: the transcript has 10,001 utterances; at most 10,000 can be processed')
})

s('include=transcript carries at most 2,000 utterances, the total, and a Link to the rest; a short one whole', async ({ h }) => {
  const lines = Array.from({ length: 2_005 }, (_, i) => `${i % 2 ? 'Bo' : 'Ann'}: point number ${i}`).join('\n')
  const long = (await h.request('POST', '/uploads', { body: { filename: 'long.txt' } })).body.data
  await put(h, long.id, lines)
  await h.worker.drain()
  const detail = await h.request('GET', `/recordings/${long.runId}?include=transcript`)
  assert.equal([detail.status, detail.body.data.transcript.length, detail.body.data.transcriptTotal], [200, 2_000, 2_005])
  assert.equal([detail.body.data.transcript[1_999].speaker, detail.body.data.transcript[1_999].text], ['Bo', 'point number 1999'])
  const next = /^<\/ext\/v1(\/recordings\/[0-9a-f-]+\/transcript\?limit=100&offset=2000)>; rel="next"$/.exec(detail.headers.get('link') ?? '')
  assert.ok(next, `Link: ${detail.headers.get('link')}`)
  const rest = await h.request('GET', next[1]!)
  assert.equal(rest.body.data.rows.map((u: { text: string }) => u.text), [2000, 2001, 2002, 2003, 2004].map((i) => `point number ${i}`))

  const short = (await h.request('POST', '/uploads', { body: { filename: 'short.vtt' } })).body.data
  await put(h, short.id, vtt)
  await h.worker.drain()
  const whole = await h.request('GET', `/recordings/${short.runId}?include=transcript`)
  assert.equal([whole.body.data.transcript.length, whole.body.data.transcriptTotal, whole.headers.get('link')], [10, 10, null])
  const plain = await h.request('GET', `/recordings/${short.runId}`)
  assert.equal(['transcript' in plain.body.data, 'transcriptTotal' in plain.body.data], [false, false])
})

s('another account sees none of it: 404 on every upload and recording route', async ({ h }) => {
  const u = (await h.request('POST', '/uploads', { body: { filename: 'a.vtt' } })).body.data
  const other = h.keys.other
  assert.is((await h.request('GET', `/uploads/${u.id}`, { key: other })).status, 404)
  assert.is((await put(h, u.id, vtt, other)).status, 404)
  assert.is((await h.request('POST', `/uploads/${u.id}/retry`, { key: other })).status, 404)
  await put(h, u.id, vtt)
  await h.worker.drain()
  for (const path of ['', '/transcript', '/audio']) {
    const r = await h.request('GET', `/recordings/${u.runId}${path}`, { key: other })
    assert.equal([r.status, r.body.error.code], [404, 'NOT_FOUND'], path)
  }
  assert.is((await h.request('GET', '/recordings', { key: other })).body.data.total, 0)
  assert.is((await h.request('GET', '/uploads', { key: other })).body.data.total, 0)
  assert.is((await h.request('GET', `/recordings/${u.runId}?include=summary`)).status, 422)
  assert.is((await h.request('GET', '/recordings/not-a-uuid')).status, 422)
  assert.is((await h.request('POST', '/uploads', { key: h.keys.readonly, body: { filename: 'a.vtt' } })).status, 403)
})

s('the monthly allowance: at the cap an upload is 409 with the reason', async ({ h }) => {
  for (let i = 0; i < 25; i++) assert.is((await h.request('POST', '/uploads', { body: { filename: `f${i}.vtt` } })).status, 201)
  const capped = await h.request('POST', '/uploads', { body: { filename: 'one-more.vtt' } })
  assert.equal([capped.status, capped.body.error.code], [409, 'CONFLICT'])
  assert.match(capped.body.error.message, /allowance is spent: 25 of 25 recordings on plan free/)
  h.clock.set('2026-07-01T00:00:00.000Z')
  assert.is((await h.request('POST', '/uploads', { body: { filename: 'next-month.vtt' } })).status, 201, 'it renews with the month')
})

s.run()
