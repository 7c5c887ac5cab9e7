/**
 * Issue #21's story, as a new user lives it, on every store the HTTP tests run
 * over (memory, SQLite, Postgres): upload two meetings, find the one where a
 * word was said (first, with the time it was said), name "Speaker 1", mark an
 * action item done, export Markdown, delete the other recording and find none
 * of its files left in the blob store (a real directory).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { fsBlobStore } from '../../adapters/stores/blob-fs/blob-store.js'
import type { Utterance } from '../../src/core/domain/recordings/utterance.js'
import type { Transcriber } from '../../src/core/ports/transcriber.js'
import { makeTone } from '../adapters/speech/audio/make-audio.js'
import { startHarness, type Harness } from '../support/http.js'

const say = (startS: number, speaker: string, text: string): Utterance => ({ start_ms: startS * 1000, end_ms: startS * 1000 + 4000, speaker, text })

/** What the two meetings' audio says; the speech engine is a script here, the pipeline after it is the real one. */
const ROADMAP = [
  say(0, 'Speaker 1', 'Good morning, this is the roadmap review for the mobile app.'),
  say(5, 'Speaker 2', 'The onboarding screens are finished and tested on both platforms.'),
  say(10, 'Speaker 1', 'Our biggest risk is the payment provider migration in the spring.'),
  say(15, 'Speaker 2', 'I will send the migration checklist to the team by Friday.'),
  say(20, 'Speaker 1', 'We decided to ship the redesign in the June release.'),
  say(25, 'Speaker 2', 'Great, that settles the roadmap for this quarter.'),
]
const HIRING = [
  say(0, 'Speaker 1', 'Welcome to the hiring sync, we have three candidates this week.'),
  say(5, 'Speaker 2', 'The backend candidate did very well in the system design interview.'),
  say(10, 'Speaker 1', 'I will schedule the final interviews for next Tuesday.'),
  say(15, 'Speaker 2', 'Sounds good, let us make an offer quickly if it goes well.'),
]

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : [relative(dir, path)]
  })

interface Ctx {
  h: Harness
  blobDir: string
  audio: { roadmap: Buffer; hiring: Buffer }
}

const s = suite<Ctx>('notes story: search, rename, mark done, export, delete')

s.before(async (ctx) => {
  const work = mkdtempSync(join(tmpdir(), 'notetaker-story-audio-'))
  await makeTone(join(work, 'roadmap.wav'), 3)
  await makeTone(join(work, 'hiring.wav'), 2)
  ctx.audio = { roadmap: readFileSync(join(work, 'roadmap.wav')), hiring: readFileSync(join(work, 'hiring.wav')) }
  rmSync(work, { recursive: true, force: true })
})

s.before.each(async (ctx) => {
  ctx.blobDir = mkdtempSync(join(tmpdir(), 'notetaker-story-blobs-'))
  const scripted: Transcriber = {
    name: 'scripted',
    available: true,
    // The longer file is the roadmap review.
    transcribe: (audio) => {
      const utterances = statSync(audio.path).size === ctx.audio.roadmap.length ? ROADMAP : HIRING
      return TE.right({ utterances, durationMs: utterances.at(-1)!.end_ms })
    },
  }
  ctx.h = await startHarness({ ports: { blobs: fsBlobStore(ctx.blobDir), transcriber: scripted } })
})
s.after.each(async ({ h, blobDir }) => {
  await h.close()
  rmSync(blobDir, { recursive: true, force: true })
})

