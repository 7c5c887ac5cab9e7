import * as O from 'fp-ts/lib/Option.js'
import type { WebhookEndpoint } from '../../../src/core/domain/webhook.js'
import type { WebhookStore } from '../../../src/core/ports/webhook-store.js'
import {
  toWebhookDelivery, toWebhookEndpoint, toWebhookEvent, type WebhookDeliveryRow, type WebhookEndpointRow, type WebhookEventRow,
} from '../shared/rows/webhooks.js'
import { attempt, count, first, inTransaction, json, type Pool, rows } from './database.js'

const ENDPOINT_COLUMNS = `id, account_id, url, description, events, status, consecutive_failures, last_delivery_at, last_status,
  disabled_reason, sealed_secret, sealed_previous_secret, previous_secret_expires_at, created_at, updated_at`
const ENDPOINT_PARAMS = Array.from({ length: 15 }, (_, i) => `$${i + 1}`).join(', ')

const endpointValues = (e: WebhookEndpoint) => [
  e.id, e.accountId, e.url, e.description, json(e.events), e.status, e.consecutiveFailures, e.lastDeliveryAt, e.lastStatus,
  e.disabledReason, e.sealedSecret, e.sealedPreviousSecret, e.previousSecretExpiresAt, e.createdAt, e.updatedAt,
]

export const postgresWebhookStore = (pool: Pool): WebhookStore => ({
  create: (endpoint) =>
    attempt(async () => {
      await pool.query(`INSERT INTO webhook_endpoints (${ENDPOINT_COLUMNS}) VALUES (${ENDPOINT_PARAMS})`, endpointValues(endpoint))
      return endpoint
    }),
  find: (accountId, id) =>
    attempt(async () => O.map(toWebhookEndpoint)(O.fromNullable(await first<WebhookEndpointRow>(pool, 'SELECT * FROM webhook_endpoints WHERE account_id = $1 AND id = $2', [accountId, id])))),
  list: (accountId) =>
    attempt(async () => (await rows<WebhookEndpointRow>(pool, 'SELECT * FROM webhook_endpoints WHERE account_id = $1 ORDER BY created_at, id', [accountId])).map(toWebhookEndpoint)),
  listSubscribed: (accountId, type) =>
    attempt(async () =>
      (await rows<WebhookEndpointRow>(
        pool,
        "SELECT * FROM webhook_endpoints WHERE account_id = $1 AND status = 'active' AND events @> jsonb_build_array($2::text) ORDER BY created_at, id",
        [accountId, type],
      )).map(toWebhookEndpoint),
    ),
  update: (accountId, id, change) =>
    attempt(() =>
      inTransaction(pool, async (db) => {
        const row = await first<WebhookEndpointRow>(db, 'SELECT * FROM webhook_endpoints WHERE account_id = $1 AND id = $2 FOR NO KEY UPDATE', [accountId, id])
        if (row === undefined) return O.none
        const next = { ...change(toWebhookEndpoint(row)), id: row.id, accountId: row.account_id }
        await db.query(`UPDATE webhook_endpoints SET (${ENDPOINT_COLUMNS}) = (${ENDPOINT_PARAMS}) WHERE id = $1`, endpointValues(next))
        return O.some(next)
      }),
    ),
  remove: (accountId, id) =>
    attempt(async () => ((await pool.query('DELETE FROM webhook_endpoints WHERE account_id = $1 AND id = $2', [accountId, id])).rowCount ?? 0) > 0),
  saveEvent: (e) =>
    attempt(async () => {
      await pool.query('INSERT INTO webhook_events (id, account_id, type, occurred_at, data) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING', [
        e.id, e.accountId, e.type, e.occurredAt, json(e.data),
      ])
    }),
  findEvent: (accountId, eventId) =>
    attempt(async () => O.flatMap(toWebhookEvent)(O.fromNullable(await first<WebhookEventRow>(pool, 'SELECT * FROM webhook_events WHERE account_id = $1 AND id = $2', [accountId, eventId])))),
  addDelivery: (d) =>
    attempt(async () => {
      await pool.query(
        `INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, trigger_kind, attempt, outcome, status_code, duration_ms, error, next_attempt_at, payload, response, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
        [d.id, d.accountId, d.endpointId, d.eventId, d.eventType, d.trigger, d.attempt, d.outcome, d.statusCode, d.durationMs, d.error, d.nextAttemptAt, d.payload, d.response, d.createdAt],
      )
      return d
    }),
  listDeliveries: (accountId, endpointId, page) =>
    attempt(async () => ({
      rows: (
        await rows<WebhookDeliveryRow>(
          pool,
          'SELECT * FROM webhook_deliveries WHERE account_id = $1 AND endpoint_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4',
          [accountId, endpointId, page.limit, page.offset],
        )
      ).map(toWebhookDelivery),
      total: await count(pool, 'SELECT count(*) AS n FROM webhook_deliveries WHERE account_id = $1 AND endpoint_id = $2', [accountId, endpointId]),
      limit: page.limit,
      offset: page.offset,
    })),
  findDelivery: (accountId, endpointId, id) =>
    attempt(async () =>
      O.map(toWebhookDelivery)(
        O.fromNullable(
          await first<WebhookDeliveryRow>(pool, 'SELECT * FROM webhook_deliveries WHERE account_id = $1 AND endpoint_id = $2 AND id = $3', [accountId, endpointId, id]),
        ),
      ),
    ),
  deliveryHealth: (accountId, endpointId, since) =>
    attempt(async () => {
      const r = await first<{ succeeded: number; total: number }>(
        pool,
        `SELECT (count(*) FILTER (WHERE outcome = 'succeeded'))::int AS succeeded, count(*)::int AS total FROM webhook_deliveries
         WHERE account_id = $1 AND endpoint_id = $2 AND created_at >= $3`,
        [accountId, endpointId, since],
      )
      const succeeded = r?.succeeded ?? 0
      return { succeeded, failed: (r?.total ?? 0) - succeeded }
    }),
})
