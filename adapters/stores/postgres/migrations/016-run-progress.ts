/** How much of its current processing stage a run has done (0 to 1), written by RunStore.setProgress; null when unknown. */
export const sql = `
ALTER TABLE runs ADD COLUMN progress double precision;
`
