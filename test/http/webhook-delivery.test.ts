import { randomUUID } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { httpWebhookSender } from '../../adapters/outbound/webhooks/sender.js'
import type { DomainEvent, EventName } from '../../src/core/domain/events.js'
import { right } from '../support/run.js'
import { startHarness, type Harness } from '../support/http.js'
import { webhookReceiver } from '../support/webhook-receiver.js'

const receiver = webhookReceiver

const publish = async (h: Harness, type: EventName = 'meeting.started', accountId = h.accounts.first): Promise<DomainEvent> => {
  const event: DomainEvent = {
    id: randomUUID(),
    type,
    accountId,
    occurredAt: h.clock.now().toISOString(),
    data: { runId: randomUUID(), reference: 'rec-1a2b-3c4d-5e6f', meetingId: null, title: 'Weekly sync', platform: 'google_meet', origin: 'calendar', state: 'recording', phase: 'in_call', detail: null },
  }
  await right(h.core.ports.events.publish(event))
  return event
}

const register = async (h: Harness, url: string, events: EventName[] = ['meeting.started']) => {
  const r = await h.request('POST', '/webhooks', { body: { url, events } })
  assert.is(r.status, 201, JSON.stringify(r.body))
  return r.body.data as { id: string; secret: string }
}
const deliveries = async (h: Harness, id: string) => (await h.request('GET', `/webhooks/${id}/deliveries?limit=100`)).body.data.rows as any[]
const endpoint = async (h: Harness, id: string) => (await h.request('GET', `/webhooks/${id}`)).body.data

const s = suite<{ h: Harness; r: Awaited<ReturnType<typeof receiver>> }>('HTTP: webhook delivery end to end (receiver on 127.0.0.1)')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
  ctx.r = await receiver()
})
s.after.each(async ({ h, r }) => {
  await h.close()
  await r.server.stop()
})

s('a receiver verifying with the standardwebhooks library accepts the delivery; only subscribed endpoints of the account get it', async ({ h, r }) => {
  h.clock.set(new Date()) // the library checks the timestamp against the real time
  const hook = await register(h, `${r.server.base}/in`)
  await register(h, `${r.server.base}/uploads`, ['upload.ready'])
  const event = await publish(h)
  await publish(h, 'meeting.started', h.accounts.other)
  assert.is(r.received.length, 0, 'nothing is sent inside publish')
  assert.equal(h.events.map((e) => e.id).includes(event.id), true, 'the event log still gets events')
  await h.worker.drain()
  assert.is(r.received.length, 1)
  const got = r.received[0]!
  const payload = new Webhook(hook.secret).verify(got.body, got.headers) as any
  assert.equal([payload.type, payload.timestamp, payload.data.eventId, payload.data.accountId, payload.data.title], ['meeting.started', event.occurredAt, event.id, h.accounts.first, 'Weekly sync'])
  assert.is(got.headers['webhook-id'], event.id)
  assert.throws(() => new Webhook(hook.secret).verify(got.body.replace('Weekly', 'Daily'), got.headers), /signature/i)
  const [log] = await deliveries(h, hook.id)
  assert.equal([log.outcome, log.statusCode, log.attempt, log.eventId, log.eventType, log.error], ['succeeded', 200, 1, event.id, 'meeting.started', null])
  const health = await endpoint(h, hook.id)
  assert.equal([health.lastStatus, health.consecutiveFailures, health.recentDeliveries.succeeded, health.recentDeliveries.failed], [200, 0, 1, 0])
})

s('a bot sent with POST /bots: the receiver gets meeting.started and every later event of the run, each verifying', async ({ h, r }) => {
  h.clock.set(new Date()) // the library checks the timestamp against the real time
  const hook = await register(h, `${r.server.base}/in`, ['bot.joining', 'bot.waiting', 'meeting.started', 'meeting.ended', 'recording.ready'])
  const bot = (await h.request('POST', '/bots', { body: { joinUrl: 'https://meet.google.com/abc-defg-hij' } })).body.data
  await h.worker.drain()
  const payloads = r.received.map((got) => new Webhook(hook.secret).verify(got.body, got.headers) as any)
  assert.equal(payloads.map((p) => p.type).sort(), ['bot.joining', 'bot.waiting', 'meeting.ended', 'meeting.started', 'recording.ready'])
  assert.ok(payloads.every((p) => p.data.runId === bot.runId))
  const started = payloads.find((p) => p.type === 'meeting.started')
  assert.equal([started.data.state, started.data.phase, started.data.platform], ['recording', 'in_call', 'google_meet'])
})

