export const PROCESS_JOB = 'recording.process'

/**
 * The job that turns a stored recording (an upload's file, or what a bot recorded) into a
 * transcript and notes. Grouped by account: the worker runs one account's processing at a
 * time while others wait (docs/architecture.md).
 */
export const processJob = (accountId: string, runId: string) => ({ kind: PROCESS_JOB, payload: { accountId, runId }, key: `process:${runId}`, group: accountId })
