/** The Postgres stores, on one pool: what `NOTETAKER_STORE=postgres` opens (see src/app/composition/adapters.ts). */
import pg from 'pg'
import type { Logger } from 'pino'
import { postgresAccountSettingsStore } from './account-settings.js'
import { postgresNotesSettingsStore } from './notes-settings.js'
import { postgresAccountStore, postgresOrganizationStore } from './accounts.js'
import { postgresApiKeyStore } from './api-keys.js'
import { postgresCalendarConnectionStore } from './calendar-connections.js'
import { type Pool, pingPool } from './database.js'
import { postgresIdempotencyStore } from './idempotency.js'
import { postgresJobQueue } from './job-queue.js'
import { postgresMeetingStore } from './meetings.js'
import { migrate } from './migrate.js'
import { postgresNotesStore, postgresRunStore, postgresUploadStore } from './recordings.js'
import { postgresShareStore } from './shares.js'
import { postgresShareInvitationStore } from './share-invitations.js'
import { postgresWebhookStore } from './webhooks.js'
import { postgresNotesEditStore } from './notes-edits.js'
import { postgresPasswordStore, postgresSessionStore } from './sessions.js'
import { postgresNotificationStore } from './notifications.js'
import { postgresLiveFeed } from './live-feed.js'
import type { LiveFeed } from '../../../src/core/ports/live-feed.js'

export { migrate } from './migrate.js'
export { pingPool } from './database.js'
export { postgresLiveFeed } from './live-feed.js'

export interface PostgresOptions {
  /** postgres://user:password@host:port/database (libpq's connection string; `?options=-c search_path=...` picks a schema). */
  readonly url: string
  readonly idempotencyRetentionMs: number
  readonly newId: () => string
  /** Apply pending migrations before returning. */
  readonly migrate: boolean
  readonly logger?: Logger
}

/** Every store on one pool, built over `pool` (which the caller owns). */
export const postgresStores = (pool: Pool, options: Pick<PostgresOptions, 'idempotencyRetentionMs' | 'newId'>) => ({
  accounts: postgresAccountStore(pool),
  organizations: postgresOrganizationStore(pool),
  apiKeys: postgresApiKeyStore(pool),
  idempotency: postgresIdempotencyStore(pool, options.idempotencyRetentionMs),
  jobs: postgresJobQueue(pool, options.newId),
  webhooks: postgresWebhookStore(pool),
  runs: postgresRunStore(pool),
  shares: postgresShareStore(pool),
  shareInvitations: postgresShareInvitationStore(pool),
  uploads: postgresUploadStore(pool),
  notes: postgresNotesStore(pool),
  notesEdits: postgresNotesEditStore(pool),
  meetings: postgresMeetingStore(pool),
  calendarConnections: postgresCalendarConnectionStore(pool),
  accountSettings: postgresAccountSettingsStore(pool),
  notesSettings: postgresNotesSettingsStore(pool),
  sessions: postgresSessionStore(pool),
  passwords: postgresPasswordStore(pool),
  notifications: postgresNotificationStore(pool),
})

export type PostgresStores = ReturnType<typeof postgresStores>

/**
 * Opens a pool on `url`, checks that the database answers, migrates when asked,
 * and returns the stores and the live feed with the names of the migrations
 * applied and a close that ends them and the pool. Rejects, in words and without the password, when the
 * database cannot be reached or migrated.
 */
export const openPostgresStores = async (
  options: PostgresOptions,
): Promise<{
  readonly stores: PostgresStores
  readonly migrated: ReadonlyArray<string>
  /** The live feed on this database (LISTEN/NOTIFY); it connects at its first subscriber. */
  readonly liveFeed: LiveFeed
  /** Readiness: resolves when the database answers through the pool. */
  ping(): Promise<void>
  close(): Promise<void>
}> => {
  // A request waits at most 10 s for a free connection, then fails as a store failure instead of hanging.
  const pool = new pg.Pool({ connectionString: options.url, max: 10, connectionTimeoutMillis: 10_000 })
  // A connection that breaks while idle (the server restarted) is dropped by the pool; without a listener it would crash the process.
  pool.on('error', (e) => options.logger?.warn({ err: e }, 'an idle database connection failed; the pool will open a new one'))
  const failed = async (doing: string, e: unknown) => {
    await pool.end().catch(() => {})
    return new Error(`could not ${doing} the Postgres database at ${whereIs(options.url)}: ${(e as Error).message}`, { cause: e })
  }
  try {
    await pool.query('SELECT 1')
  } catch (e) {
    throw await failed('reach', e)
  }
  let migrated: ReadonlyArray<string> = []
  try {
    if (options.migrate) migrated = await migrate(pool)
  } catch (e) {
    throw await failed('migrate', e)
  }
  const liveFeed = postgresLiveFeed(pool, options.logger === undefined ? {} : { logger: options.logger })
  return {
    stores: postgresStores(pool, options),
    migrated,
    liveFeed,
    ping: () => pingPool(pool),
    close: async () => {
      await liveFeed.close()
      await pool.end()
    },
  }
}

/** Host, port and database of a connection string, without the credentials, for messages. */
const whereIs = (url: string): string => {
  try {
    const u = new URL(url)
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`
  } catch {
    return 'DATABASE_URL'
  }
}
