/**
 * Live webhooks (`transcript.data`, `transcript.partial`) from the run's live feed to one endpoint:
 * in order, every finished line once, coalesced when the receiver is slow, retried without letting a
 * later line pass, and no line lost when it is published while the step before is finishing.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import * as T from 'fp-ts/lib/Task.js'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createWorker } from '../../../adapters/driving/jobs/worker.js'
import { memoryJobQueue } from '../../../adapters/stores/memory/job-queue.js'
import { memoryLiveFeed } from '../../../adapters/stores/memory/live-feed.js'
import { memoryRunStore } from '../../../adapters/stores/memory/recordings.js'
import { memoryWebhookStore } from '../../../adapters/stores/memory/webhooks.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { aesGcmSecretBox } from '../../../adapters/system/secret-box.js'
import { mintWebhookSecret } from '../../../adapters/outbound/webhooks/signing.js'
import { vetWebhookUrl } from '../../../adapters/outbound/webhooks/url-policy.js'
import type { Actor } from '../../../src/core/domain/identity/api-key.js'
import type { EventName } from '../../../src/core/domain/events.js'
import { LIVE_POLL_MS } from '../../../src/core/domain/live-delivery.js'
import type { SendOutcome } from '../../../src/core/domain/webhook-delivery.js'
import type { JobQueue } from '../../../src/core/ports/job-queue.js'
import type { WebhookRequest } from '../../../src/core/ports/webhook-sender.js'
import { LIVE_DELIVERY_JOB } from '../../../src/core/webhooks/live-delivery-job.js'
import { publishEventToWebhooks } from '../../../src/core/webhooks/publish-event-to-webhooks.js'
import { webhookUseCases } from '../../../src/core/webhooks/index.js'
import { right } from '../../support/run.js'

const A: Actor = { accountId: randomUUID(), keyId: randomUUID(), access: 'full', organizationWide: false, organizationId: null }
const answered = (status: number): SendOutcome => ({ kind: 'answered', status, retryAfterSeconds: null, bodyExcerpt: '', durationMs: 3 })

const setup = () => {
  const clock = fixedClock('2026-06-01T12:00:00.000Z')
  const queue = memoryJobQueue(randomIds.uuid)
  // A hook into the queue, to act at the moment a live step is finishing (it completes right after).
  let onComplete: (kind: string) => Promise<void> = async () => undefined
  const jobs: JobQueue = {
    ...queue,
    complete: (id) => async () => {
      const kind = queue.entries().find((j) => j.id === id)?.kind ?? ''
      await onComplete(kind)
      return queue.complete(id)()
    },
  }
  const webhooks = memoryWebhookStore()
  const liveFeed = memoryLiveFeed()
  const runId = randomUUID()
  const sent: WebhookRequest[] = []
  // The receiver: what it answers, and what happens in the meeting while it takes its time.
  let answer: (req: WebhookRequest, n: number) => Promise<SendOutcome> = async () => answered(200)
  const webhookSender = {
    vetUrl: (url: string) => vetWebhookUrl(url, false),
    mintSecret: mintWebhookSecret,
    send: (req: WebhookRequest) => async () => {
      sent.push(req)
      return answer(req, sent.length)
    },
  }
  const uc = webhookUseCases({ webhooks, jobs, runs: memoryRunStore(), liveFeed, clock, ids: randomIds, webhookSender, secretBox: aesGcmSecretBox(randomBytes(32)), random: () => 0.5 })
  const worker = createWorker({ queue: jobs, handlers: uc.jobHandlers, clock, logger: pino({ level: 'silent' }), concurrency: 1, pollMs: 50, leaseMs: 60_000, backoffMs: () => 0 })
  let spoken = 0
  const w = {
    clock,
    sent,
    uc,
    worker,
    runId,
    answerWith: (f: typeof answer) => void (answer = f),
    whenStepCompletes: (f: () => Promise<void>) =>
      void (onComplete = async (kind) => {
        if (kind !== LIVE_DELIVERY_JOB) return
        onComplete = async () => undefined
        await f()
      }),
    register: (events: EventName[] = ['transcript.data'], url = 'https://hooks.example.com/live') => right(uc.create(A, { url, events })),
    /** The bot was admitted: `meeting.started`, as the bot publishes it. */
    admitted: () =>
      right(
        publishEventToWebhooks({ webhooks, jobs }).publish({
          id: randomUUID(),
          type: 'meeting.started',
          accountId: A.accountId,
          occurredAt: clock.now().toISOString(),
          data: { runId, reference: 'rec-1a2b-3c4d-5e6f', meetingId: null, title: 'Standup', platform: 'zoom', origin: 'manual', state: 'recording', phase: 'in_call', detail: null },
        }),
      ),
    /** The bot publishes finished lines (and other events) to its feed, as it does in a meeting. */
    say: async (n = 1) => {
      for (let i = 0; i < n; i++) {
        spoken++
        await right(liveFeed.publish(runId, { kind: 'utterance', data: { speaker: 'Alice', text: `line ${spoken}`, startMs: spoken * 1000, endMs: spoken * 1000 + 900, final: true } }, clock.now()))
      }
    },
    partial: (text: string) => right(liveFeed.publish(runId, { kind: 'partial', data: { speaker: 'Bob', text, startMs: 0, final: false } }, clock.now())),
    speaker: () => right(liveFeed.publish(runId, { kind: 'speaker', data: { name: 'Bob', offsetMs: 0 } }, clock.now())),
    end: () => right(liveFeed.publish(runId, { kind: 'end', data: { outcome: 'left', reason: 'meeting_ended', detail: 'The meeting ended.' } }, clock.now())),
    /** Lets the chain run until it waits for the clock, then moves the clock on by one poll, `times` times. */
    run: async (times = 3) => {
      await worker.drain()
      for (let i = 0; i < times; i++) {
        clock.advance(LIVE_POLL_MS)
        await worker.drain()
      }
    },
    openSteps: () => queue.entries().filter((j) => j.kind === LIVE_DELIVERY_JOB && (j.status === 'queued' || j.status === 'running')),
    bodies: () => sent.map((r) => ({ id: r.messageId, ...(JSON.parse(r.body) as { type: string; data: any }) })),
  }
  return w
}

