/**
 * The speech-to-text engine that made a run's transcript, `{ engine, model, accuracy }`: null for an
 * uploaded transcript file, and for runs transcribed before this (their engine was not kept). SQLite migration 25.
 */
export const sql = `
ALTER TABLE runs ADD COLUMN transcribed_by jsonb;
`
