import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fsBlobStore } from '../../adapters/blob-fs/blob-store.js'
import { blobStoreContract } from '../contracts/blob-store.js'
import { sqliteAccountStore, sqliteOrganizationStore } from '../../adapters/sqlite/accounts.js'
import { sqliteApiKeyStore } from '../../adapters/sqlite/api-keys.js'
import { migrate, openDatabase } from '../../adapters/sqlite/database.js'
import { sqliteIdempotencyStore } from '../../adapters/sqlite/idempotency.js'
import { accountStoreContract } from '../contracts/account-stores.js'
import { idempotencyStoreContract } from '../contracts/idempotency-store.js'
import { sqliteJobQueue } from '../../adapters/sqlite/job-queue.js'
import { randomIds } from '../../adapters/system/ids.js'
import { jobQueueContract } from '../contracts/job-queue.js'

const freshDb = () => {
  const db = openDatabase(':memory:')
  migrate(db)
  return db
}

accountStoreContract('sqlite', () => {
  const db = freshDb()
  return { accounts: sqliteAccountStore(db), organizations: sqliteOrganizationStore(db), apiKeys: sqliteApiKeyStore(db) }
})
idempotencyStoreContract('sqlite', () => sqliteIdempotencyStore(freshDb(), 3_600_000))
jobQueueContract('sqlite', () => sqliteJobQueue(freshDb(), randomIds.uuid))
blobStoreContract('filesystem', () => fsBlobStore(mkdtempSync(join(tmpdir(), 'notetaker-blobs-'))))
