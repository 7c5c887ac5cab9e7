/** Picks and opens the adapters the configuration asks for. */
import { join } from 'node:path'
import { fsBlobStore } from '../../../adapters/stores/blob-fs/blob-store.js'
import { prepareDataDir } from '../../../adapters/system/data-dir.js'
import { memoryBlobStore } from '../../../adapters/stores/memory/blob-store.js'
import { eventLogger } from '../../../adapters/system/event-logger.js'
import { memoryRateLimiter } from '../../../adapters/stores/memory/rate-limiter.js'
import { migrate, openDatabase, pingDatabase } from '../../../adapters/stores/sqlite/database.js'
import { sqliteStores } from '../../../adapters/stores/sqlite/stores.js'
import { sqliteLiveFeed } from '../../../adapters/stores/sqlite/live-feed.js'
import { memoryStores } from '../../../adapters/stores/memory/stores.js'
import { memoryLiveFeed } from '../../../adapters/stores/memory/live-feed.js'
import { systemClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { keySecrets } from '../../../adapters/system/key-secrets.js'
import { scryptPasswordHasher } from '../../../adapters/system/password-hasher.js'
import { sessionSecrets } from '../../../adapters/system/session-secrets.js'
import { signInLimits } from '../../../adapters/stores/shared/sign-in-limits.js'
import type { Logger } from 'pino'
import { webhookPorts } from './webhook-ports.js'
import { withIdentityCache } from '../../../adapters/stores/shared/identity-cache.js'
import type { Config } from '../config/index.js'
import { processingAdapters } from './processing-adapters.js'
import { pino } from 'pino'
import { botAdapters } from './bot-adapters.js'
import { openRedisLiveFeed, redisPorts } from '../../../adapters/stores/redis/index.js'
import { openS3BlobStore } from '../../../adapters/stores/blob-s3/index.js'
import { calendarPortsFor } from './calendar-ports.js'
import { mailPorts } from './mail-ports.js'
import { openPostgresStores } from '../../../adapters/stores/postgres/index.js'
import type { Ports } from '../../core/build-core.js'
import type { LiveFeed } from '../../core/ports/live-feed.js'
import type { ReadinessCheck } from '../../../adapters/driving/http-koa/health.js'

export interface OpenedAdapters {
  readonly ports: Ports
  /** Names of migrations applied while opening. */
  readonly migrated: ReadonlyArray<string>
  /** What readiness (`GET /readyz`) asks: the store, and Redis and S3 when configured. */
  readonly checks: ReadonlyArray<ReadinessCheck>
  /** Each run's live events, on the chosen store (memory: this process only); `close` ends it. */
  readonly liveFeed?: LiveFeed
  close(): Promise<void>
}

const signInSettings = (config: Config) => ({ attempts: config.NOTETAKER_SIGNIN_ATTEMPTS, windowSeconds: config.NOTETAKER_SIGNIN_WINDOW_SECONDS })

export const sqlitePath = (config: Config) => join(config.DATA_DIR, 'notetaker.db')

export const openAdapters = async (config: Config, options: { migrate: boolean; logger?: Logger } = { migrate: true }): Promise<OpenedAdapters> => {
  // Its worker threads start with the first task, so nothing is left running if the stores fail to open.
  const processing = processingAdapters(config, options.logger)
  const opened = await openStores(config, options, processing)
  const shared = openSharedServices(config, options.logger)
  const ports = { ...opened.ports, ...shared.ports, ...(opened.liveFeed === undefined ? {} : { liveFeed: opened.liveFeed }) }
  return {
    ...opened,
    ports: { ...ports, ...withIdentityCache(ports, ports.clock, config.NOTETAKER_AUTH_CACHE_SECONDS * 1000) },
    checks: [...opened.checks, ...shared.checks],
    close: async () => {
      await shared.close()
      await opened.close()
      await processing.close()
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
    signIn: signInSettings(config),
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
    checks: [
      ...(redis.ping === null ? [] : [{ name: 'redis', check: redis.ping }]),
      ...(s3 === null ? [] : [{ name: 's3', check: (signal: AbortSignal) => s3.ping(signal) }]),
    ] satisfies ReadonlyArray<ReadinessCheck>,
    close: async () => {
      await redis.close()
      await s3?.close()
    },
  }
}

const openStores = async (
  config: Config,
  options: { migrate: boolean; logger?: Logger },
  processing: Pick<ReturnType<typeof processingAdapters>, 'ports' | 'feedParser'>,
): Promise<OpenedAdapters> => {
  const logger = options.logger ?? pino({ level: 'silent' })
  const common = {
    clock: systemClock,
    ids: randomIds,
    keySecrets,
    plans: config.NOTETAKER_PLANS,
    defaultPlanKey: config.NOTETAKER_DEFAULT_PLAN,
    retentionSweepMs: config.NOTETAKER_RETENTION_SWEEP_MINUTES * 60_000,
    modelsMirror: config.NOTETAKER_MODELS_URL,
    publicUrl: config.NOTETAKER_PUBLIC_URL,
    rateLimiter: memoryRateLimiter({ limit: config.NOTETAKER_RATE_LIMIT, windowSeconds: config.NOTETAKER_RATE_WINDOW_SECONDS }),
    signInLimits: signInLimits(signInSettings(config), (limit) => memoryRateLimiter(limit)),
    sessionSecrets,
    passwordHasher: scryptPasswordHasher(),
    sessionLifetimeMs: config.NOTETAKER_SESSION_DAYS * 86_400_000,
    events: eventLogger(logger),
    ...mailPorts(config, options.logger),
    ...processing.ports,
    ...botAdapters(config, systemClock, logger),
    ...calendarPortsFor(config, { parse: processing.feedParser, ...(options.logger === undefined ? {} : { logger: options.logger }) }),
  }
  const retentionMs = config.NOTETAKER_IDEMPOTENCY_HOURS * 3_600_000
  const webhookSettings = {
    log: common.events,
    allowPrivate: config.NOTETAKER_ALLOW_PRIVATE_URLS,
    timeoutMs: config.NOTETAKER_WEBHOOK_TIMEOUT_SECONDS * 1000,
    secretKey: config.NOTETAKER_SECRET_KEY,
  }
  const storeOptions = { idempotencyRetentionMs: retentionMs, newId: randomIds.uuid }
  if (config.NOTETAKER_STORE === 'memory') {
    const { webhooks, ...stores } = memoryStores(storeOptions)
    const webhookSide = webhookPorts({ ...webhookSettings, store: webhooks, jobs: stores.jobs, keyFile: null })
    const liveFeed = memoryLiveFeed()
    return {
      ports: { ...common, ...stores, ...webhookSide, blobs: memoryBlobStore() },
      migrated: [],
      checks: [{ name: 'database', check: async () => {} }],
      liveFeed,
      close: () => liveFeed.close(),
    }
  }
  if (config.NOTETAKER_STORE === 'postgres') {
    // Blobs stay on the filesystem under DATA_DIR for now. DATA_DIR is made only if something lives there.
    if (config.NOTETAKER_BLOBS === 'fs' || config.NOTETAKER_SECRET_KEY === '') prepareDataDir(config.DATA_DIR, { logger })
    const pg = await openPostgresStores({ url: config.DATABASE_URL, idempotencyRetentionMs: retentionMs, newId: randomIds.uuid, migrate: options.migrate, logger })
    const { webhooks, ...stores } = pg.stores
    const webhookSide = webhookPorts({ ...webhookSettings, store: webhooks, jobs: stores.jobs, keyFile: join(config.DATA_DIR, 'secret.key') })
    // With Redis the live feed is a stream per run there; without it, the database's LISTEN/NOTIFY carries it.
    const redisFeed = config.REDIS_URL === '' ? null : openRedisLiveFeed(config.REDIS_URL, logger)
    return {
      ports: { ...common, ...stores, ...webhookSide, blobs: fsBlobStore(join(config.DATA_DIR, 'files'), { logger }) },
      migrated: pg.migrated,
      checks: [{ name: 'database', check: pg.ping }],
      liveFeed: redisFeed?.liveFeed ?? pg.liveFeed,
      close: async () => {
        await redisFeed?.close()
        await pg.close()
      },
    }
  }
  prepareDataDir(config.DATA_DIR, { logger })
  const db = openDatabase(sqlitePath(config))
  const migrated = options.migrate ? migrate(db) : []
  const { webhooks, ...stores } = sqliteStores(db, storeOptions)
  const webhookSide = webhookPorts({ ...webhookSettings, store: webhooks, jobs: stores.jobs, keyFile: join(config.DATA_DIR, 'secret.key') })
  // Each process polls the file for the events the others publish.
  const liveFeed = sqliteLiveFeed(db)
  return {
    ports: { ...common, ...stores, ...webhookSide, blobs: fsBlobStore(join(config.DATA_DIR, 'files'), { logger }) },
    migrated,
    checks: [{ name: 'database', check: async () => pingDatabase(db) }],
    liveFeed,
    close: async () => {
      await liveFeed.close()
      db.close()
    },
  }
}
