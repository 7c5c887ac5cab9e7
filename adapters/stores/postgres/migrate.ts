import { inTransaction, LOCKS, type Pool } from './database.js'
import { MIGRATIONS } from './migrations/index.js'

/**
 * Applies the numbered migrations not applied yet, in order, each in its own
 * transaction that first takes one advisory lock: processes starting at once
 * wait for each other, and each migration is applied by one of them only.
 * Returns the names of those this call applied.
 */
export const migrate = async (pool: Pool): Promise<ReadonlyArray<string>> => {
  const done: string[] = []
  for (const m of [...MIGRATIONS].sort((a, b) => a.id - b.id)) {
    const applied = await inTransaction(pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock($1::int, 0)', [LOCKS.migrations])
      await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (id integer PRIMARY KEY, name text NOT NULL, applied_at text NOT NULL)')
      const seen = await client.query('SELECT 1 FROM schema_migrations WHERE id = $1', [m.id])
      if (seen.rowCount !== 0) return false
      await client.query(m.sql)
      await client.query('INSERT INTO schema_migrations (id, name, applied_at) VALUES ($1, $2, $3)', [m.id, m.name, new Date().toISOString()])
      return true
    })
    if (applied) done.push(`${m.id}-${m.name}`)
  }
  return done
}
