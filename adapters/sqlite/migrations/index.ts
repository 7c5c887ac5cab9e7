import { sql as accounts } from './001-accounts.js'
import { sql as jobs } from './003-jobs.js'

/** Numbered schema changes, applied in order once each. Add new ones at the end; never edit an applied one. */
export const MIGRATIONS: ReadonlyArray<{ readonly id: number; readonly name: string; readonly sql: string }> = [
  { id: 1, name: 'accounts', sql: accounts },
  { id: 3, name: 'jobs', sql: jobs },
]
