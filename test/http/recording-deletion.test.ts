import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { pino } from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createSimulatedBotRunner } from '../../adapters/bots/simulated/runner.js'
import { memoryBlobStore } from '../../adapters/stores/memory/blob-store.js'
import type { BlobStore } from '../../src/core/ports/blob-store.js'
import type { BotRunner } from '../../src/core/ports/bot-runner.js'
import { ROOT } from '../support/cli.js'
import { type Harness, startHarness } from '../support/http.js'

const vtt = readFileSync(join(ROOT, 'fixtures', 'transcripts', 'planning-meeting.vtt'))
const MEET = 'https://meet.google.com/abc-defg-hij'

const put = (h: Harness, id: string, body: Buffer | string) =>
  fetch(`${h.url}/ext/v1/uploads/${id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${h.keys.full}` }, body: typeof body === 'string' ? body : new Uint8Array(body) })

/** An upload of the transcript, processed into notes. */
const readyUpload = async (h: Harness, filename = 'planning.vtt', body: Buffer | string = vtt) => {
  const u = (await h.request('POST', '/uploads', { body: { filename } })).body.data
  assert.is((await put(h, u.id, body)).status, 200)
  await h.worker.drain()
  return u as { id: string; runId: string }
}

const blobKeys = async (h: Harness) => {
  const r = await h.core.ports.blobs.list('')()
  if (E.isLeft(r)) throw new Error('could not list the blob store')
  return r.right
}
const used = async (h: Harness) => (await h.request('GET', '/me/allowance')).body.data.used

const s = suite<{ h: Harness }>('DELETE /recordings/{runId}, DELETE /uploads/{uploadId}')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

s('deleting a recording removes it, its notes, transcript, upload, shares and files; a second delete is 404', async ({ h }) => {
  const u = await readyUpload(h)
  const kept = await readyUpload(h, 'other.vtt')
  assert.is((await h.request('POST', `/recordings/${u.runId}/shares`, { body: { email: 'bob@example.com', scope: 'full' } })).status, 201)
  assert.is((await h.request('GET', `/recordings/${u.runId}`, { key: h.keys.other })).status, 200, 'shared with Bob')
  assert.ok((await blobKeys(h)).some((k) => k.includes(u.id)), 'the transcript file is stored')

  const deleted = await h.request('DELETE', `/recordings/${u.runId}`)
  assert.is(deleted.status, 204)
  assert.is(deleted.body, '')

  assert.is((await h.request('GET', `/recordings/${u.runId}`)).status, 404)
  assert.is((await h.request('GET', `/recordings/${u.runId}/transcript`)).status, 404)
  assert.is((await h.request('GET', `/uploads/${u.id}`)).status, 404)
  assert.is((await h.request('GET', `/recordings/${u.runId}`, { key: h.keys.other })).status, 404, 'the share went with it')
  const list = (await h.request('GET', '/recordings')).body.data
  assert.equal([list.total, list.rows.map((r: { runId: string }) => r.runId)], [1, [kept.runId]])
  assert.is((await h.request('GET', '/uploads')).body.data.total, 1)
  assert.equal((await blobKeys(h)).filter((k) => k.includes(u.id)), [], 'no file of it is left')
  assert.ok((await blobKeys(h)).some((k) => k.includes(kept.id)), 'the other recording keeps its file')
  assert.is((await h.request('GET', `/recordings/${kept.runId}`)).body.data.hasNotes, true)

  const again = await h.request('DELETE', `/recordings/${u.runId}`)
  assert.equal([again.status, again.body.error.code], [404, 'NOT_FOUND'])
})

s('deleting does not give back the allowance already used', async ({ h }) => {
  const u = await readyUpload(h)
  assert.is(await used(h), 1)
  assert.is((await h.request('DELETE', `/recordings/${u.runId}`)).status, 204)
  assert.is(await used(h), 1, 'the deleted recording still counts this month')
})

