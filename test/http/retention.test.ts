import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { memoryBlobStore } from '../../adapters/stores/memory/blob-store.js'
import { storeFailure } from '../../src/core/errors.js'
import type { BlobStore } from '../../src/core/ports/blob-store.js'
import { ROOT } from '../support/cli.js'
import { type Harness, startHarness } from '../support/http.js'

const vtt = readFileSync(join(ROOT, 'fixtures', 'transcripts', 'planning-meeting.vtt'))
const DAY = 24 * 60 * 60 * 1000
const NOW = Date.parse('2026-06-01T12:00:00.000Z')
const daysAgo = (n: number) => new Date(NOW - n * DAY).toISOString()

/** An upload of a meeting that started `startsAt`, processed (a transcript gets notes; anything called .wav fails but keeps its audio). */
const upload = async (h: Harness, startsAt: string, filename = 'planning.vtt', body: Buffer | string = vtt, key = h.keys.full) => {
  const u = (await h.request('POST', '/uploads', { key, body: { filename, startsAt } })).body.data
  const sent = await fetch(`${h.url}/ext/v1/uploads/${u.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${key}` }, body: typeof body === 'string' ? body : new Uint8Array(body) })
  assert.is(sent.status, 200)
  await h.worker.drain()
  return u as { id: string; runId: string }
}

const sweep = async (h: Harness) => {
  const r = await h.core.jobHandlers['recordings.retention']!({ due: h.clock.now().toISOString() }, { number: 1, last: false })()
  if (E.isLeft(r)) throw new Error(r.left.message)
  return r.right ? r.right.message : null
}
const listed = async (h: Harness, key?: string) =>
  ((await h.request('GET', '/recordings', key === undefined ? {} : { key })).body.data.rows as Array<{ runId: string }>).map((r) => r.runId).sort()

const s = suite<{ h: Harness }>('retention: GET/PATCH /me/settings and the sweep')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

s('settings: kept forever by default; PATCH changes what it is given and answers the result', async ({ h }) => {
  assert.equal((await h.request('GET', '/me/settings')).body.data, { retention: { days: null, scope: 'everything' } })
  const set = await h.request('PATCH', '/me/settings', { body: { retention: { days: 30, scope: 'audio' } } })
  assert.equal([set.status, set.body.data], [200, { retention: { days: 30, scope: 'audio' } }])
  assert.equal((await h.request('PATCH', '/me/settings', { body: { retention: { days: 90 } } })).body.data, { retention: { days: 90, scope: 'audio' } })
  assert.equal((await h.request('PATCH', '/me/settings', { body: {} })).body.data, { retention: { days: 90, scope: 'audio' } })
  assert.equal((await h.request('PATCH', '/me/settings', { body: { retention: { days: null } } })).body.data, { retention: { days: null, scope: 'audio' } })
  assert.equal((await h.request('GET', '/me/settings')).body.data, { retention: { days: null, scope: 'audio' } })
  assert.equal((await h.request('GET', '/me/settings', { key: h.keys.other })).body.data, { retention: { days: null, scope: 'everything' } }, 'per account')
})

s('settings: bad values are 422 with details; a read-only key is 403', async ({ h }) => {
  for (const [retention, path] of [
    [{ days: 0 }, 'retention.days'],
    [{ days: 3651 }, 'retention.days'],
    [{ days: 1.5 }, 'retention'],
    [{ days: '30' }, 'retention'],
    [{ scope: 'video' }, 'retention'],
    [{ days: 30, forever: true }, 'retention'],
  ] as const) {
    const r = await h.request('PATCH', '/me/settings', { body: { retention } })
    assert.equal([r.status, r.body.error.code], [422, 'VALIDATION_ERROR'], JSON.stringify(retention))
    assert.ok(r.body.error.details.some((d: { path: string }) => d.path.startsWith(path)), JSON.stringify(r.body.error.details))
  }
  assert.is((await h.request('PATCH', '/me/settings', { body: { retention: { days: 30 } }, key: h.keys.readonly })).status, 403)
  assert.is((await h.request('GET', '/me/settings', { key: h.keys.readonly })).status, 200)
  assert.equal((await h.request('GET', '/me/settings')).body.data.retention.days, null, 'nothing changed')
})

