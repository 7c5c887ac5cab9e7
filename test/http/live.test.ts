/**
 * A bot's live stream: Server-Sent Events while the simulated bot plays its meeting, resumed with
 * Last-Event-ID without a gap, ended when the bot leaves, and holding every line the final
 * transcript has; who may read it; leave requests reaching the bot through the feed.
 */
import { pino } from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createSimulatedBotRunner } from '../../adapters/bots/simulated/runner.js'
import { type Harness, startHarness } from '../support/http.js'
import { readEvents, type SseEvent } from '../support/sse.js'

const MEET = 'https://meet.google.com/abc-defg-hij'

const s = suite<{ h: Harness }>('GET /bots/{runId}/live')
s.before.each(async (ctx) => {
  // The bot plays its meeting at 20 times real speed: long enough for a client to watch it, short enough for a test.
  ctx.h = await startHarness({ ports: { botRunner: createSimulatedBotRunner({ clock: { now: () => new Date() }, logger: pino({ level: 'silent' }), speed: 20, audio: false, joinMs: 200, waitMs: 200 }) } })
})
s.after.each(async ({ h }) => h.close())

const open = (h: Harness, runId: string, headers: Record<string, string> = {}, key = h.keys.full) =>
  fetch(`${h.url}/ext/v1/bots/${runId}/live`, { headers: { authorization: `Bearer ${key}`, ...headers } })

const data = (e: SseEvent) => JSON.parse(e.data) as Record<string, unknown>

s('speaker-attributed lines arrive while the bot plays; a client that reconnects with Last-Event-ID misses nothing; the end closes the stream', async ({ h }) => {
  const bot = (await h.request('POST', '/bots', { body: { joinUrl: MEET, title: 'Live planning' } })).body.data
  const working = h.worker.drain()
  const first = await open(h, bot.runId)
  assert.equal([first.status, first.headers.get('content-type')], [200, 'text/event-stream; charset=utf-8'])
  const before = await readEvents(first, { stop: (e, all) => all.filter((x) => x.event === 'utterance').length === 2 })
  const lastId = before[before.length - 1]!.id!
  const rest = await readEvents(await open(h, bot.runId, { 'last-event-id': lastId }), { stop: (e) => e.event === 'end', timeoutMs: 30_000 })
  await working
  const all = [...before, ...rest]
  assert.equal(all.map((e) => Number(e.id)), all.map((_, i) => i + 1), 'seqs 1, 2, 3 … across the reconnect, none twice, none missing')
  assert.equal(all.filter((e) => e.event === 'state').map((e) => data(e)['state']), ['joining', 'waiting_room', 'recording'])
  assert.is(all[all.length - 1]!.event, 'end')
  assert.equal([data(all[all.length - 1]!)['outcome'], data(all[all.length - 1]!)['reason']], ['left', 'meeting_ended'])
  const partials = all.filter((e) => e.event === 'partial')
  assert.ok(partials.length > 0 && partials.every((e) => data(e)['final'] === false), 'lines grow as they are spoken')
  const lines = all.filter((e) => e.event === 'utterance').map((e) => [data(e)['speaker'], data(e)['text'], data(e)['final']])
  const transcript = (await h.request('GET', `/recordings/${bot.runId}?include=transcript`)).body.data.transcript as Array<{ speaker: string; text: string }>
  assert.equal(lines, transcript.map((u) => [u.speaker, u.text, true]), 'every finished line streamed is in the final transcript, in order')
})

s('after the bot has left, the buffer is replayed and the stream ends at once; Last-Event-ID past the end gives nothing but the close', async ({ h }) => {
  const bot = (await h.request('POST', '/bots', { body: { joinUrl: MEET } })).body.data
  await h.worker.drain()
  const replay = await readEvents(await open(h, bot.runId), { timeoutMs: 5_000 })
  assert.ok(replay.length > 5)
  assert.is(replay[replay.length - 1]!.event, 'end')
  const after = await readEvents(await open(h, bot.runId, { 'last-event-id': replay[replay.length - 1]!.id! }), { timeoutMs: 5_000 })
  assert.equal(after, [])
})

s('who may watch: another account and a summary share answer 404, a full share streams; a bad Last-Event-ID is 422', async ({ h }) => {
  const bot = (await h.request('POST', '/bots', { body: { joinUrl: MEET } })).body.data
  await h.worker.drain()
  assert.is((await open(h, bot.runId, {}, h.keys.other)).status, 404)
  assert.is((await open(h, '00000000-0000-4000-8000-000000000000')).status, 404)
  const bad = await open(h, bot.runId, { 'last-event-id': 'yesterday' })
  assert.equal([bad.status, ((await bad.json()) as any).error.details[0].path], [422, 'Last-Event-ID'])
  const summary = await h.request('POST', `/recordings/${bot.runId}/shares`, { body: { email: 'bob@example.com', scope: 'summary' } })
  assert.is(summary.status, 201)
  assert.is((await open(h, bot.runId, {}, h.keys.other)).status, 404, 'a summary share has no transcript, so no live lines')
  assert.is((await h.request('DELETE', `/recordings/${bot.runId}/shares/${summary.body.data.id}`)).status, 200)
  assert.is((await h.request('POST', `/recordings/${bot.runId}/shares`, { body: { email: 'bob@example.com', scope: 'full' } })).status, 201)
  const shared = await open(h, bot.runId, {}, h.keys.other)
  assert.is(shared.status, 200)
  assert.ok((await readEvents(shared, { timeoutMs: 5_000 })).some((e) => e.event === 'utterance'))
})

s('a leave request reaches the bot through the feed: it leaves at once and the stream says so', async ({ h }) => {
  const bot = (await h.request('POST', '/bots', { body: { joinUrl: MEET } })).body.data
  const working = h.worker.drain()
  const stream = await open(h, bot.runId)
  const seen = await readEvents(stream, {
    stop: (e) => {
      if (e.event === 'utterance') void h.request('POST', `/bots/${bot.runId}/leave`)
      return e.event === 'end'
    },
    timeoutMs: 20_000,
  })
  await working
  const end = seen[seen.length - 1]!
  assert.equal([end.event, data(end)['reason']], ['end', 'asked_to_leave'])
  assert.ok(seen.filter((e) => e.event === 'utterance').length < 4, 'it left before the meeting was over')
})

s.run()
