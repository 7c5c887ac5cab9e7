import { sqliteAccountStore, sqliteOrganizationStore } from '../../adapters/sqlite/accounts.js'
import { sqliteApiKeyStore } from '../../adapters/sqlite/api-keys.js'
import { migrate, openDatabase } from '../../adapters/sqlite/database.js'
import { sqliteIdempotencyStore } from '../../adapters/sqlite/idempotency.js'
import { accountStoreContract } from '../contracts/account-stores.js'
import { idempotencyStoreContract } from '../contracts/idempotency-store.js'

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
