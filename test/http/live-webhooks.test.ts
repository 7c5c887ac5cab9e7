/**
 * Live webhooks end to end: a receiver on 127.0.0.1 subscribed to `transcript.data` gets, while the
 * simulated bot plays its meeting, signed deliveries holding every finished line the live stream had,
 * in order and once each, the same lines as the transcript made after the meeting.
 */
import { Webhook } from 'standardwebhooks'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { LIVE_POLL_MS } from '../../src/core/domain/live-delivery.js'
import { type WebhookReceiver, webhookReceiver } from '../support/webhook-receiver.js'
import { type Harness, startHarness } from '../support/http.js'

const MEET = 'https://meet.google.com/abc-defg-hij'

const s = suite<{ h: Harness; r: WebhookReceiver }>('HTTP: live webhooks (transcript.data) from a simulated bot')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
  ctx.r = await webhookReceiver()
})
s.after.each(async ({ h, r }) => {
  await h.close()
  await r.server.stop()
})

s('the receiver gets every finished line of the meeting, signed, in order and once, as the transcript has them', async ({ h, r }) => {
  h.clock.set(new Date()) // the library checks the timestamp against the real time
  const hook = await h.request('POST', '/webhooks', { body: { url: `${r.server.base}/live`, events: ['transcript.data', 'meeting.ended'] } })
  assert.is(hook.status, 201, JSON.stringify(hook.body))
  const bot = (await h.request('POST', '/bots', { body: { joinUrl: MEET, title: 'Live planning' } })).body.data
  await h.worker.drain()
  const verified = () => r.received.map((got) => new Webhook(hook.body.data.secret).verify(got.body, got.headers) as any)
  // The deliveries' steps wait a poll between looks at the feed: move the clock on until the meeting's end was read.
  for (let round = 0; round < 20 && !verified().some((p) => p.type === 'meeting.ended'); round++) {
    h.clock.advance(LIVE_POLL_MS)
    await h.worker.drain()
  }
  for (let round = 0; round < 5; round++) {
    h.clock.advance(LIVE_POLL_MS)
    await h.worker.drain()
  }
  const live = verified().filter((p) => p.type === 'transcript.data')
  assert.ok(live.length > 0)
  assert.ok(live.every((p) => p.data.runId === bot.runId && p.data.title === 'Live planning' && p.data.recordingPath === `/ext/v1/recordings/${bot.runId}`))
  const lines = live.flatMap((p) => p.data.lines as Array<{ seq: number; speaker: string; text: string; final: boolean }>)
  const seqs = lines.map((l) => l.seq)
  assert.equal(seqs, [...seqs].sort((a, b) => a - b), 'in seq order across deliveries')
  assert.is(new Set(seqs).size, seqs.length, 'none twice')
  assert.ok(lines.every((l) => l.final === true))
  const transcript = (await h.request('GET', `/recordings/${bot.runId}?include=transcript`)).body.data.transcript as Array<{ speaker: string; text: string }>
  assert.ok(transcript.length > 3)
  assert.equal(lines.map((l) => [l.speaker, l.text]), transcript.map((u) => [u.speaker, u.text]), 'every finished line, none missing')
  const log = (await h.request('GET', `/webhooks/${hook.body.data.id}/deliveries?limit=100`)).body.data.rows as Array<{ eventType: string; outcome: string }>
  assert.equal(log.filter((d) => d.eventType === 'transcript.data').map((d) => d.outcome), live.map(() => 'succeeded'), 'logged like every delivery')
})

s('transcript.partial may be subscribed to like any event; an unknown live event name is 422', async ({ h, r }) => {
  const ok = await h.request('POST', '/webhooks', { body: { url: `${r.server.base}/partials`, events: ['transcript.partial'] } })
  assert.equal([ok.status, ok.body.data.events], [201, ['transcript.partial']])
  const bad = await h.request('POST', '/webhooks', { body: { url: `${r.server.base}/x`, events: ['transcript.data', 'transcript.final'] } })
  assert.equal([bad.status, bad.body.error.code, bad.body.error.details[0].path], [422, 'VALIDATION_ERROR', 'events.1'])
})

s.run()
