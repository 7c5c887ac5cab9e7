/**
 * Jobs carry the account they work for (`grp`), so a claim can skip an account
 * that already has its share of running jobs (fair processing across accounts).
 */
export const sql = `
ALTER TABLE jobs ADD COLUMN grp text COLLATE "C";
CREATE INDEX jobs_running_groups ON jobs (grp, locked_until) WHERE status = 'running' AND grp IS NOT NULL;
`
