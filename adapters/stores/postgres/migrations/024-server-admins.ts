/**
 * Server administrators: accounts that manage the server's speech models. An installation that
 * exists already gets its oldest account as one: the account its first start created (SQLite migration 24).
 */
export const sql = `
ALTER TABLE accounts ADD COLUMN server_admin boolean NOT NULL DEFAULT false;
UPDATE accounts SET server_admin = true WHERE id = (SELECT id FROM accounts ORDER BY created_at, id LIMIT 1);
`
