import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fsBlobStore } from '../../../adapters/stores/blob-fs/blob-store.js'
import { migrate, openDatabase } from '../../../adapters/stores/sqlite/database.js'
import { sqliteStores } from '../../../adapters/stores/sqlite/stores.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { blobStoreContract, runPortContracts } from '../../../src/contracts/index.js'

const freshDb = () => {
  const db = openDatabase(':memory:')
  migrate(db)
  return db
}

runPortContracts('sqlite', () => sqliteStores(freshDb(), { idempotencyRetentionMs: 3_600_000, newId: randomIds.uuid }))
blobStoreContract('filesystem', () => fsBlobStore(mkdtempSync(join(tmpdir(), 'notetaker-blobs-'))))
