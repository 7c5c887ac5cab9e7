/** What the user should know about how an upload's file was read (parts left out, a guessed encoding): a JSON list of strings. */
export const sql = `
ALTER TABLE uploads ADD COLUMN warnings text NOT NULL DEFAULT '[]';
`
