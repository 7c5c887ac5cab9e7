/**
 * A calendar connection's names: `name`, the one its person gave it (null: none), and `feed_name`,
 * the feed's own (X-WR-CALNAME from its last sync that had one, else the host of its address).
 * Connections made before have neither until their next sync names them from the feed. SQLite migration 31.
 */
export const sql = `
ALTER TABLE calendar_connections ADD COLUMN name text;
ALTER TABLE calendar_connections ADD COLUMN feed_name text;
`
