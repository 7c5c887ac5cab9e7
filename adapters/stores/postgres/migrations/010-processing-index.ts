/** Lets a starting worker find the recordings waiting for processing (or in it) of every account without reading all runs. */
export const sql = `
CREATE INDEX runs_processing ON runs (updated_at) WHERE state IN ('stored', 'transcribing', 'analysing');
`
