import * as O from 'fp-ts/Option'
import { type DomainEvent, type EventName, isEventName } from '../../src/core/domain/events.js'
import type { DeliveryOutcome, DeliveryTrigger, WebhookDelivery, WebhookEndpoint, WebhookStatus } from '../../src/core/domain/webhook.js'
import type { WebhookStore } from '../../src/core/ports/webhook-store.js'
import { attempt, type Db } from './database.js'

interface EndpointRow {
  id: string
  account_id: string
  url: string
  description: string | null
  events: string
  status: WebhookStatus
  consecutive_failures: number
  last_delivery_at: string | null
  last_status: number | null
  disabled_reason: string | null
  sealed_secret: string
  sealed_previous_secret: string | null
  previous_secret_expires_at: string | null
  created_at: string
  updated_at: string
}

interface DeliveryRow {
  id: string
  account_id: string
  endpoint_id: string
  event_id: string
  event_type: string
  trigger_kind: DeliveryTrigger
  attempt: number
  outcome: DeliveryOutcome
  status_code: number | null
  duration_ms: number
  error: string | null
  next_attempt_at: string | null
  created_at: string
}

interface EventRow {
  id: string
  account_id: string
  type: string
  occurred_at: string
  data: string
}

// Names that left the catalogue since they were stored are dropped rather than passed on as unknown events.
const eventNames = (json: string): EventName[] => (JSON.parse(json) as string[]).filter(isEventName)

const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  accountId: r.account_id,
  url: r.url,
  description: r.description,
  events: eventNames(r.events),
  status: r.status,
  consecutiveFailures: r.consecutive_failures,
  lastDeliveryAt: r.last_delivery_at,
  lastStatus: r.last_status,
  disabledReason: r.disabled_reason,
  sealedSecret: r.sealed_secret,
  sealedPreviousSecret: r.sealed_previous_secret,
  previousSecretExpiresAt: r.previous_secret_expires_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

const endpointParams = (e: WebhookEndpoint) => ({ ...e, events: JSON.stringify(e.events) })

const toDelivery = (r: DeliveryRow): WebhookDelivery => ({
  id: r.id,
  accountId: r.account_id,
  endpointId: r.endpoint_id,
  eventId: r.event_id,
  eventType: r.event_type as EventName,
  trigger: r.trigger_kind,
  attempt: r.attempt,
  outcome: r.outcome,
  statusCode: r.status_code,
  durationMs: r.duration_ms,
  error: r.error,
  nextAttemptAt: r.next_attempt_at,
  createdAt: r.created_at,
})

const toEvent = (r: EventRow): O.Option<DomainEvent> =>
  isEventName(r.type) ? O.some({ id: r.id, accountId: r.account_id, type: r.type, occurredAt: r.occurred_at, data: JSON.parse(r.data) }) : O.none

export const sqliteWebhookStore = (db: Db): WebhookStore => {
  const columns = `id, account_id, url, description, events, status, consecutive_failures, last_delivery_at, last_status,
    disabled_reason, sealed_secret, sealed_previous_secret, previous_secret_expires_at, created_at, updated_at`
  const values = `@id, @accountId, @url, @description, @events, @status, @consecutiveFailures, @lastDeliveryAt, @lastStatus,
    @disabledReason, @sealedSecret, @sealedPreviousSecret, @previousSecretExpiresAt, @createdAt, @updatedAt`
  const insert = db.prepare(`INSERT INTO webhook_endpoints (${columns}) VALUES (${values})`)
  const replace = db.prepare(`UPDATE webhook_endpoints SET (${columns}) = (${values}) WHERE id = @id AND account_id = @accountId`)
  const one = db.prepare<[string, string], EndpointRow>('SELECT * FROM webhook_endpoints WHERE account_id = ? AND id = ?')
  const all = db.prepare<[string], EndpointRow>('SELECT * FROM webhook_endpoints WHERE account_id = ? ORDER BY created_at, id')
  const remove = db.prepare('DELETE FROM webhook_endpoints WHERE account_id = ? AND id = ?')
  const insertEvent = db.prepare('INSERT OR IGNORE INTO webhook_events (id, account_id, type, occurred_at, data) VALUES (?, ?, ?, ?, ?)')
  const oneEvent = db.prepare<[string, string], EventRow>('SELECT * FROM webhook_events WHERE account_id = ? AND id = ?')
  const insertDelivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, trigger_kind, attempt, outcome, status_code, duration_ms, error, next_attempt_at, created_at)
     VALUES (@id, @accountId, @endpointId, @eventId, @eventType, @trigger, @attempt, @outcome, @statusCode, @durationMs, @error, @nextAttemptAt, @createdAt)`,
  )
  const pageOf = db.prepare<[string, string, number, number], DeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
  )
  const countOf = db.prepare<[string, string], number>('SELECT count(*) FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ?').pluck()
  const oneDelivery = db.prepare<[string, string, string], DeliveryRow>('SELECT * FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ? AND id = ?')
  const health = db.prepare<[string, string, string], { succeeded: number | null; total: number }>(
    `SELECT sum(outcome = 'succeeded') AS succeeded, count(*) AS total FROM webhook_deliveries
     WHERE account_id = ? AND endpoint_id = ? AND created_at >= ?`,
  )
  const update = db.transaction((accountId: string, id: string, change: (e: WebhookEndpoint) => WebhookEndpoint) => {
    const row = one.get(accountId, id)
    if (row === undefined) return O.none
    const next = { ...change(toEndpoint(row)), id: row.id, accountId: row.account_id }
    replace.run(endpointParams(next))
    return O.some(next)
  })
  return {
    create: (endpoint) => attempt(() => (insert.run(endpointParams(endpoint)), endpoint)),
    find: (accountId, id) => attempt(() => O.map(toEndpoint)(O.fromNullable(one.get(accountId, id)))),
    list: (accountId) => attempt(() => all.all(accountId).map(toEndpoint)),
    listSubscribed: (accountId, type) =>
      attempt(() => all.all(accountId).map(toEndpoint).filter((e) => e.status === 'active' && e.events.includes(type))),
    update: (accountId, id, change) => attempt(() => update.immediate(accountId, id, change)),
    remove: (accountId, id) => attempt(() => remove.run(accountId, id).changes > 0),
    saveEvent: (e) => attempt(() => void insertEvent.run(e.id, e.accountId, e.type, e.occurredAt, JSON.stringify(e.data))),
    findEvent: (accountId, eventId) => attempt(() => O.flatMap(toEvent)(O.fromNullable(oneEvent.get(accountId, eventId)))),
    addDelivery: (d) => attempt(() => (insertDelivery.run(d), d)),
    listDeliveries: (accountId, endpointId, page) =>
      attempt(() => ({
        rows: pageOf.all(accountId, endpointId, page.limit, page.offset).map(toDelivery),
        total: countOf.get(accountId, endpointId) ?? 0,
        limit: page.limit,
        offset: page.offset,
      })),
    findDelivery: (accountId, endpointId, id) => attempt(() => O.map(toDelivery)(O.fromNullable(oneDelivery.get(accountId, endpointId, id)))),
    deliveryHealth: (accountId, endpointId, since) =>
      attempt(() => {
        const r = health.get(accountId, endpointId, since)
        const succeeded = r?.succeeded ?? 0
        return { succeeded, failed: (r?.total ?? 0) - succeeded }
      }),
  }
}
