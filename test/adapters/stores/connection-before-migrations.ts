/** A calendar connection of an installation that exists already, for the tests of the migrations that add its columns. */
export const ACCOUNT = 'a0000000-0000-4000-8000-000000000001'
export const OLD = 'c0000000-0000-4000-8000-000000000001'

/** A connection made before those migrations, written the way the store of then wrote it. */
export const OLD_CONNECTION = `INSERT INTO calendar_connections (id, account_id, provider, account_email, calendar_id, status, auto_join, join_rules, bar_rules,
  created_at, updated_at, sealed_url, consecutive_failures)
  VALUES ('${OLD}', '${ACCOUNT}', 'ics', 'ada@example.com', 'ics-0000000000000001', 'active', 'all', '[]', '[]',
  '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'sealed', 0)`
