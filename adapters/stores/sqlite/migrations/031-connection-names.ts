/**
 * A calendar connection's names: `name`, the one its person gave it (null: none), and `feed_name`,
 * the feed's own (X-WR-CALNAME from its last sync that had one, else the host of its address).
 * Connections made before have neither until their next sync names them from the feed.
 */
export const sql = `
ALTER TABLE calendar_connections ADD COLUMN name TEXT;
ALTER TABLE calendar_connections ADD COLUMN feed_name TEXT;
`