s('scope everything: the sweep deletes exactly the recordings older than the period, and says so', async ({ h }) => {
  const old = await upload(h, daysAgo(40))
  const oldFailed = await upload(h, daysAgo(31), 'noise.wav', 'not audio')
  const young = await upload(h, daysAgo(29))
  const theirs = await upload(h, daysAgo(400), 'theirs.vtt', vtt, h.keys.other)
  assert.is(await sweep(h), null, 'no account has a retention yet: nothing to say')
  assert.is((await h.request('PATCH', '/me/settings', { body: { retention: { days: 30, scope: 'everything' } } })).status, 200)

  assert.is(await sweep(h), 'Removed 2 recordings older than 30 days for ada@example.com')
  assert.equal(await listed(h), [young.runId])
  assert.is((await h.request('GET', `/uploads/${old.id}`)).status, 404)
  assert.is((await h.request('GET', `/recordings/${oldFailed.runId}`)).status, 404)
  assert.equal(await listed(h, h.keys.other), [theirs.runId], 'another account without a retention keeps everything')
  const left = await h.core.ports.blobs.list('')()
  assert.ok(E.isRight(left) && left.right.every((k) => !k.includes(old.id) && !k.includes(oldFailed.id)), 'their files are gone')
  assert.is(await sweep(h), null, 'nothing more is old enough')

  h.clock.set(new Date(NOW + 2 * DAY))
  assert.is(await sweep(h), 'Removed 1 recording older than 30 days for ada@example.com')
  assert.equal(await listed(h), [])
})

s('scope audio: only the audio goes; the recording keeps its notes and its audio answers 404', async ({ h }) => {
  const withAudio = await upload(h, daysAgo(10), 'call.wav', 'not really audio')
  const transcript = await upload(h, daysAgo(10))
  const recent = await upload(h, daysAgo(1), 'recent.wav', 'not audio either')
  assert.is((await h.request('GET', `/recordings/${withAudio.runId}/audio`)).status, 200)
  await h.request('PATCH', '/me/settings', { body: { retention: { days: 7, scope: 'audio' } } })

  assert.is(await sweep(h), 'Removed the audio of 1 recording older than 7 days for ada@example.com')
  assert.is((await h.request('GET', `/recordings/${withAudio.runId}/audio`)).status, 404)
  assert.is((await h.request('GET', `/recordings/${withAudio.runId}`)).status, 200, 'the recording stays')
  assert.is((await h.request('GET', `/recordings/${transcript.runId}`)).body.data.hasNotes, true, 'notes stay')
  assert.is((await h.request('GET', `/recordings/${recent.runId}/audio`)).status, 200, 'recent audio stays')
  assert.is(await sweep(h), null, 'the audio is removed once')
})

s('a sweep the store stops says what it had removed, is tried again, and the next sweep is queued all the same', async () => {
  // The blob store fails on the second removal, so the first recording is gone and the second is not.
  const real = memoryBlobStore()
  let removals = 0
  const blobs: BlobStore = { ...real, remove: (key) => (++removals === 2 ? TE.left(storeFailure(new Error('disk gone'))) : real.remove(key)) }
  const h = await startHarness({ ports: { blobs } })
  try {
    const both = [await upload(h, daysAgo(40), 'first.wav', 'not really audio'), await upload(h, daysAgo(40), 'second.wav', 'not audio either')]
    const audioGone = async () => (await Promise.all(both.map(async (u) => (await h.request('GET', `/recordings/${u.runId}/audio`)).status === 404))).filter(Boolean).length
    await h.request('PATCH', '/me/settings', { body: { retention: { days: 30, scope: 'audio' } } })
    const r = await h.core.jobHandlers['recordings.retention']!({ due: h.clock.now().toISOString() }, { number: 1, last: false })()
    assert.ok(E.isLeft(r), 'the sweep failed')
    assert.is(E.isLeft(r) && r.left.retryable, true, 'and is tried again')
    assert.is(E.isLeft(r) ? r.left.message : '', 'the retention sweep could not finish (nothing removed yet): the store failed')
    const next = await h.core.ports.jobs.claim(['recordings.retention'], new Date(NOW + 2 * DAY), 60_000)()
    assert.ok(E.isRight(next) && O.isSome(next.right), 'the next sweep is queued')
    if (E.isRight(next) && O.isSome(next.right)) await h.core.ports.jobs.release(next.right.value.id)()
    assert.is(await audioGone(), 1, 'what was removed before the failure stays removed')
    assert.is(await sweep(h), 'Removed the audio of 1 recording older than 30 days for ada@example.com', 'the next try finishes the work')
    assert.is(await audioGone(), 2)
  } finally {
    await h.close()
  }
})

s.run()
