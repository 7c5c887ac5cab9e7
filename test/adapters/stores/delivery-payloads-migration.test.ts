/**
 * The migration that keeps delivery bodies and allows test deliveries (SQLite 33, Postgres 31), on an
 * installation that exists already: its logged attempts read back with null payload and response, and
 * a test attempt with its body is stored beside them.
 */
import * as O from 'fp-ts/lib/Option.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate as migratePostgres } from '../../../adapters/stores/postgres/migrate.js'
import { postgresWebhookStore } from '../../../adapters/stores/postgres/webhooks.js'
import { migrate as migrateSqlite } from '../../../adapters/stores/sqlite/database.js'
import { sqliteWebhookStore } from '../../../adapters/stores/sqlite/webhooks.js'
import type { WebhookDelivery } from '../../../src/core/domain/webhook.js'
import type { WebhookStore } from '../../../src/core/ports/webhook-store.js'
import { right } from '../../support/run.js'
import { withPostgresBefore, withSqliteBefore } from '../../support/migrated-before.js'

const ACCOUNT = 'a0000000-0000-4000-8000-000000000001'
const ENDPOINT = 'e0000000-0000-4000-8000-000000000001'
const OLD = 'd0000000-0000-4000-8000-000000000001'

const OLD_ROWS = [
  `INSERT INTO webhook_endpoints (id, account_id, url, description, events, status, consecutive_failures, last_delivery_at, last_status,
    disabled_reason, sealed_secret, sealed_previous_secret, previous_secret_expires_at, created_at, updated_at)
    VALUES ('${ENDPOINT}', '${ACCOUNT}', 'https://hooks.example.com/in', NULL, '["meeting.started"]', 'active', 0, NULL, NULL,
    NULL, 'sealed', NULL, NULL, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z')`,
  `INSERT INTO webhook_deliveries (id, account_id, endpoint_id, event_id, event_type, trigger_kind, attempt, outcome, status_code, duration_ms, error, next_attempt_at, created_at)
    VALUES ('${OLD}', '${ACCOUNT}', '${ENDPOINT}', 'a0000000-0000-4000-8000-0000000000e1', 'meeting.started', 'resend', 2, 'succeeded', 200, 12, NULL, NULL, '2026-01-02T00:00:00.000Z')`,
]

const assertStoreAfter = async (store: WebhookStore) => {
  const old = O.toNullable(await right(store.findDelivery(ACCOUNT, ENDPOINT, OLD)))
  assert.equal([old?.trigger, old?.attempt, old?.statusCode, old?.payload, old?.response], ['resend', 2, 200, null, null])
  const test: WebhookDelivery = {
    ...old!, id: 'd0000000-0000-4000-8000-000000000002', trigger: 'test', eventType: 'webhook.test', attempt: 1,
    payload: '{"type":"webhook.test"}', response: 'thanks', createdAt: '2026-01-03T00:00:00.000Z',
  }
  await right(store.addDelivery(test))
  assert.equal((await right(store.listDeliveries(ACCOUNT, ENDPOINT, { limit: 10, offset: 0 }))).rows, [test, old])
}

test('SQLite 33: attempts logged before read back without a body; a test attempt is kept with its body', async () =>
  withSqliteBefore(33, async (db) => {
    for (const row of OLD_ROWS) db.exec(row)
    assert.equal(migrateSqlite(db)[0], '33-delivery-payloads')
    await assertStoreAfter(sqliteWebhookStore(db))
    assert.throws(() => db.exec(`UPDATE webhook_deliveries SET trigger_kind = 'other'`), /CHECK/)
    db.exec(`DELETE FROM webhook_endpoints WHERE id = '${ENDPOINT}'`)
    assert.is(db.prepare('SELECT count(*) FROM webhook_deliveries').pluck().get(), 0, 'the log still goes with its endpoint')
  }))

const url = process.env['DATABASE_URL'] ?? ''
if (url === '') {
  console.log('Postgres migration test skipped: set DATABASE_URL to run it')
} else {
  test('Postgres 31: attempts logged before read back without a body; a test attempt is kept with its body', async () =>
    withPostgresBefore(url, 31, async (pool) => {
      for (const row of OLD_ROWS) await pool.query(row)
      assert.equal((await migratePostgres(pool))[0], '31-delivery-payloads')
      await assertStoreAfter(postgresWebhookStore(pool))
      assert.not.ok(await pool.query(`UPDATE webhook_deliveries SET trigger_kind = 'other'`).then(() => true, () => false))
    }))
}

test.run()