const seqsOf = (w: ReturnType<typeof setup>) => w.bodies().filter((b) => b.type === 'transcript.data').map((b) => (b.data.lines as Array<{ seq: number }>).map((l) => l.seq))

const s = suite('webhooks: live lines (transcript.data, transcript.partial)')

s('a slow receiver gets fewer, bigger deliveries: every finished line once, in order, with the run it belongs to', async () => {
  const w = setup()
  await w.register()
  await w.admitted()
  await w.say(2)
  // While the receiver takes its time over the first delivery, five more lines are spoken.
  w.answerWith(async (_, n) => {
    if (n === 1) await w.say(5)
    return answered(200)
  })
  await w.run()
  assert.equal(seqsOf(w), [[1, 2], [3, 4, 5, 6, 7]])
  const [first] = w.bodies()
  assert.equal([first!.type, first!.data.runId, first!.data.reference, first!.data.title, first!.data.platform], ['transcript.data', w.runId, 'rec-1a2b-3c4d-5e6f', 'Standup', 'zoom'])
  assert.equal(first!.data.lines[0], { seq: 1, speaker: 'Alice', text: 'line 1', startMs: 1000, endMs: 1900, final: true })
  assert.equal(first!.data.recordingPath, `/ext/v1/recordings/${w.runId}`)
  // A fast receiver: one delivery per line as they come.
  await w.say()
  await w.run()
  await w.say()
  await w.run()
  assert.equal(seqsOf(w).slice(2), [[8], [9]])
  assert.is(w.openSteps().length, 1, 'one step waits for more while the meeting goes on')
  await w.end()
  await w.run()
  assert.is(w.openSteps().length, 0, 'the end of the meeting ends the deliveries')
})

s('a line published while the previous step is finishing is not lost, nor the last line of the meeting just before its end', async () => {
  const w = setup()
  await w.register()
  await w.admitted()
  await w.say()
  // The step that sent line 1 has read the feed and queued the next step; before the queue marks it
  // done, the meeting's last line and its end come: a wake-up deduped on "not finished" would be swallowed here.
  w.whenStepCompletes(async () => {
    await w.say()
    await w.end()
  })
  await w.run()
  assert.equal(seqsOf(w), [[1], [2]])
  assert.is(w.openSteps().length, 0)
})

