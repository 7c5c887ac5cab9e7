/** What the last good sync of a calendar connection could not read and left out (a JSON array of notes in words). */
export const sql = `
ALTER TABLE calendar_connections ADD COLUMN warnings jsonb NOT NULL DEFAULT '[]'::jsonb;
`
