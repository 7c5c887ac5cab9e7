/**
 * What people change in generated notes, kept apart from them so re-processing
 * (which replaces the notes) keeps it: speaker names and action item edits,
 * keyed by ids derived from the input. Deleting the run deletes them.
 */
export const sql = `
CREATE TABLE speaker_names (
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  speaker_id TEXT NOT NULL,
  name TEXT NOT NULL,
  email TEXT,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (run_id, speaker_id)
) WITHOUT ROWID;
CREATE TABLE action_item_edits (
  run_id TEXT NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  item_id TEXT NOT NULL,
  changes TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (run_id, item_id)
) WITHOUT ROWID;
`
