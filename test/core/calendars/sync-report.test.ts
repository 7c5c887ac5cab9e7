import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { syncReport } from '../../../src/core/calendars/sync-calendar-handler.js'

test('a sync tells the log what it did, a failure at warn with the reason, a skipped one nothing', () => {
  assert.equal(syncReport('c1', { kind: 'synced', inserted: 3, updated: 1, removed: 0, nextSyncAt: '2026-06-01T12:15:00.000Z' }), {
    message: 'calendar c1 synced: 3 meetings added, 1 changed, 0 removed; next sync at 2026-06-01T12:15:00.000Z',
    details: { connectionId: 'c1', added: 3, changed: 1, removed: 0, nextSyncAt: '2026-06-01T12:15:00.000Z' },
  })
  const partial = syncReport('c1', { kind: 'synced', inserted: 1, updated: 0, removed: 0, nextSyncAt: '2026-06-01T12:15:00.000Z', leftOut: '1 event could not be read and was left out; the rest was synced.' })
  assert.is(partial?.message, 'calendar c1 synced: 1 meeting added, 0 changed, 0 removed; next sync at 2026-06-01T12:15:00.000Z; 1 event could not be read and was left out; the rest was synced')
  const failed = syncReport('c1', { kind: 'failed', message: 'The calendar feed answered HTTP 500.', nextSyncAt: '2026-06-01T12:01:00.000Z' })
  assert.equal([failed?.level, failed?.message], ['warn', 'calendar c1 could not be read: The calendar feed answered HTTP 500; next attempt at 2026-06-01T12:01:00.000Z'])
  assert.is(syncReport('c1', { kind: 'skipped', why: 'stale' }), undefined)
})

test('a calendar that must be reconnected plans no next attempt; a push channel that could not be opened is a warning', () => {
  const revoked = syncReport('c1', { kind: 'failed', message: 'Google no longer accepts this connection.', nextSyncAt: null })
  assert.equal([revoked?.level, revoked?.message], ['warn', 'calendar c1 could not be read: Google no longer accepts this connection; no sync until its owner reconnects it'])
  const unpushed = syncReport('c1', {
    kind: 'synced', inserted: 0, updated: 1, removed: 0, nextSyncAt: '2026-06-01T12:15:00.000Z',
    pushNote: 'push notifications could not be set up (Microsoft refused the subscription); changes are picked up by the periodic sync',
  })
  assert.equal([unpushed?.level, unpushed?.message], [
    'warn',
    'calendar c1 synced: 0 meetings added, 1 changed, 0 removed; next sync at 2026-06-01T12:15:00.000Z; push notifications could not be set up (Microsoft refused the subscription); changes are picked up by the periodic sync',
  ])
})

test.run()
