/** Picks and opens the adapters the configuration asks for. */
import { join } from 'node:path'
import { memoryAccountStore, memoryDirectory, memoryOrganizationStore } from '../adapters/memory/accounts.js'
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
import type { Logger } from 'pino'
import { memoryNotesStore, memoryRunStore, memoryUploadStore } from '../adapters/memory/recordings.js'
import { sqliteNotesStore, sqliteRunStore, sqliteUploadStore } from '../adapters/sqlite/recordings.js'
import { memoryWebhookStore } from '../adapters/memory/webhooks.js'
import { sqliteWebhookStore } from '../adapters/sqlite/webhooks.js'
import { webhookPorts } from '../adapters/webhook-http/wiring.js'
import { withIdentityCache } from '../adapters/shared/identity-cache.js'
import type { Config } from './config.js'
import { processingAdapters } from './processing-adapters.js'
import { calendarPorts } from '../adapters/calendar-sync/index.js'
import { memoryCalendarConnectionStore } from '../adapters/memory/calendar-connections.js'
import { memoryMeetingStore } from '../adapters/memory/meetings.js'
import { sqliteCalendarConnectionStore } from '../adapters/sqlite/calendar-connections.js'
import { sqliteMeetingStore } from '../adapters/sqlite/meetings.js'
import type { Ports } from './index.js'

export interface OpenedAdapters {
  readonly ports: Ports
  /** Names of migrations applied while opening. */
  readonly migrated: ReadonlyArray<string>
  close(): Promise<void>
}

export const sqlitePath = (config: Config) => join(config.DATA_DIR, 'notetaker.db')

export const openAdapters = (config: Config, options: { migrate: boolean; logger?: Logger } = { migrate: true }): OpenedAdapters => {
  const opened = openStores(config, options)
  const ports = opened.ports
  return { ...opened, ports: { ...ports, ...withIdentityCache(ports, ports.clock, config.NOTETAKER_AUTH_CACHE_SECONDS * 1000) } }
}

const openStores = (config: Config, options: { migrate: boolean; logger?: Logger }): OpenedAdapters => {
  const common = {
    clock: systemClock,
    ids: randomIds,
    keySecrets,
    plans: config.NOTETAKER_PLANS,
    rateLimiter: memoryRateLimiter({ limit: config.NOTETAKER_RATE_LIMIT, windowSeconds: config.NOTETAKER_RATE_WINDOW_SECONDS }),
    events: eventLog(),
    ...processingAdapters(config, options.logger),
    ...calendarPorts({
      allowPrivate: config.NOTETAKER_ALLOW_PRIVATE_URLS,
      settings: {
        intervalMinutes: config.NOTETAKER_CALENDAR_SYNC_MINUTES,
        daysBack: config.NOTETAKER_CALENDAR_DAYS_BACK,
        daysAhead: config.NOTETAKER_CALENDAR_DAYS_AHEAD,
      },
      ...(options.logger === undefined ? {} : { logger: options.logger }),
    }),
  }
  const retentionMs = config.NOTETAKER_IDEMPOTENCY_HOURS * 3_600_000
  const webhookSettings = {
    log: common.events,
    allowPrivate: config.NOTETAKER_ALLOW_PRIVATE_URLS,
    timeoutMs: config.NOTETAKER_WEBHOOK_TIMEOUT_SECONDS * 1000,
    secretKey: config.NOTETAKER_SECRET_KEY,
  }
  if (config.NOTETAKER_STORE === 'memory') {
    // Accounts and organizations share their rows, as on SQLite: membership lives on the account.
    const directory = memoryDirectory()
    const jobs = memoryJobQueue(randomIds.uuid)
    return {
      ports: {
        ...common,
        accounts: memoryAccountStore(directory),
        organizations: memoryOrganizationStore(directory),
        apiKeys: memoryApiKeyStore(),
        idempotency: memoryIdempotencyStore(retentionMs),
        jobs,
        ...webhookPorts({ ...webhookSettings, store: memoryWebhookStore(), jobs, keyFile: null }),
        blobs: memoryBlobStore(),
        runs: memoryRunStore(),
        uploads: memoryUploadStore(),
        notes: memoryNotesStore(),
        meetings: memoryMeetingStore(),
        calendarConnections: memoryCalendarConnectionStore(),
      },
      migrated: [],
      close: async () => {},
    }
  }
  const db = openDatabase(sqlitePath(config))
  const migrated = options.migrate ? migrate(db) : []
  const jobs = sqliteJobQueue(db, randomIds.uuid)
  return {
    ports: {
      ...common,
      accounts: sqliteAccountStore(db),
      organizations: sqliteOrganizationStore(db),
      apiKeys: sqliteApiKeyStore(db),
      idempotency: sqliteIdempotencyStore(db, retentionMs),
      jobs,
      ...webhookPorts({ ...webhookSettings, store: sqliteWebhookStore(db), jobs, keyFile: join(config.DATA_DIR, 'secret.key') }),
      blobs: fsBlobStore(join(config.DATA_DIR, 'files')),
      runs: sqliteRunStore(db),
      uploads: sqliteUploadStore(db),
      notes: sqliteNotesStore(db),
      meetings: sqliteMeetingStore(db),
      calendarConnections: sqliteCalendarConnectionStore(db),
    },
    migrated,
    close: async () => {
      db.close()
    },
  }
}
