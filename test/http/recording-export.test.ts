import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { EXPORT_PAGE } from '../../adapters/driving/http-koa/routes/recording-export.js'
import { startHarness, type Harness } from '../support/http.js'
import { labelledRecording } from './notes-world.js'
import { person, upload } from './share-world.js'

interface Ctx {
  h: Harness
  runId: string
}

const s = suite<Ctx>('recording exports')
s.before(async (ctx) => {
  ctx.h = await startHarness()
  ctx.runId = (await labelledRecording(ctx.h, ctx.h.keys.full)).runId
  const d = (await ctx.h.request('GET', `/recordings/${ctx.runId}`)).body.data
  const speaker2 = d.speakers.find((x: { label: string }) => x.label === 'Speaker 2').id
  assert.is((await ctx.h.request('PATCH', `/recordings/${ctx.runId}/speakers/${speaker2}`, { body: { name: 'Tom Becker' } })).status, 200)
  assert.is((await ctx.h.request('PATCH', `/recordings/${ctx.runId}/action-items/${d.actionItems[0].id}`, { body: { status: 'done' } })).status, 200)
})
s.after(async ({ h }) => h.close())

const exported = (h: Harness, runId: string, format?: string, key = h.keys.full) =>
  fetch(`${h.url}/ext/v1/recordings/${runId}/export${format === undefined ? '' : `?format=${format}`}`, { headers: { authorization: `Bearer ${key}` } })

s('markdown by default: a named attachment with notes, checked items and the renamed transcript', async ({ h, runId }) => {
  const r = await exported(h, runId)
  assert.is(r.status, 200)
  assert.is(r.headers.get('content-type'), 'text/markdown; charset=utf-8')
  assert.is(r.headers.get('content-disposition'), 'attachment; filename="Launch - plan- -Q3.md"')
  const md = await r.text()
  assert.ok(md.startsWith('# Launch / plan: "Q3"\n\n- **Date:** 2026-05-20 09:00 UTC\n'), md.slice(0, 200))
  for (const part of ['## Summary', '## Decisions', '## Action items\n\n- [x] ', '## Topics', '## Speakers', '## Transcript', '**[00:00:05] Tom Becker:** I\'ll send the patched build', '\\& its feedback', '**[01:02:03] Tom Becker:**']) {
    assert.ok(md.includes(part), part)
  }
  assert.not.ok(md.includes('Speaker 2'))
})

s('vtt with voice tags, srt, txt and json, each with its type and extension', async ({ h, runId }) => {
  const vtt = await exported(h, runId, 'vtt')
  assert.is(vtt.headers.get('content-type'), 'text/vtt; charset=utf-8')
  assert.match(vtt.headers.get('content-disposition')!, /filename="Launch - plan- -Q3\.vtt"/)
  const v = await vtt.text()
  assert.ok(v.startsWith('WEBVTT\n\n1\n00:00:00.000 --> 00:00:05.000\n<v Speaker 1>Good morning, today we plan the launch of the mobile app &amp; its feedback.\n\n2\n00:00:05.500 --> 00:00:11.000\n<v Tom Becker>'), v.slice(0, 300))
  assert.ok(v.includes('01:02:03.000 --> 01:02:08.500\n<v Tom Becker>Thanks everyone'))
  const srt = await (await exported(h, runId, 'srt')).text()
  assert.ok(srt.startsWith('1\n00:00:00,000 --> 00:00:05,000\nSpeaker 1: Good morning'))
  assert.ok(srt.includes('\nTom Becker: I\'ll send the patched build'))
  const txt = await exported(h, runId, 'txt')
  assert.is(txt.headers.get('content-type'), 'text/plain; charset=utf-8')
  const t = await txt.text()
  assert.ok(t.includes('\n[00:00:05] Tom Becker: I\'ll send the patched build'))
  assert.ok(t.includes('\n[01:02:03] Tom Becker: Thanks everyone'))
  const json = await exported(h, runId, 'json')
  assert.is(json.headers.get('content-type'), 'application/json; charset=utf-8')
  const j = await json.json()
  const detail = (await h.request('GET', `/recordings/${runId}?include=transcript`)).body.data
  assert.equal(j, detail)
})

s('an unknown format is 422; another account\'s recording 404', async ({ h, runId }) => {
  const bad = await exported(h, runId, 'docx')
  assert.is(bad.status, 422)
  const body = await bad.json()
  assert.is(body.error.code, 'VALIDATION_ERROR')
  assert.is(body.error.details[0].path, 'format')
  const other = await exported(h, runId, 'md', h.keys.other)
  assert.is(other.status, 404)
  assert.is((await other.json()).error.code, 'NOT_FOUND')
})

s('a summary-scope share exports the notes without the transcript, and no subtitles (404)', async ({ h, runId }) => {
  const rita = await person(h, 'Rita')
  assert.is((await h.request('POST', `/recordings/${runId}/shares`, { body: { email: rita.email, scope: 'summary' } })).status, 201)
  const md = await exported(h, runId, 'md', rita.key)
  assert.is(md.status, 200)
  const text = await md.text()
  assert.ok(text.includes('## Action items'))
  assert.not.ok(text.includes('## Transcript'))
  assert.not.ok(text.includes('**[00:00:00]'))
  const txt = await (await exported(h, runId, 'txt', rita.key)).text()
  assert.ok(txt.includes('Action items'))
  assert.not.ok(txt.includes('[00:00:00]'))
  const j = await (await exported(h, runId, 'json', rita.key)).json()
  assert.is(j.transcript, undefined)
  assert.is(j.scope, 'summary')
  for (const f of ['vtt', 'srt']) {
    const r = await exported(h, runId, f, rita.key)
    assert.is(r.status, 404, f)
    assert.is((await r.json()).error.code, 'NOT_FOUND')
  }
})

s('a transcript longer than a page is written whole, in order', async ({ h }) => {
  const n = EXPORT_PAGE * 2 + 7
  const lines = Array.from({ length: n }, (_, i) => `[${String(Math.floor(i / 60)).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}] Ana: line ${i}`)
  const u = await upload(h, h.keys.full, { filename: 'long.txt', bytes: Buffer.from(lines.join('\n')), title: 'Long' })
  const srt = await (await exported(h, u.runId, 'srt')).text()
  const cues = srt.trim().split('\n\n')
  assert.is(cues.length, n)
  assert.ok(cues[n - 1]!.startsWith(`${n}\n`))
  assert.ok(cues[n - 1]!.endsWith(`Ana: line ${n - 1}`))
  const j = await (await exported(h, u.runId, 'json')).json()
  assert.is(j.transcript.length, n)
  assert.is(j.transcriptTotal, n)
})

s.run()