s('after a rotation deliveries verify with the old and the new secret; resend keeps the webhook-id', async ({ h, r }) => {
  h.clock.set(new Date())
  const hook = await register(h, r.server.base)
  const rotated = (await h.request('POST', `/webhooks/${hook.id}/rotate-secret`)).body.data
  assert.is.not(rotated.secret, hook.secret)
  assert.ok(Date.parse(rotated.previousSecretExpiresAt) - h.clock.now().getTime() === 86_400_000)
  const event = await publish(h)
  await h.worker.drain()
  const got = r.received[0]!
  for (const secret of [hook.secret, rotated.secret]) new Webhook(secret).verify(got.body, got.headers)
  const [first] = await deliveries(h, hook.id)
  h.clock.advance(1_000)
  const resent = await h.request('POST', `/webhooks/${hook.id}/deliveries/${first.id}/resend`)
  assert.equal([resent.status, resent.body.data.eventId], [202, event.id])
  await h.worker.drain()
  assert.equal(r.received.map((x) => x.headers['webhook-id']), [event.id, event.id])
  assert.equal((await deliveries(h, hook.id)).map((d) => d.trigger), ['resend', 'event'])
  const missing = await h.request('POST', `/webhooks/${hook.id}/deliveries/${randomUUID()}/resend`)
  assert.is(missing.status, 404)
})

s('a receiver answering 500: retried on the schedule, counted, disabled at five with a reason; PATCH active resumes', async ({ h, r }) => {
  const hook = await register(h, r.server.base)
  r.answerWith((res) => res.writeHead(500).end('database down'))
  const schedule = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]
  for (let event = 1; event <= 5; event++) {
    await publish(h)
    await h.worker.drain()
    for (const delay of schedule) {
      const before = r.received.length
      h.clock.advance(delay - 1)
      await h.worker.drain()
      assert.is(r.received.length, before, 'not yet')
      h.clock.advance(1)
      await h.worker.drain()
      assert.is(r.received.length, before + 1)
    }
    const state = await endpoint(h, hook.id)
    assert.is(state.consecutiveFailures, event)
    assert.is(state.status, event < 5 ? 'active' : 'disabled')
  }
  assert.is(r.received.length, 35)
  const disabled = await endpoint(h, hook.id)
  assert.is(disabled.disabledReason, 'Disabled after 5 consecutive failed deliveries; the last answered 500')
  assert.is(disabled.lastStatus, 500)
  const log = await deliveries(h, hook.id)
  assert.equal([log.length, log[0].outcome, log[0].attempt, log[1].outcome, log[0].error], [35, 'failed', 7, 'will_retry', 'Answered HTTP 500: database down'])
  await publish(h)
  h.clock.advance(86_400_000)
  await h.worker.drain()
  assert.is(r.received.length, 35, 'nothing is sent while disabled')
  const resumed = await h.request('PATCH', `/webhooks/${hook.id}`, { body: { status: 'active' } })
  assert.equal([resumed.body.data.status, resumed.body.data.consecutiveFailures, resumed.body.data.disabledReason], ['active', 0, null])
  r.answerWith((res) => res.writeHead(200).end())
  await publish(h)
  await h.worker.drain()
  assert.is(r.received.length, 36)
  assert.equal([(await endpoint(h, hook.id)).lastStatus, (await endpoint(h, hook.id)).consecutiveFailures], [200, 0])
})

s('410 and 400 are final: no retry', async ({ h, r }) => {
  const hook = await register(h, r.server.base)
  for (const status of [410, 400]) {
    r.answerWith((res) => res.writeHead(status).end())
    await publish(h)
    await h.worker.drain()
    h.clock.advance(86_400_000)
    await h.worker.drain()
  }
  assert.is(r.received.length, 2)
  const log = await deliveries(h, hook.id)
  assert.equal(log.map((d) => [d.statusCode, d.outcome, d.nextAttemptAt]), [[400, 'failed', null], [410, 'failed', null]])
  assert.is((await endpoint(h, hook.id)).consecutiveFailures, 2)
})

s('a test event: signed, sent to that endpoint alone whatever its events, logged with the body sent and the answer', async ({ h, r }) => {
  h.clock.set(new Date())
  const hook = await register(h, `${r.server.base}/in`, ['upload.ready'])
  const other = await register(h, `${r.server.base}/other`, ['upload.ready'])
  r.answerWith((res) => res.writeHead(200).end('{"received":true}'))
  const queued = await h.request('POST', `/webhooks/${hook.id}/test`)
  assert.equal([queued.status, queued.body.data.endpointId, queued.body.data.eventType], [202, hook.id, 'webhook.test'])
  await h.worker.drain()
  assert.is(r.received.length, 1, 'only the endpoint tested')
  const got = r.received[0]!
  const payload = new Webhook(hook.secret).verify(got.body, got.headers) as any
  assert.equal([payload.type, payload.data.endpointId, payload.data.eventId, got.headers['webhook-id']], ['webhook.test', hook.id, queued.body.data.eventId, queued.body.data.eventId])
  assert.match(payload.data.message, /test event/)
  const [log] = await deliveries(h, hook.id)
  assert.equal([log.trigger, log.eventType, log.outcome, log.statusCode, log.payload, log.response], ['test', 'webhook.test', 'succeeded', 200, got.body, '{"received":true}'])
  assert.is((await deliveries(h, other.id)).length, 0)
})

