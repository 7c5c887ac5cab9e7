/**
 * Whether a calendar connection records meetings the account declined: 0 (the default) leaves them
 * out, with the skip reason `declined`; 1 leaves them to the connection's rules like any other.
 */
export const sql = `
ALTER TABLE calendar_connections ADD COLUMN record_declined INTEGER NOT NULL DEFAULT 0 CHECK (record_declined IN (0, 1));
`
