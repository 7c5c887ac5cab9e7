/** The language an upload was said to be in (a code, or `auto`), and the one the speech-to-text engine reported; null when unknown. */
export const sql = `
ALTER TABLE runs ADD COLUMN language text;
ALTER TABLE runs ADD COLUMN detected_language text;
`