s('another account\'s recording, one only shared with the caller, a malformed id: 404/422; a read-only key: 403', async ({ h }) => {
  const u = await readyUpload(h)
  const theirs = await h.request('DELETE', `/recordings/${u.runId}`, { key: h.keys.other })
  assert.equal([theirs.status, theirs.body.error.code], [404, 'NOT_FOUND'])
  await h.request('POST', `/recordings/${u.runId}/shares`, { body: { email: 'bob@example.com', scope: 'full' } })
  assert.is((await h.request('DELETE', `/recordings/${u.runId}`, { key: h.keys.other })).status, 404, 'a recipient of a share cannot delete')
  const readonly = await h.request('DELETE', `/recordings/${u.runId}`, { key: h.keys.readonly })
  assert.equal([readonly.status, readonly.body.error.code], [403, 'FORBIDDEN'])
  assert.is((await h.request('DELETE', '/recordings/00000000-0000-4000-8000-000000000000')).status, 404)
  assert.is((await h.request('DELETE', '/recordings/not-a-uuid')).status, 422)
  assert.is((await h.request('GET', `/recordings/${u.runId}`)).status, 200, 'still there')
})

s('an audio upload that cannot be transcribed fails and does not count against the allowance', async ({ h }) => {
  const u = await readyUpload(h, 'noise.wav', 'this is not audio at all')
  const failed = (await h.request('GET', `/uploads/${u.id}`)).body.data
  assert.equal([failed.stage, failed.hasNotes], ['failed', false])
  assert.is(await used(h), 0)
  await readyUpload(h)
  assert.is(await used(h), 1, 'a recording with notes counts')
  assert.is((await h.request('DELETE', `/recordings/${u.runId}`)).status, 204)
  assert.is(await used(h), 1, 'deleting the free one changes nothing')
  assert.equal((await blobKeys(h)).filter((k) => k.includes(u.id)), [], 'its audio is gone')
})

s('DELETE /uploads: one never sent is removed with its recording and frees its allowance; a sent one is 409', async ({ h }) => {
  const pending = (await h.request('POST', '/uploads', { body: { filename: 'later.vtt' } })).body.data
  assert.is(await used(h), 1, 'an upload waiting for its file counts')
  const deleted = await h.request('DELETE', `/uploads/${pending.id}`)
  assert.is(deleted.status, 204)
  assert.is(await used(h), 0, 'it produced nothing, so it is free')
  assert.is((await h.request('GET', `/uploads/${pending.id}`)).status, 404)
  assert.is((await h.request('GET', `/recordings/${pending.runId}`)).status, 404)
  assert.is((await h.request('DELETE', `/uploads/${pending.id}`)).status, 404, 'deleting again')
  assert.is((await put(h, pending.id, vtt)).status, 404, 'its file can no longer be sent')

  // Stored (not yet processed), ready and failed: each is a recording now.
  const stored = (await h.request('POST', '/uploads', { body: { filename: 'stored.vtt' } })).body.data
  await put(h, stored.id, vtt)
  const ready = await readyUpload(h)
  const failed = await readyUpload(h, 'noise.wav', 'not audio')
  for (const [u, stage] of [[stored, 'stored'], [ready, 'ready'], [failed, 'failed']] as const) {
    const r = await h.request('DELETE', `/uploads/${u.id}`)
    assert.equal([r.status, r.body.error.code], [409, 'CONFLICT'], stage)
    assert.match(r.body.error.message, `DELETE /recordings/${u.runId}`)
    assert.is((await h.request('GET', `/uploads/${u.id}`)).status, 200, `${stage}: kept`)
  }
  const mine = (await h.request('POST', '/uploads', { body: { filename: 'x.vtt' } })).body.data
  assert.is((await h.request('DELETE', `/uploads/${mine.id}`, { key: h.keys.other })).status, 404, 'another account\'s upload')
  assert.is((await h.request('DELETE', `/uploads/${mine.id}`, { key: h.keys.readonly })).status, 403)
  assert.is((await h.request('DELETE', '/uploads/nope')).status, 422)
})

s('a recording deleted while it is processed: the job ends quietly and leaves nothing', async ({ h }) => {
  const u = (await h.request('POST', '/uploads', { body: { filename: 'planning.vtt' } })).body.data
  await put(h, u.id, vtt)
  assert.is((await h.request('DELETE', `/recordings/${u.runId}`)).status, 204)
  const report = await h.core.jobHandlers['recording.process']!({ accountId: h.accounts.first, runId: u.runId }, { number: 1, last: false })()
  assert.ok(E.isRight(report), 'no failure, so no retry')
  assert.match(E.isRight(report) ? String(report.right && report.right.message) : '', 'it was deleted meanwhile')
  assert.equal(await blobKeys(h), [])
  assert.is((await h.request('GET', '/recordings')).body.data.total, 0)
})

