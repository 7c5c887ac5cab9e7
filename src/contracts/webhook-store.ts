import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { DomainEvent } from '../core/domain/events.js'
import type { WebhookDelivery, WebhookEndpoint } from '../core/domain/webhook.js'
import type { WebhookStore } from '../core/ports/webhook-store.js'
import { right } from './tasks.js'

const ACCOUNT = '00000000-0000-4000-8000-00000000000a'
const OTHER = '00000000-0000-4000-8000-00000000000b'
const uuid = (prefix: string, n: number) => `${prefix}000000-0000-4000-8000-${String(n).padStart(12, '0')}`

export const endpoint = (n: number, over: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id: uuid('e0', n),
  accountId: ACCOUNT,
  url: `https://hooks.example.com/${n}`,
  description: n % 2 === 0 ? null : `endpoint ${n}`,
  events: ['meeting.started', 'recording.ready'],
  status: 'active',
  consecutiveFailures: 0,
  lastDeliveryAt: null,
  lastStatus: null,
  disabledReason: null,
  sealedSecret: `v1:sealed-${n}`,
  sealedPreviousSecret: null,
  previousSecretExpiresAt: null,
  createdAt: `2026-03-0${n}T10:00:00.000Z`,
  updatedAt: `2026-03-0${n}T10:00:00.000Z`,
  ...over,
})

const event = (n: number, accountId = ACCOUNT): DomainEvent => ({
  id: uuid('a0', n),
  type: 'meeting.started',
  accountId,
  occurredAt: '2026-03-10T09:00:00.000Z',
  data: { runId: uuid('b0', n), reference: 'rec-1a2b-3c4d-5e6f', meetingId: null, title: 'Standup', platform: 'zoom', origin: 'bot', state: 'recording', phase: 'in_call', detail: null },
})

const delivery = (n: number, endpointId: string, over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: uuid('d0', n),
  accountId: ACCOUNT,
  endpointId,
  eventId: uuid('a0', 1),
  eventType: 'meeting.started',
  trigger: 'event',
  attempt: n,
  outcome: n % 3 === 0 ? 'succeeded' : 'will_retry',
  statusCode: n % 3 === 0 ? 200 : 500,
  durationMs: 10 * n,
  error: n % 3 === 0 ? null : 'Answered HTTP 500',
  nextAttemptAt: n % 3 === 0 ? null : '2026-03-10T10:00:05.000Z',
  payload: n === 1 ? null : `{"type":"meeting.started","data":{"n":${n}}}`,
  response: n % 3 === 0 ? 'ok' : null,
  createdAt: `2026-03-10T10:00:${String(n).padStart(2, '0')}.000Z`,
  ...over,
})

