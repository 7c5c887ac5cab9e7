/**
 * Server administrators: accounts that manage the server's speech models. An installation that
 * exists already gets its oldest account as one: the account its first start created.
 */
export const sql = `
ALTER TABLE accounts ADD COLUMN server_admin INTEGER NOT NULL DEFAULT 0 CHECK (server_admin IN (0, 1));
UPDATE accounts SET server_admin = 1 WHERE id = (SELECT id FROM accounts ORDER BY created_at, id LIMIT 1);
`
