/**
 * Parts of the notes people rewrote (issue 32): a summary, the decisions, a
 * topic's label; one row per part (`part` is its key: shortSummary,
 * detailedSummary, decisions, topic:<id>), its value as JSON. Kept apart from
 * the notes like the other edits, so re-processing keeps them.
 */
export const sql = `
CREATE TABLE notes_part_edits (
  run_id text COLLATE "C" NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  part text COLLATE "C" NOT NULL,
  value json NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (run_id, part)
);
`
