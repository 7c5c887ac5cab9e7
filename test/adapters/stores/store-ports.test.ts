/**
 * runPortContracts checks what the project's stores open: every port each store option opens is
 * in STORE_PORTS, and every store contract the package exports runs in it (the blob store, the
 * rate limiter and the live feed are chosen, and checked, apart).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import pg from 'pg'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryStores } from '../../../adapters/stores/memory/stores.js'
import { postgresStores } from '../../../adapters/stores/postgres/index.js'
import { migrate, openDatabase } from '../../../adapters/stores/sqlite/database.js'
import { sqliteStores } from '../../../adapters/stores/sqlite/stores.js'
import { randomIds } from '../../../adapters/system/ids.js'
import * as contracts from '../../../src/contracts/index.js'

const options = { idempotencyRetentionMs: 3_600_000, newId: randomIds.uuid }
const CHECKED_APART = ['blobStoreContract', 'rateLimiterContract', 'liveFeedContract']

test('STORE_PORTS names every port the memory, SQLite and Postgres stores open', async () => {
  const db = openDatabase(':memory:')
  migrate(db)
  const pool = new pg.Pool() // never connects: building the stores sends no query
  try {
    for (const opened of [memoryStores(options), sqliteStores(db, options), postgresStores(pool, options)]) {
      assert.equal(Object.keys(opened).sort(), [...contracts.STORE_PORTS].sort())
    }
  } finally {
    db.close()
    await pool.end()
  }
})

test('runPortContracts runs every store contract the package exports', () => {
  const source = readFileSync(join(import.meta.dirname, '..', '..', '..', 'src', 'contracts', 'port-contracts.ts'), 'utf8')
  const body = source.slice(source.indexOf('export const runPortContracts'))
  const run = [...body.matchAll(/^\s+(\w+Contract)\(name, /gm)].map((m) => m[1]).sort()
  const exported = Object.keys(contracts).filter((k) => k.endsWith('Contract') && !CHECKED_APART.includes(k)).sort()
  assert.ok(exported.length >= 15, 'the contracts are found')
  assert.equal(run, exported)
})

test.run()
