import { sql as accounts } from './001-accounts.js'

/** Numbered schema changes, applied in order once each. Add new ones at the end; never edit an applied one. */
export const MIGRATIONS: ReadonlyArray<{ readonly id: number; readonly name: string; readonly sql: string }> = [
  { id: 1, name: 'accounts', sql: accounts },
]
