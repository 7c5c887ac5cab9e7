/**
 * What people change in generated notes, kept apart from them so re-processing
 * (which replaces the notes) keeps it: speaker names and action item edits,
 * keyed by ids derived from the input. Deleting the run deletes them.
 */
export const sql = `
CREATE TABLE speaker_names (
  run_id text COLLATE "C" NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  speaker_id text COLLATE "C" NOT NULL,
  name text NOT NULL,
  email text,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (run_id, speaker_id)
);
CREATE TABLE action_item_edits (
  run_id text COLLATE "C" NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  item_id text COLLATE "C" NOT NULL,
  changes json NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (run_id, item_id)
);
`
