/** Lets a starting worker find the bots sent on demand that have not set off yet, of every account, without reading all runs. */
export const sql = `
CREATE INDEX runs_queued ON runs (created_at) WHERE state = 'queued';
`
