import * as O from 'fp-ts/lib/Option.js'
import { type DomainEvent, isEventName } from '../../../src/core/domain/events.js'
import type { WebhookEndpoint } from '../../../src/core/domain/webhook.js'
import type { WebhookStore } from '../../../src/core/ports/webhook-store.js'
import {
  toWebhookDelivery, toWebhookEndpoint, toWebhookEvent, type WebhookDeliveryRow, type WebhookEndpointRow, type WebhookEventRow,
} from '../shared/rows/webhooks.js'
import { attempt, type Db } from './database.js'

/** A webhook_endpoints row as SQLite returns it: events is JSON text. */
type SqliteEndpointRow = Omit<WebhookEndpointRow, 'events'> & { events: string }
/** A webhook_events row as SQLite returns it: data is JSON text. */
type SqliteEventRow = Omit<WebhookEventRow, 'data'> & { data: string }

const endpointFromSqliteRow = (r: SqliteEndpointRow): WebhookEndpoint => toWebhookEndpoint({ ...r, events: JSON.parse(r.events) as string[] })

const endpointParams = (e: WebhookEndpoint) => ({ ...e, events: JSON.stringify(e.events) })

// The data is parsed only for an event whose type is still in the catalogue; toWebhookEvent drops the others.
const eventFromSqliteRow = (r: SqliteEventRow): O.Option<DomainEvent> =>
  isEventName(r.type) ? toWebhookEvent({ ...r, data: JSON.parse(r.data) }) : O.none

export const sqliteWebhookStore = (db: Db): WebhookStore => {
  const columns = `id, account_id, url, description, events, status, consecutive_failures, last_delivery_at, last_status,
    disabled_reason, sealed_secret, sealed_previous_secret, previous_secret_expires_at, created_at, updated_at`
  const values = `@id, @accountId, @url, @description, @events, @status, @consecutiveFailures, @lastDeliveryAt, @lastStatus,
    @disabledReason, @sealedSecret, @sealedPreviousSecret, @previousSecretExpiresAt, @createdAt, @updatedAt`
  const insert = db.prepare(`INSERT INTO webhook_endpoints (${columns}) VALUES (${values})`)
  const replace = db.prepare(`UPDATE webhook_endpoints SET (${columns}) = (${values}) WHERE id = @id AND account_id = @accountId`)
  const one = db.prepare<[string, string], SqliteEndpointRow>('SELECT * FROM webhook_endpoints WHERE account_id = ? AND id = ?')
  const all = db.prepare<[string], SqliteEndpointRow>('SELECT * FROM webhook_endpoints WHERE account_id = ? ORDER BY created_at, id')
  const remove = db.prepare('DELETE FROM webhook_endpoints WHERE account_id = ? AND id = ?')
  const insertEvent = db.prepare('INSERT OR IGNORE INTO webhook_events (id, account_id, type, occurred_at, data) VALUES (?, ?, ?, ?, ?)')
  const oneEvent = db.prepare<[string, string], SqliteEventRow>('SELECT * FROM webhook_events WHERE account_id = ? AND id = ?')
  const insertDelivery = db.prepare(
    `INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, trigger_kind, attempt, outcome, status_code, duration_ms, error, next_attempt_at, payload, response, created_at)
     VALUES (@id, @accountId, @endpointId, @eventId, @eventType, @trigger, @attempt, @outcome, @statusCode, @durationMs, @error, @nextAttemptAt, @payload, @response, @createdAt)`,
  )
  const pageOf = db.prepare<[string, string, number, number], WebhookDeliveryRow>(
    'SELECT * FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?',
  )
  const countOf = db.prepare<[string, string], number>('SELECT count(*) FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ?').pluck()
  const oneDelivery = db.prepare<[string, string, string], WebhookDeliveryRow>('SELECT * FROM webhook_deliveries WHERE account_id = ? AND endpoint_id = ? AND id = ?')
  const health = db.prepare<[string, string, string], { succeeded: number | null; total: number }>(
    `SELECT sum(outcome = 'succeeded') AS succeeded, count(*) AS total FROM webhook_deliveries
     WHERE account_id = ? AND endpoint_id = ? AND created_at >= ?`,
  )
  const update = db.transaction((accountId: string, id: string, change: (e: WebhookEndpoint) => WebhookEndpoint) => {
    const row = one.get(accountId, id)
    if (row === undefined) return O.none
    const next = { ...change(endpointFromSqliteRow(row)), id: row.id, accountId: row.account_id }
    replace.run(endpointParams(next))
    return O.some(next)
  })
  return {
    create: (endpoint) => attempt(() => (insert.run(endpointParams(endpoint)), endpoint)),
    find: (accountId, id) => attempt(() => O.map(endpointFromSqliteRow)(O.fromNullable(one.get(accountId, id)))),
    list: (accountId) => attempt(() => all.all(accountId).map(endpointFromSqliteRow)),
    listSubscribed: (accountId, type) =>
      attempt(() => all.all(accountId).map(endpointFromSqliteRow).filter((e) => e.status === 'active' && e.events.includes(type))),
    update: (accountId, id, change) => attempt(() => update.immediate(accountId, id, change)),
    remove: (accountId, id) => attempt(() => remove.run(accountId, id).changes > 0),
    saveEvent: (e) => attempt(() => void insertEvent.run(e.id, e.accountId, e.type, e.occurredAt, JSON.stringify(e.data))),
    findEvent: (accountId, eventId) => attempt(() => O.flatMap(eventFromSqliteRow)(O.fromNullable(oneEvent.get(accountId, eventId)))),
    addDelivery: (d) => attempt(() => (insertDelivery.run(d), d)),
    listDeliveries: (accountId, endpointId, page) =>
      attempt(() => ({
        rows: pageOf.all(accountId, endpointId, page.limit, page.offset).map(toWebhookDelivery),
        total: countOf.get(accountId, endpointId) ?? 0,
        limit: page.limit,
        offset: page.offset,
      })),
    findDelivery: (accountId, endpointId, id) => attempt(() => O.map(toWebhookDelivery)(O.fromNullable(oneDelivery.get(accountId, endpointId, id)))),
    deliveryHealth: (accountId, endpointId, since) =>
      attempt(() => {
        const r = health.get(accountId, endpointId, since)
        const succeeded = r?.succeeded ?? 0
        return { succeeded, failed: (r?.total ?? 0) - succeeded }
      }),
  }
}