const upload = async (h: Harness, filename: string, title: string, bytes: Buffer, startsAt: string) => {
  const created = await h.request('POST', '/uploads', { body: { filename, title, byteSize: bytes.length, startsAt } })
  assert.is(created.status, 201, JSON.stringify(created.body))
  const sent = await fetch(`${h.url}/ext/v1/uploads/${created.body.data.id}/content`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${h.keys.full}`, 'content-type': 'audio/wav' },
    body: new Uint8Array(bytes),
  })
  assert.is(sent.status, 200, await sent.text())
  return created.body.data.runId as string
}

s('a new user finds, edits, exports and deletes their meetings', async ({ h, blobDir, audio }) => {
  const roadmap = await upload(h, 'roadmap.wav', 'Roadmap review', audio.roadmap, '2026-05-20T09:00:00Z')
  const hiring = await upload(h, 'hiring.wav', 'Hiring sync', audio.hiring, '2026-05-21T09:00:00Z')
  await h.worker.drain()
  const states = (await h.request('GET', '/recordings')).body.data.rows.map((r: any) => [r.title, r.state])
  assert.equal(states, [['Hiring sync', 'ready'], ['Roadmap review', 'ready']])

  // Search: a word said in one meeting only (stemmed: "migrations" finds "migration").
  const found = await h.request('GET', '/recordings?q=migrations')
  assert.is(found.status, 200)
  const first = found.body.data.rows[0]
  assert.is(first.runId, roadmap, 'the meeting where it was said comes first')
  assert.ok(found.body.data.rows.every((r: any) => r.runId !== hiring), 'the other meeting never said it')
  assert.is(first.match.atMs, 10_000, 'the time of the first utterance that says it')
  const marked = first.match.highlights.map((x: any) => first.match.snippet.slice(x.start, x.end).toLowerCase())
  assert.ok(marked.includes('migration'), JSON.stringify(first.match))

  // Rename "Speaker 1": the transcript, the speaker statistics and the export say the name.
  const detail = (await h.request('GET', `/recordings/${roadmap}`)).body.data
  const speaker1 = detail.speakers.find((x: any) => x.name === 'Speaker 1')
  assert.ok(speaker1?.id, JSON.stringify(detail.speakers))
  const renamed = await h.request('PATCH', `/recordings/${roadmap}/speakers/${speaker1.id}`, { body: { name: 'Ana Ruiz' } })
  assert.is(renamed.status, 200, JSON.stringify(renamed.body))
  const transcript = (await h.request('GET', `/recordings/${roadmap}/transcript`)).body.data.rows
  assert.equal([...new Set(transcript.map((u: any) => u.speaker))].sort(), ['Ana Ruiz', 'Speaker 2'])
  const again = (await h.request('GET', '/recordings?q=migrations')).body.data.rows[0]
  assert.is(again.match.speaker, 'Ana Ruiz', 'search shows the name too')

  // Mark an action item done: it stays done when read again.
  const item = detail.actionItems.find((a: any) => /checklist/i.test(a.title))
  assert.ok(item, JSON.stringify(detail.actionItems))
  const done = await h.request('PATCH', `/recordings/${roadmap}/action-items/${item.id}`, { body: { status: 'done' } })
  assert.is(done.status, 200, JSON.stringify(done.body))
  const after = (await h.request('GET', `/recordings/${roadmap}`)).body.data
  assert.is(after.actionItems.find((a: any) => a.id === item.id).status, 'done')
  assert.ok(after.decisions.some((d: any) => /redesign/.test(d.text)), JSON.stringify(after.decisions))

  // Export Markdown.
  const md = await fetch(`${h.url}/ext/v1/recordings/${roadmap}/export?format=md`, { headers: { authorization: `Bearer ${h.keys.full}` } })
  assert.is(md.status, 200)
  assert.match(md.headers.get('content-type') ?? '', /^text\/markdown/)
  const text = await md.text()
  assert.match(text, /# Roadmap review/)
  assert.match(text, /- \[x\] .*checklist/i)
  assert.match(text, /Ana Ruiz/)
  assert.match(text, /redesign in the June release/)

  // Delete the other recording: gone from the API and from the blob store; the first keeps its files.
  const hiringUpload = (await h.request('GET', '/uploads')).body.data.rows.find((u: any) => u.runId === hiring)
  const hiringFiles = files(blobDir).filter((f) => f.includes(hiring) || f.includes(hiringUpload.id))
  assert.ok(hiringFiles.length > 0, `the audio is stored before the delete: ${files(blobDir).join(', ')}`)
  const deleted = await h.request('DELETE', `/recordings/${hiring}`)
  assert.is(deleted.status, 204)
  assert.is((await h.request('GET', `/recordings/${hiring}`)).status, 404)
  assert.is((await h.request('DELETE', `/recordings/${hiring}`)).status, 404, 'a second delete')
  assert.equal(files(blobDir).filter((f) => f.includes(hiring) || f.includes(hiringUpload.id)), [], 'no file of the deleted recording is left')
  const kept = await fetch(`${h.url}/ext/v1/recordings/${roadmap}/audio`, { headers: { authorization: `Bearer ${h.keys.full}` } })
  assert.is(kept.status, 200)
  assert.is((await kept.arrayBuffer()).byteLength, audio.roadmap.length)
  const listed = (await h.request('GET', '/recordings')).body.data
  assert.equal(listed.rows.map((r: any) => r.runId), [roadmap])
  assert.equal((await h.request('GET', '/recordings?q=interview')).body.data.rows, [], 'the deleted meeting is out of search')
})

s.run()
