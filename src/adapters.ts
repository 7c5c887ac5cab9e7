/** Picks and opens the adapters the configuration asks for. */
import { join } from 'node:path'
import { memoryAccountStore, memoryDirectory, memoryOrganizationStore } from '../adapters/memory/accounts.js'
import { fsBlobStore } from '../adapters/blob-fs/blob-store.js'
import { memoryApiKeyStore } from '../adapters/memory/api-keys.js'
import { memoryBlobStore } from '../adapters/memory/blob-store.js'
import { eventLogger } from '../adapters/system/event-logger.js'
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
import { memoryShareStore } from '../adapters/memory/shares.js'
import { sqliteShareStore } from '../adapters/sqlite/shares.js'
import { memoryWebhookStore } from '../adapters/memory/webhooks.js'
import { sqliteWebhookStore } from '../adapters/sqlite/webhooks.js'
import { webhookPorts } from '../adapters/webhook-http/wiring.js'
import { withIdentityCache } from '../adapters/shared/identity-cache.js'
import type { Config } from './config.js'
import { processingAdapters } from './processing-adapters.js'
import { pino } from 'pino'
import { botAdapters } from './bot-adapters.js'
import { redisPorts } from '../adapters/redis/index.js'
import { openS3BlobStore } from '../adapters/blob-s3/index.js'
import { calendarPorts } from '../adapters/calendar-sync/index.js'
import { memoryCalendarConnectionStore } from '../adapters/memory/calendar-connections.js'
import { memoryMeetingStore } from '../adapters/memory/meetings.js'
import { sqliteCalendarConnectionStore } from '../adapters/sqlite/calendar-connections.js'
import { sqliteMeetingStore } from '../adapters/sqlite/meetings.js'
import { openPostgresStores } from '../adapters/postgres/index.js'
import type { Ports } from './index.js'

export interface OpenedAdapters {
  readonly ports: Ports
  /** Names of migrations applied while opening. */
  readonly migrated: ReadonlyArray<string>
  close(): Promise<void>
}

export const sqlitePath = (config: Config) => join(config.DATA_DIR, 'notetaker.db')

export const openAdapters = async (config: Config, options: { migrate: boolean; logger?: Logger } = { migrate: true }): Promise<OpenedAdapters> => {
  const opened = await openStores(config, options)
  const shared = openSharedServices(config, options.logger)
  const ports = { ...opened.ports, ...shared.ports }
  return {
    ...opened,
    ports: { ...ports, ...withIdentityCache(ports, ports.clock, config.NOTETAKER_AUTH_CACHE_SECONDS * 1000) },
    close: async () => {
      await shared.close()
      await opened.close()
    },
  }
}

/** Redis (rate limits, idempotency keys) and S3 (files) when configured: what several processes must share. */
const openSharedServices = (config: Config, logger?: Logger) => {
  const redis = redisPorts({
    url: config.REDIS_URL,
    rateLimiter: config.NOTETAKER_RATE_LIMITER,
    idempotency: config.NOTETAKER_IDEMPOTENCY,
    rateLimit: { limit: config.NOTETAKER_RATE_LIMIT, windowSeconds: config.NOTETAKER_RATE_WINDOW_SECONDS },
    idempotencyRetentionMs: config.NOTETAKER_IDEMPOTENCY_HOURS * 3_600_000,
    ...(logger === undefined ? {} : { logger }),
  })
  const s3 =
    config.NOTETAKER_BLOBS === 's3'
      ? openS3BlobStore({
          endpoint: config.NOTETAKER_S3_ENDPOINT,
          region: config.NOTETAKER_S3_REGION,
          bucket: config.NOTETAKER_S3_BUCKET,
          accessKeyId: config.NOTETAKER_S3_ACCESS_KEY_ID,
          secretAccessKey: config.NOTETAKER_S3_SECRET_ACCESS_KEY,
          forcePathStyle: config.NOTETAKER_S3_FORCE_PATH_STYLE,
        })
      : null
  return {
    ports: { ...redis.ports, ...(s3 === null ? {} : { blobs: s3.blobs }) },
    close: async () => {
      await redis.close()
      await s3?.close()
    },
  }
}

const openStores = async (config: Config, options: { migrate: boolean; logger?: Logger }): Promise<OpenedAdapters> => {
  const logger = options.logger ?? pino({ level: 'silent' })
  const common = {
    clock: systemClock,
    ids: randomIds,
    keySecrets,
    plans: config.NOTETAKER_PLANS,
    rateLimiter: memoryRateLimiter({ limit: config.NOTETAKER_RATE_LIMIT, windowSeconds: config.NOTETAKER_RATE_WINDOW_SECONDS }),
    events: eventLogger(logger),
    ...processingAdapters(config, options.logger),
    ...botAdapters(config, systemClock, logger),
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
    const runs = memoryRunStore()
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
        runs,
        shares: memoryShareStore(runs),
        uploads: memoryUploadStore(),
        notes: memoryNotesStore(),
        meetings: memoryMeetingStore(),
        calendarConnections: memoryCalendarConnectionStore(),
      },
      migrated: [],
      close: async () => {},
    }
  }
  if (config.NOTETAKER_STORE === 'postgres') {
    // Blobs stay on the filesystem under DATA_DIR for now.
    const pg = await openPostgresStores({ url: config.DATABASE_URL, idempotencyRetentionMs: retentionMs, newId: randomIds.uuid, migrate: options.migrate, logger })
    const { webhooks, ...stores } = pg.stores
    const webhookSide = webhookPorts({ ...webhookSettings, store: webhooks, jobs: stores.jobs, keyFile: join(config.DATA_DIR, 'secret.key') })
    return { ports: { ...common, ...stores, ...webhookSide, blobs: fsBlobStore(join(config.DATA_DIR, 'files')) }, migrated: pg.migrated, close: pg.close }
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
      shares: sqliteShareStore(db),
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
