import { randomBytes, randomUUID } from 'node:crypto'
import * as T from 'fp-ts/lib/Task.js'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createWorker } from '../../../adapters/driving/jobs/worker.js'
import { memoryJobQueue } from '../../../adapters/stores/memory/job-queue.js'
import { memoryRunStore } from '../../../adapters/stores/memory/recordings.js'
import { memoryWebhookStore } from '../../../adapters/stores/memory/webhooks.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { aesGcmSecretBox } from '../../../adapters/system/secret-box.js'
import { mintWebhookSecret } from '../../../adapters/outbound/webhooks/signing.js'
import { vetWebhookUrl } from '../../../adapters/outbound/webhooks/url-policy.js'
import type { Actor } from '../../../src/core/domain/identity/api-key.js'
import type { DomainEvent, EventName } from '../../../src/core/domain/events.js'
import type { SendOutcome } from '../../../src/core/domain/webhook-delivery.js'
import type { WebhookRequest, WebhookSender } from '../../../src/core/ports/webhook-sender.js'
import { publishEventToWebhooks } from '../../../src/core/webhooks/publish-event-to-webhooks.js'
import { webhookUseCases } from '../../../src/core/webhooks/index.js'
import { left, right } from '../../support/run.js'

const A: Actor = { accountId: randomUUID(), keyId: randomUUID(), access: 'full', organizationWide: false, organizationId: null }
const B: Actor = { ...A, accountId: randomUUID(), keyId: randomUUID() }
const READONLY: Actor = { ...A, access: 'readonly' }

const answered = (status: number, retryAfterSeconds: number | null = null): SendOutcome => ({ kind: 'answered', status, retryAfterSeconds, bodyExcerpt: '', durationMs: 12 })

/** A sender that answers from a script and remembers what it was asked to send; URLs are screened for real. */
const scriptedSender = () => {
  const sent: WebhookRequest[] = []
  let answer: (req: WebhookRequest) => SendOutcome = () => answered(200)
  const sender: WebhookSender = {
    vetUrl: (url) => vetWebhookUrl(url, false),
    mintSecret: mintWebhookSecret,
    send: (req) => {
      sent.push(req)
      return T.of(answer(req))
    },
  }
  return { sender, sent, answerWith: (f: (req: WebhookRequest) => SendOutcome) => void (answer = f) }
}

const setup = () => {
  const clock = fixedClock('2026-06-01T12:00:00.000Z')
  const jobs = memoryJobQueue(randomIds.uuid)
  const webhooks = memoryWebhookStore()
  const scripted = scriptedSender()
  const ports = { webhooks, jobs, runs: memoryRunStore(), clock, ids: randomIds, webhookSender: scripted.sender, secretBox: aesGcmSecretBox(randomBytes(32)), random: () => 0.5 }
  const uc = webhookUseCases(ports)
  const publisher = publishEventToWebhooks({ webhooks, jobs })
  const worker = createWorker({ queue: jobs, handlers: uc.jobHandlers, clock, logger: pino({ level: 'silent' }), concurrency: 1, pollMs: 50, leaseMs: 60_000, backoffMs: () => 0 })
  const publish = (actor: Actor, type: EventName = 'meeting.started'): Promise<DomainEvent> => {
    const event: DomainEvent = {
      id: randomUUID(),
      type,
      accountId: actor.accountId,
      occurredAt: clock.now().toISOString(),
      data: { runId: randomUUID(), reference: 'rec-1a2b-3c4d-5e6f', meetingId: null, title: 'Standup', platform: 'zoom', origin: 'bot', state: 'recording', phase: 'in_call', detail: null },
    }
    return right(publisher.publish(event)).then(() => event)
  }
  const register = (actor: Actor, events: EventName[] = ['meeting.started'], url = 'https://hooks.example.com/in') =>
    right(uc.create(actor, { url, events }))
  const open = () => jobs.entries().filter((j) => j.status === 'queued')
  return { clock, jobs, webhooks, uc, worker, publish, register, open, ...scripted }
}