s('a failed delivery is retried alone and first: later lines wait, none is sent twice; given up, it counts one failure and the lines after it still come', async () => {
  const w = setup()
  const { endpoint } = await w.register()
  await w.admitted()
  await w.say(2)
  w.answerWith(async (_, n) => {
    if (n === 1) await w.say(2)
    return answered(n === 1 ? 503 : 200)
  })
  await w.run(2)
  assert.equal(seqsOf(w), [[1, 2]], 'lines 3 and 4 wait for the retry of 1 and 2')
  w.clock.advance(5_000)
  await w.run()
  assert.equal(seqsOf(w), [[1, 2], [1, 2], [3, 4]])
  assert.equal(w.sent[0]!.messageId, w.sent[1]!.messageId, 'the retry is the same event (webhook-id), with the same lines')
  const log = await right(w.uc.listDeliveries(A, endpoint.id, { limit: 10, offset: 0 }))
  // The retry and the next delivery are logged at the same (fixed) time, so the log's order between them is not asserted.
  assert.equal(log.rows.map((d) => `${d.eventType} ${d.attempt} ${d.outcome}`).sort(), ['transcript.data 1 succeeded', 'transcript.data 1 will_retry', 'transcript.data 2 succeeded'])

  // Now the receiver fails for good: attempts after 5 s and 5 min, then the lines after it go on.
  w.answerWith(async () => answered(500))
  await w.say()
  await w.run(1)
  w.clock.advance(5_000)
  await w.run(1)
  w.clock.advance(300_000)
  await w.run(1)
  assert.equal(seqsOf(w).slice(3), [[5], [5], [5]], 'three attempts, 5 s and 5 min apart')
  const failed = await right(w.uc.get(A, endpoint.id))
  assert.is(failed.endpoint.consecutiveFailures, 1)
  w.answerWith(async () => answered(200))
  await w.say()
  await w.run()
  assert.equal(seqsOf(w).slice(6), [[6]])
  assert.is((await right(w.uc.get(A, endpoint.id))).endpoint.consecutiveFailures, 0)
})

s('partials: only the newest is sent, once, and not a partial its finished line has replaced', async () => {
  const w = setup()
  const { endpoint } = await w.register(['transcript.partial'])
  await w.admitted()
  await w.partial('Morning')
  await w.partial('Morning every')
  await w.partial('Morning everyone')
  await w.run(1)
  await w.partial('Let us')
  await w.say()
  await w.speaker()
  await w.run(1)
  const sent = w.bodies()
  assert.equal(sent.map((b) => [b.type, b.data.line.text, b.data.line.final, b.data.line.seq]), [['transcript.partial', 'Morning everyone', false, 3]])
  w.answerWith(async () => answered(500))
  await w.partial('Next')
  await w.run(2)
  assert.is(w.sent.length, 2, 'a failed partial is not retried')
  assert.is((await right(w.uc.get(A, endpoint.id))).endpoint.consecutiveFailures, 1, 'it counts like a delivery given up')
})

s('the deliveries stop when the endpoint is disabled or no longer subscribed, and reach only endpoints subscribed when the bot was admitted', async () => {
  const w = setup()
  const { endpoint } = await w.register(['transcript.data', 'meeting.started'])
  await w.admitted()
  const late = await w.register(['transcript.data'], 'https://late.example.com/live')
  await w.say()
  await w.run()
  assert.equal(seqsOf(w), [[1]])
  assert.equal(w.sent.filter((r) => r.url === late.endpoint.url), [], 'subscribed after the bot was admitted')
  await right(w.uc.update(A, endpoint.id, { events: ['meeting.started'] }))
  await w.say()
  await w.run()
  assert.equal(seqsOf(w), [[1]])
  assert.is(w.openSteps().length, 0)
})

s('a run whose bot is gone without an end (its process died) ends the deliveries after a quiet minute', async () => {
  const w = setup()
  await w.register()
  await w.admitted()
  await w.say()
  await w.run(30)
  assert.is(w.openSteps().length, 1, 'half a minute of silence: still waiting')
  await w.run(31)
  assert.is(w.openSteps().length, 0, 'the run is not live (this store has none), so the chain ends')
  assert.equal(seqsOf(w), [[1]])
})

s.run()
