import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fsBlobStore } from '../../../adapters/stores/blob-fs/blob-store.js'
import { migrate, openDatabase } from '../../../adapters/stores/sqlite/database.js'
import { sqliteLiveFeed } from '../../../adapters/stores/sqlite/live-feed.js'
import { sqliteStores } from '../../../adapters/stores/sqlite/stores.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { blobStoreContract, liveFeedContract, runPortContracts } from '../../../src/contracts/index.js'

const freshDb = () => {
  const db = openDatabase(':memory:')
  migrate(db)
  return db
}

runPortContracts('sqlite', () => sqliteStores(freshDb(), { idempotencyRetentionMs: 3_600_000, newId: randomIds.uuid }))
blobStoreContract('filesystem', () => fsBlobStore(mkdtempSync(join(tmpdir(), 'notetaker-blobs-'))))

// Two processes: two connections to one database file, each with its own feed.
liveFeedContract('sqlite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-live-'))
  const path = join(dir, 'notetaker.db')
  const one = openDatabase(path)
  migrate(one)
  const two = openDatabase(path)
  const [a, b] = [sqliteLiveFeed(one), sqliteLiveFeed(two)]
  let open = 2
  const closing = (feed: typeof a, db: typeof one) => ({
    ...feed,
    close: async () => {
      await feed.close()
      db.close()
      if (--open === 0) rmSync(dir, { recursive: true, force: true })
    },
  })
  return { a: closing(a, one), b: closing(b, two) }
})