s('a failed test is not retried and leaves the endpoint as it was; a disabled endpoint can be tested', async ({ h, r }) => {
  const hook = await register(h, r.server.base)
  r.answerWith((res) => res.writeHead(503).end('maintenance'))
  assert.is((await h.request('POST', `/webhooks/${hook.id}/test`)).status, 202)
  await h.worker.drain()
  h.clock.advance(86_400_000)
  await h.worker.drain()
  assert.is(r.received.length, 1, 'not retried')
  const [log] = await deliveries(h, hook.id)
  assert.equal([log.trigger, log.outcome, log.nextAttemptAt, log.response], ['test', 'failed', null, 'maintenance'])
  const after = await endpoint(h, hook.id)
  assert.equal([after.consecutiveFailures, after.lastDeliveryAt, after.lastStatus, after.status], [0, null, null, 'active'])
  await h.request('PATCH', `/webhooks/${hook.id}`, { body: { status: 'disabled' } })
  r.answerWith((res) => res.writeHead(204).end())
  assert.is((await h.request('POST', `/webhooks/${hook.id}/test`)).status, 202)
  await h.worker.drain()
  assert.is(r.received.length, 2, 'the test reached the disabled endpoint')
  assert.equal([(await deliveries(h, hook.id))[0].outcome, (await endpoint(h, hook.id)).status], ['succeeded', 'disabled'])
})

s('upload.ready links to its recording: the API path always, the web page when the public address is set', async ({ r }) => {
  for (const publicUrl of [undefined, 'https://notes.example.com/team']) {
    const h = await startHarness({ ports: publicUrl === undefined ? {} : { publicUrl } })
    try {
      h.clock.set(new Date())
      const hook = await register(h, `${r.server.base}/in`, ['upload.ready'])
      const before = r.received.length
      const up = await h.request('POST', '/uploads', { body: { filename: 'standup.vtt', title: 'Standup' } })
      assert.is(up.status, 201, JSON.stringify(up.body))
      const put = await fetch(`${h.url}/ext/v1/uploads/${up.body.data.id}/content`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${h.keys.full}`, 'content-type': 'application/octet-stream' },
        body: 'WEBVTT\n\n00:00.000 --> 00:02.000\n<v Ada>Ship it on Friday.\n',
      })
      assert.ok(put.ok, String(put.status))
      await h.worker.drain()
      const payload = new Webhook(hook.secret).verify(r.received[before]!.body, r.received[before]!.headers) as any
      const runId = payload.data.runId
      assert.equal([payload.type, typeof runId, payload.data.recordingPath], ['upload.ready', 'string', `/ext/v1/recordings/${runId}`])
      assert.is(payload.data.recordingUrl, publicUrl === undefined ? null : `${publicUrl}/recordings/${runId}`)
      assert.is((await h.request('GET', payload.data.recordingPath.replace('/ext/v1', ''))).status, 200, 'the path reads the recording')
    } finally {
      await h.close()
    }
  }
})

s('a hanging receiver times out; the attempt is logged and retried', async ({ r }) => {
  const h = await startHarness({ ports: { webhookSender: httpWebhookSender({ allowPrivate: true, timeoutMs: 300 }) } })
  try {
    const hook = await register(h, r.server.base)
    r.answerWith(() => {}) // never answers
    await publish(h)
    await h.worker.drain()
    const [log] = await deliveries(h, hook.id)
    assert.equal([log.outcome, log.statusCode, log.nextAttemptAt], ['will_retry', null, '2026-06-01T12:00:05.000Z'])
    assert.match(log.error, /did not answer within 300 ms/)
    assert.ok(log.durationMs >= 250, `the attempt lasted until the timeout (${log.durationMs} ms)`)
  } finally {
    await h.close()
  }
})

s('at delivery a name resolving to a private address is refused with a readable error, and not retried', async ({ r }) => {
  const h = await startHarness({ ports: { webhookSender: httpWebhookSender({ allowPrivate: false, timeoutMs: 1_000, resolve: async () => ['127.0.0.1'] }) } })
  try {
    const hook = await register(h, 'https://hooks.example.com/in')
    await publish(h)
    await h.worker.drain()
    const [log] = await deliveries(h, hook.id)
    assert.equal([log.outcome, log.statusCode], ['failed', null])
    assert.match(log.error, /refused: hooks\.example\.com resolves to 127\.0\.0\.1, which is a loopback address/)
    assert.is(r.received.length, 0)
  } finally {
    await h.close()
  }
})

s.run()