s('a live bot is made to leave; its run is gone at once, and nothing it recorded survives', async () => {
  // 50 times real time: the scripted meeting lasts about a second, long enough to delete it mid-way.
  const runner = createSimulatedBotRunner({ clock: { now: () => new Date('2026-06-01T12:00:00.000Z') }, logger: pino({ level: 'silent' }), speed: 50, audio: false, joinMs: 0, waitMs: 0 })
  const h = await startHarness({ ports: { botRunner: runner } })
  try {
    const bot = (await h.request('POST', '/bots', { body: { joinUrl: MEET } })).body.data
    const drained = h.worker.drain()
    for (let i = 0; i < 200 && (await h.request('GET', `/recordings/${bot.runId}`)).body.data.state !== 'recording'; i++) await new Promise((r) => setTimeout(r, 5))
    await new Promise((r) => setTimeout(r, 200))
    assert.ok((await blobKeys(h)).some((k) => k.includes(bot.runId)), 'captions were being written')
    assert.is((await h.request('DELETE', `/recordings/${bot.runId}`)).status, 204)
    assert.is((await h.request('GET', `/recordings/${bot.runId}`)).status, 404, 'gone at once')
    assert.is((await h.request('GET', '/bots')).body.data.total, 0)
    await drained
    assert.equal(await blobKeys(h), [], 'what the bot wrote until it left was removed')
    assert.is((await h.request('GET', '/recordings')).body.data.total, 0, 'and nothing was processed')
    assert.is(await used(h), 1, 'it had been admitted: it still counts')
  } finally {
    await h.close()
  }
})

s('a live bot that writes after the delete has listed its files: the delete sweeps again once the run is gone', async () => {
  // The bot stays in the meeting until released, so only the delete itself can remove what it wrote.
  let release = () => {}
  const runner: BotRunner = {
    name: 'held',
    start: (_job, onEvent) => {
      const finished = (async () => {
        await onEvent({ type: 'joining', at: Date.parse('2026-06-01T12:00:00Z') })
        await onEvent({ type: 'admitted', at: Date.parse('2026-06-01T12:00:01Z') })
        await new Promise<void>((r) => (release = r))
        await onEvent({ type: 'left', at: Date.parse('2026-06-01T12:00:09Z'), reason: 'asked_to_leave', detail: '' })
      })()
      return { leave: async () => {}, finished }
    },
  }
  const blobs = memoryBlobStore()
  let lateWrite: string | null = null
  // Right after the delete lists the bot's files, the bot appends one more speaker change.
  const racing: BlobStore = {
    ...blobs,
    list: (prefix) => async () => {
      const listed = await blobs.list(prefix)()
      if (lateWrite !== null && prefix.startsWith('bots/')) {
        await blobs.append(lateWrite, new TextEncoder().encode('{"offsetMs":900,"name":"Ada"}\n'))()
        lateWrite = null
      }
      return listed
    },
  }
  const h = await startHarness({ ports: { botRunner: runner, blobs: racing } })
  try {
    const bot = (await h.request('POST', '/bots', { body: { joinUrl: MEET } })).body.data
    const drained = h.worker.drain()
    for (let i = 0; i < 200 && (await h.request('GET', `/recordings/${bot.runId}`)).body.data.state !== 'recording'; i++) await new Promise((r) => setTimeout(r, 5))
    lateWrite = `bots/${h.accounts.first}/${bot.runId}/speakers.jsonl`
    assert.is((await h.request('DELETE', `/recordings/${bot.runId}`)).status, 204)
    assert.is(lateWrite, null, 'the bot wrote after the listing')
    assert.equal(await blobKeys(h), [], 'the delete removed it while the bot was still in the meeting')
    release()
    await drained
    assert.equal(await blobKeys(h), [])
  } finally {
    release()
    await h.close()
  }
})

s.run()