/** The behaviour every adapter of the webhook store must show. */
export const webhookStoreContract = (name: string, make: () => Promise<WebhookStore> | WebhookStore) => {
  const s = suite<{ store: WebhookStore }>(`${name}: webhook store`)
  s.before.each(async (ctx) => {
    ctx.store = await make()
  })

  s('an endpoint reads back as written; another account never sees it', async ({ store }) => {
    const e = endpoint(1, { sealedPreviousSecret: 'v1:old', previousSecretExpiresAt: '2026-03-02T10:00:00.000Z', lastStatus: 500, lastDeliveryAt: '2026-03-01T11:00:00.000Z' })
    await right(store.create(e))
    assert.equal(await right(store.find(ACCOUNT, e.id)), O.some(e))
    assert.equal(await right(store.find(OTHER, e.id)), O.none)
    assert.equal(await right(store.list(OTHER)), [])
  })

  s('list is oldest first and only the account\'s own', async ({ store }) => {
    await right(store.create(endpoint(3)))
    await right(store.create(endpoint(1)))
    await right(store.create(endpoint(2, { accountId: OTHER })))
    assert.equal((await right(store.list(ACCOUNT))).map((e) => e.id), [endpoint(1).id, endpoint(3).id])
  })

  s('listSubscribed: active endpoints of the account subscribed to the type', async ({ store }) => {
    await right(store.create(endpoint(1)))
    await right(store.create(endpoint(2, { events: ['upload.ready'] })))
    await right(store.create(endpoint(3, { status: 'disabled', disabledReason: 'x' })))
    await right(store.create(endpoint(4, { accountId: OTHER })))
    await right(store.create(endpoint(5, { events: ['recording.ready', 'meeting.started'] })))
    assert.equal((await right(store.listSubscribed(ACCOUNT, 'meeting.started'))).map((e) => e.id), [endpoint(1).id, endpoint(5).id])
    assert.equal((await right(store.listSubscribed(ACCOUNT, 'upload.ready'))).map((e) => e.id), [endpoint(2).id])
    assert.equal(await right(store.listSubscribed(ACCOUNT, 'bot.failed')), [])
  })

  s('update applies the change to the current record and keeps id and owner', async ({ store }) => {
    await right(store.create(endpoint(1)))
    const changed = await right(store.update(ACCOUNT, endpoint(1).id, (e) => ({ ...e, consecutiveFailures: e.consecutiveFailures + 1, id: 'x', accountId: OTHER, events: ['bot.failed'] })))
    assert.ok(O.isSome(changed))
    const again = await right(store.update(ACCOUNT, endpoint(1).id, (e) => ({ ...e, consecutiveFailures: e.consecutiveFailures + 1 })))
    assert.equal(O.map((e: WebhookEndpoint) => [e.id, e.accountId, e.consecutiveFailures, e.events])(again), O.some([endpoint(1).id, ACCOUNT, 2, ['bot.failed']]))
    assert.equal(await right(store.find(ACCOUNT, endpoint(1).id)), again)
    assert.equal(await right(store.update(OTHER, endpoint(1).id, (e) => ({ ...e, url: 'https://evil.example' }))), O.none)
    assert.equal(await right(store.update(ACCOUNT, endpoint(9).id, (e) => e)), O.none)
  })

  s('remove deletes the endpoint and its log; another account cannot', async ({ store }) => {
    const e = endpoint(1)
    await right(store.create(e))
    await right(store.addDelivery(delivery(1, e.id)))
    assert.is(await right(store.remove(OTHER, e.id)), false)
    assert.is(await right(store.remove(ACCOUNT, e.id)), true)
    assert.is(await right(store.remove(ACCOUNT, e.id)), false)
    assert.equal(await right(store.find(ACCOUNT, e.id)), O.none)
    await right(store.create(e))
    assert.is((await right(store.listDeliveries(ACCOUNT, e.id, { limit: 10, offset: 0 }))).total, 0)
  })

  s('events are kept once per id and found only by their account', async ({ store }) => {
    const ev = event(1)
    await right(store.saveEvent(ev))
    await right(store.saveEvent({ ...ev, occurredAt: '2030-01-01T00:00:00.000Z' }))
    assert.equal(await right(store.findEvent(ACCOUNT, ev.id)), O.some(ev))
    assert.equal(await right(store.findEvent(OTHER, ev.id)), O.none)
    assert.equal(await right(store.findEvent(ACCOUNT, event(2).id)), O.none)
  })

  s('the delivery log: newest first, paged, total of all; found by account and endpoint', async ({ store }) => {
    const e = endpoint(1)
    await right(store.create(e))
    await right(store.create(endpoint(2)))
    for (const n of [1, 2, 3, 4, 5]) await right(store.addDelivery(delivery(n, e.id)))
    await right(store.addDelivery(delivery(6, endpoint(2).id)))
    const first = await right(store.listDeliveries(ACCOUNT, e.id, { limit: 2, offset: 0 }))
    assert.equal([first.total, first.limit, first.offset, first.rows.map((d) => d.attempt)], [5, 2, 0, [5, 4]])
    const last = await right(store.listDeliveries(ACCOUNT, e.id, { limit: 2, offset: 4 }))
    assert.equal(last.rows, [delivery(1, e.id)])
    assert.is((await right(store.listDeliveries(OTHER, e.id, { limit: 10, offset: 0 }))).total, 0)
    assert.equal(await right(store.findDelivery(ACCOUNT, e.id, delivery(3, e.id).id)), O.some(delivery(3, e.id)))
    assert.equal(await right(store.findDelivery(ACCOUNT, endpoint(2).id, delivery(3, e.id).id)), O.none)
    assert.equal(await right(store.findDelivery(OTHER, e.id, delivery(3, e.id).id)), O.none)
  })

  s('a test delivery keeps its trigger, the body sent and the start of the answer as written', async ({ store }) => {
    const e = endpoint(1)
    await right(store.create(e))
    const body = JSON.stringify({ type: 'webhook.test', data: { message: 'Réunion — “test” ✓', pad: 'x'.repeat(7_000) } })
    const test = delivery(7, e.id, { trigger: 'test', eventType: 'webhook.test', outcome: 'failed', payload: body, response: 'Bad gateway: ünïcode', error: 'Answered HTTP 502' })
    await right(store.addDelivery(test))
    assert.equal(await right(store.findDelivery(ACCOUNT, e.id, test.id)), O.some(test))
    assert.equal((await right(store.listDeliveries(ACCOUNT, e.id, { limit: 1, offset: 0 }))).rows, [test])
  })

  s('delivery health counts attempts since a time', async ({ store }) => {
    const e = endpoint(1)
    await right(store.create(e))
    for (const n of [1, 2, 3, 4, 5, 6]) await right(store.addDelivery(delivery(n, e.id)))
    assert.equal(await right(store.deliveryHealth(ACCOUNT, e.id, '2026-03-10T10:00:00.000Z')), { succeeded: 2, failed: 4 })
    assert.equal(await right(store.deliveryHealth(ACCOUNT, e.id, '2026-03-10T10:00:04.000Z')), { succeeded: 1, failed: 2 })
    assert.equal(await right(store.deliveryHealth(OTHER, e.id, '2026-01-01T00:00:00.000Z')), { succeeded: 0, failed: 0 })
  })

  s.run()
}
