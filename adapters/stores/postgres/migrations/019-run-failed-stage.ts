/** The processing stage a failed run failed in (a retry resumes there), and how its transcript's speakers were told apart. */
export const sql = `
ALTER TABLE runs ADD COLUMN failed_stage text;
ALTER TABLE runs ADD COLUMN speaker_separation text;
`