const s = suite('webhooks: use cases')

s('an event reaches the active, subscribed endpoints of its own account only, once each', async () => {
  const w = setup()
  const wanted = await w.register(A, ['meeting.started', 'recording.ready'])
  await w.register(A, ['upload.ready'], 'https://hooks.example.com/uploads')
  const paused = await w.register(A, ['meeting.started'], 'https://hooks.example.com/paused')
  await right(w.uc.update(A, paused.endpoint.id, { status: 'disabled' }))
  await w.register(B, ['meeting.started'], 'https://other.example.com/in')
  const event = await w.publish(A)
  assert.is(w.sent.length, 0, 'publishing calls no receiver')
  assert.is(w.open().length, 1)
  await w.worker.drain()
  assert.equal(w.sent.map((r) => [r.url, r.messageId]), [['https://hooks.example.com/in', event.id]])
  const body = JSON.parse(w.sent[0]!.body)
  assert.equal(Object.keys(body), ['type', 'timestamp', 'data'])
  assert.equal([body.type, body.timestamp, body.data.eventId, body.data.accountId, body.data.title], ['meeting.started', event.occurredAt, event.id, A.accountId, 'Standup'])
  assert.equal(w.sent[0]!.secrets, [wanted.secret])
  const endpoint = await right(w.uc.get(A, wanted.endpoint.id))
  assert.equal([endpoint.endpoint.lastStatus, endpoint.endpoint.lastDeliveryAt, endpoint.recentDeliveries.succeeded], [200, '2026-06-01T12:00:00.000Z', 1])
})

s('secrets are stored sealed, never in plaintext', async () => {
  const w = setup()
  const created = await w.register(A)
  assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
  const stored = (await right(w.uc.list(A)))[0]!
  assert.not.ok(JSON.stringify(stored).includes(created.secret.slice(6)))
  assert.ok(stored.sealedSecret.startsWith('v1:'))
})

s('a failing receiver is retried on the schedule, then counts one failure', async () => {
  const w = setup()
  const { endpoint } = await w.register(A)
  w.answerWith(() => answered(500))
  await w.publish(A)
  const delays = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000]
  await w.worker.drain()
  for (const delay of delays) {
    const before = w.sent.length
    w.clock.advance(delay - 1)
    await w.worker.drain()
    assert.is(w.sent.length, before, `not before ${delay} ms`)
    w.clock.advance(1)
    await w.worker.drain()
    assert.is(w.sent.length, before + 1, `after ${delay} ms`)
  }
  w.clock.advance(100 * 3_600_000)
  await w.worker.drain()
  assert.is(w.sent.length, 7, 'seven attempts in all')
  assert.is(new Set(w.sent.map((r) => r.messageId)).size, 1, 'one webhook-id across attempts')
  const log = await right(w.uc.listDeliveries(A, endpoint.id, { limit: 100, offset: 0 }))
  assert.equal(log.rows.map((d) => [d.attempt, d.outcome, d.statusCode]).reverse(), [1, 2, 3, 4, 5, 6, 7].map((n) => [n, n < 7 ? 'will_retry' : 'failed', 500]))
  const after = await right(w.uc.get(A, endpoint.id))
  assert.equal([after.endpoint.consecutiveFailures, after.endpoint.status], [1, 'active'])
})

