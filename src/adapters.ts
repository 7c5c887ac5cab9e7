/** Picks and opens the adapters the configuration asks for. */
import { join } from 'node:path'
import { memoryAccountStore, memoryOrganizationStore } from '../adapters/memory/accounts.js'
import { fsBlobStore } from '../adapters/blob-fs/blob-store.js'
import { memoryApiKeyStore } from '../adapters/memory/api-keys.js'
import { memoryBlobStore } from '../adapters/memory/blob-store.js'
import { eventLog } from '../adapters/memory/event-log.js'
import { memoryIdempotencyStore } from '../adapters/memory/idempotency.js'
import { memoryJobQueue } from '../adapters/memory/job-queue.js'
import { memoryRateLimiter } from '../adapters/memory/rate-limiter.js'
import { sqliteAccountStore, sqliteOrganizationStore } from '../adapters/sqlite/accounts.js'
import { sqliteApiKeyStore } from '../adapters/sqlite/api-keys.js'
import { migrate, openDatabase } from '../adapters/sqlite/database.js'
import { sqliteIdempotencyStore } from '../adapters/sqlite/idempotency.js'
import { sqliteJobQueue } from '../adapters/sqlite/job-queue.js'
import { systemClock } from '../adapters/system/clock.js'
import { randomIds } from '../adapters/system/ids.js'
import { keySecrets } from '../adapters/system/key-secrets.js'
import type { Config } from './config.js'
import type { Ports } from './index.js'

export interface OpenedAdapters {
  readonly ports: Ports
  /** Names of migrations applied while opening. */
  readonly migrated: ReadonlyArray<string>
  close(): Promise<void>
}

export const sqlitePath = (config: Config) => join(config.DATA_DIR, 'notetaker.db')

export const openAdapters = (config: Config, options: { migrate: boolean } = { migrate: true }): OpenedAdapters => {
  const common = {
    clock: systemClock,
    ids: randomIds,
    keySecrets,
    plans: config.NOTETAKER_PLANS,
    rateLimiter: memoryRateLimiter({ limit: config.NOTETAKER_RATE_LIMIT, windowSeconds: config.NOTETAKER_RATE_WINDOW_SECONDS }),
    events: eventLog(),
  }
  const retentionMs = config.NOTETAKER_IDEMPOTENCY_HOURS * 3_600_000
  if (config.NOTETAKER_STORE === 'memory') {
    return {
      ports: {
        ...common,
        accounts: memoryAccountStore(),
        organizations: memoryOrganizationStore(),
        apiKeys: memoryApiKeyStore(),
        idempotency: memoryIdempotencyStore(retentionMs),
        jobs: memoryJobQueue(randomIds.uuid),
        blobs: memoryBlobStore(),
      },
      migrated: [],
      close: async () => {},
    }
  }
  const db = openDatabase(sqlitePath(config))
  const migrated = options.migrate ? migrate(db) : []
  return {
    ports: {
      ...common,
      accounts: sqliteAccountStore(db),
      organizations: sqliteOrganizationStore(db),
      apiKeys: sqliteApiKeyStore(db),
      idempotency: sqliteIdempotencyStore(db, retentionMs),
      jobs: sqliteJobQueue(db, randomIds.uuid),
      blobs: fsBlobStore(join(config.DATA_DIR, 'files')),
    },
    migrated,
    close: async () => {
      db.close()
    },
  }
}
