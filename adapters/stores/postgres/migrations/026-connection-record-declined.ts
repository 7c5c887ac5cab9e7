/**
 * Whether a calendar connection records meetings the account declined: false (the default) leaves them
 * out, with the skip reason `declined`; true leaves them to the connection's rules. SQLite migration 26.
 */
export const sql = `
ALTER TABLE calendar_connections ADD COLUMN record_declined boolean NOT NULL DEFAULT false;
`