s('429 waits as long as Retry-After asks, up to the cap; 4xx and refused addresses are not retried', async () => {
  const w = setup()
  const { endpoint } = await w.register(A)
  w.answerWith(() => answered(429, 600))
  await w.publish(A)
  await w.worker.drain()
  const [retry] = w.open()
  assert.is(retry!.runAt - w.clock.now().getTime(), 600_000)
  w.clock.advance(600_000)
  w.answerWith(() => answered(410))
  await w.worker.drain()
  assert.is(w.sent.length, 2)
  assert.is(w.open().length, 0, 'a 410 is final')
  w.clock.advance(1_000)
  w.answerWith(() => ({ kind: 'unanswered', reason: 'refused', message: 'Requests to private or special addresses are refused', durationMs: 1 }))
  await w.publish(A)
  await w.worker.drain()
  assert.is(w.open().length, 0, 'a refused address is final')
  const log = await right(w.uc.listDeliveries(A, endpoint.id, { limit: 10, offset: 0 }))
  assert.equal(log.rows.map((d) => d.outcome), ['failed', 'failed', 'will_retry'])
  assert.match(log.rows[0]!.error!, /private or special addresses/)
  assert.is((await right(w.uc.get(A, endpoint.id))).endpoint.consecutiveFailures, 2)
})

s('five failed events in a row disable the endpoint with a reason; nothing more is queued', async () => {
  const w = setup()
  const { endpoint } = await w.register(A)
  w.answerWith(() => answered(400))
  for (let i = 1; i <= 4; i++) {
    await w.publish(A)
    await w.worker.drain()
  }
  assert.equal((await right(w.uc.get(A, endpoint.id))).endpoint.status, 'active')
  await w.publish(A)
  await w.worker.drain()
  const disabled = (await right(w.uc.get(A, endpoint.id))).endpoint
  assert.equal([disabled.status, disabled.consecutiveFailures], ['disabled', 5])
  assert.is(disabled.disabledReason, 'Disabled after 5 consecutive failed deliveries; the last answered 400')
  await w.publish(A)
  assert.is(w.open().length, 0)
  assert.is(w.sent.length, 5)
})

s('a success resets the count; PATCH active re-enables, clears count and reason, and sending resumes', async () => {
  const w = setup()
  const { endpoint } = await w.register(A)
  w.answerWith(() => answered(400))
  for (let i = 0; i < 3; i++) await w.publish(A).then(() => w.worker.drain())
  w.answerWith(() => answered(204))
  await w.publish(A).then(() => w.worker.drain())
  assert.is((await right(w.uc.get(A, endpoint.id))).endpoint.consecutiveFailures, 0)
  w.answerWith(() => answered(400))
  for (let i = 0; i < 5; i++) await w.publish(A).then(() => w.worker.drain())
  assert.is((await right(w.uc.get(A, endpoint.id))).endpoint.status, 'disabled')
  const enabled = await right(w.uc.update(A, endpoint.id, { status: 'active' }))
  assert.equal([enabled.status, enabled.consecutiveFailures, enabled.disabledReason], ['active', 0, null])
  w.answerWith(() => answered(200))
  await w.publish(A).then(() => w.worker.drain())
  assert.equal((await right(w.uc.get(A, endpoint.id))).endpoint.lastStatus, 200)
})

s('a retry queued before the endpoint was disabled or deleted is dropped', async () => {
  const w = setup()
  const { endpoint } = await w.register(A)
  w.answerWith(() => answered(503))
  await w.publish(A)
  await w.worker.drain()
  await right(w.uc.update(A, endpoint.id, { status: 'disabled' }))
  w.clock.advance(5_000)
  await w.worker.drain()
  assert.is(w.sent.length, 1)
  await right(w.uc.update(A, endpoint.id, { status: 'active' }))
  await w.publish(A)
  await right(w.uc.remove(A, endpoint.id))
  await w.worker.drain()
  assert.is(w.sent.length, 1)
})

s('rotation: both secrets sign during the grace period, then only the new one', async () => {
  const w = setup()
  const created = await w.register(A)
  const rotated = await right(w.uc.rotateSecret(A, created.endpoint.id))
  assert.is.not(rotated.secret, created.secret)
  assert.is(rotated.endpoint.previousSecretExpiresAt, '2026-06-02T12:00:00.000Z')
  await w.publish(A).then(() => w.worker.drain())
  assert.equal(w.sent[0]!.secrets, [rotated.secret, created.secret])
  w.clock.advance(86_400_000)
  await w.publish(A).then(() => w.worker.drain())
  assert.equal(w.sent[1]!.secrets, [rotated.secret])
})

