/**
 * The speech-to-text engine that made a run's transcript, as JSON `{ engine, model, accuracy }`: null for
 * an uploaded transcript file, and for runs transcribed before this (their engine was not kept).
 */
export const sql = `
ALTER TABLE runs ADD COLUMN transcribed_by TEXT;
`