s('resend queues the same event again with the same webhook-id; not to a disabled endpoint', async () => {
  const w = setup()
  const { endpoint } = await w.register(A)
  const event = await w.publish(A)
  await w.worker.drain()
  const [delivery] = (await right(w.uc.listDeliveries(A, endpoint.id, { limit: 1, offset: 0 }))).rows
  w.clock.advance(1_000)
  const queued = await right(w.uc.resend(A, endpoint.id, delivery!.id))
  assert.equal([queued.eventId, queued.eventType], [event.id, 'meeting.started'])
  await w.worker.drain()
  assert.equal(w.sent.map((r) => r.messageId), [event.id, event.id])
  const log = await right(w.uc.listDeliveries(A, endpoint.id, { limit: 10, offset: 0 }))
  assert.equal(log.rows.map((d) => [d.trigger, d.attempt]), [['resend', 1], ['event', 1]])
  await right(w.uc.update(A, endpoint.id, { status: 'disabled' }))
  assert.is((await left(w.uc.resend(A, endpoint.id, delivery!.id)))._tag, 'Conflict')
})

s('a secret sealed under a lost key fails readably without retries; rotating recovers', async () => {
  const w = setup()
  const { endpoint } = await w.register(A)
  const foreign = aesGcmSecretBox(randomBytes(32)).seal('whsec_AAAA')
  await right(w.webhooks.update(A.accountId, endpoint.id, (e) => ({ ...e, sealedSecret: foreign })))
  await w.publish(A).then(() => w.worker.drain())
  assert.is(w.sent.length, 0)
  const [failed] = (await right(w.uc.listDeliveries(A, endpoint.id, { limit: 1, offset: 0 }))).rows
  assert.equal([failed!.outcome, failed!.statusCode], ['failed', null])
  assert.match(failed!.error!, /signing secret could not be decrypted: .*another key/)
  const rotated = await right(w.uc.rotateSecret(A, endpoint.id))
  await w.publish(A).then(() => w.worker.drain())
  assert.equal(w.sent.map((r) => r.secrets), [[rotated.secret]], 'the unreadable previous secret is left out')
})

s("another account's endpoint is NotFound everywhere; a read-only actor cannot write", async () => {
  const w = setup()
  const { endpoint } = await w.register(A)
  const id = endpoint.id
  for (const task of [w.uc.get(B, id), w.uc.update(B, id, { status: 'disabled' }), w.uc.remove(B, id), w.uc.rotateSecret(B, id), w.uc.listDeliveries(B, id, { limit: 1, offset: 0 }), w.uc.resend(B, id, randomUUID())]) {
    assert.is((await left<{ _tag: string }, unknown>(task))._tag, 'NotFound')
  }
  assert.is((await left(w.uc.create(READONLY, { url: 'https://hooks.example.com/x', events: ['bot.failed'] })))._tag, 'Forbidden')
  assert.is((await right(w.uc.get(A, id))).endpoint.status, 'active')
})

s('URLs: https only, no private or metadata literals; the refusal names url', async () => {
  const w = setup()
  for (const url of ['http://hooks.example.com/x', 'https://127.0.0.1/x', 'https://169.254.169.254/latest', 'https://[::1]/x', 'https://10.0.0.8/x', 'https://localhost/x', 'ftp://x.example/']) {
    const e = await left(w.uc.create(A, { url, events: ['meeting.started'] }))
    assert.equal([e._tag, e._tag === 'Validation' ? e.details[0]!.path : null], ['Validation', 'url'], url)
  }
  const { endpoint } = await w.register(A)
  const e = await left(w.uc.update(A, endpoint.id, { url: 'https://192.168.1.1/' }))
  assert.is(e._tag, 'Validation')
})

s.run()
