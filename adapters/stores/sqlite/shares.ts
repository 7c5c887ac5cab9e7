import * as O from 'fp-ts/lib/Option.js'
import type { PageQuery } from '../../../src/core/domain/page.js'
import { isUnfiltered } from '../../../src/core/domain/recordings/recording-filter.js'
import type { ReachableRun, RecordingShareStore } from '../../../src/core/ports/share-store.js'
import { nearerEnd } from '../shared/nearer-end.js'
import { type ShareRow, toShare, toVisibleShare, type VisibleShareColumns } from '../shared/rows/shares.js'
import { attempt, attemptUnique, type Db } from './database.js'
import { sqliteFilteredVisible } from './recording-search.js'
import { runFromSqliteRow, type SqliteRunRow } from './recordings.js'

type VisibleRow = SqliteRunRow & VisibleShareColumns

// Keys of the account's own listed runs and of the listed runs shared with the email (never its own), merged in
// list order; the own side reads the index runs_listed alone, so skipping an offset never touches the rows.
const visibleKeys = (dir: 'ASC' | 'DESC') => `
  SELECT id AS run_id, NULL AS share_id, starts_at, created_at FROM runs WHERE account_id = @accountId AND state <> 'superseded'
  UNION ALL
  SELECT runs.id, s.id, runs.starts_at, runs.created_at FROM recording_shares s JOIN runs ON runs.id = s.run_id
    WHERE s.email = @email AND s.owner_account_id <> @accountId AND runs.state <> 'superseded'
  ORDER BY starts_at ${dir}, created_at ${dir}, run_id ${dir} LIMIT @limit OFFSET @offset`

// Only the page's rows are read whole.
const visiblePage = (dir: 'ASC' | 'DESC') => `
  WITH page AS (${visibleKeys(dir)})
  SELECT runs.*, s.id AS share_id, s.run_id AS share_run_id, s.owner_account_id AS share_owner_account_id, s.email AS share_email,
      s.scope AS share_scope, s.created_at AS share_created_at
    FROM page JOIN runs ON runs.id = page.run_id LEFT JOIN recording_shares s ON s.id = page.share_id
    ORDER BY page.starts_at DESC, page.created_at DESC, page.run_id DESC`

// The own side from the counter the triggers of migration 9 keep.
const VISIBLE_TOTAL = `SELECT coalesce((SELECT listed FROM run_counts WHERE account_id = @accountId), 0)
  + (SELECT count(*) FROM recording_shares s JOIN runs ON runs.id = s.run_id
       WHERE s.email = @email AND s.owner_account_id <> @accountId AND runs.state <> 'superseded')`

export const sqliteShareStore = (db: Db): RecordingShareStore => {
  const insert = db.prepare('INSERT INTO recording_shares (id, run_id, owner_account_id, email, scope, created_at) VALUES (@id, @runId, @ownerAccountId, @email, @scope, @createdAt)')
  const ofRun = db.prepare<[string, string], ShareRow>('SELECT * FROM recording_shares WHERE owner_account_id = ? AND run_id = ? ORDER BY created_at, id')
  const one = db.prepare<[string, string, string], ShareRow>('SELECT * FROM recording_shares WHERE owner_account_id = ? AND run_id = ? AND id = ?')
  const remove = db.prepare('DELETE FROM recording_shares WHERE id = ?')
  const removeOfRun = db.prepare('DELETE FROM recording_shares WHERE owner_account_id = ? AND run_id = ?')
  const forRecipient = db.prepare<[string, string], ShareRow>('SELECT * FROM recording_shares WHERE run_id = ? AND email = ?')
  type Visible = { accountId: string; email: string; limit: number; offset: number }
  const visible = { ASC: db.prepare<Visible, VisibleRow>(visiblePage('ASC')), DESC: db.prepare<Visible, VisibleRow>(visiblePage('DESC')) }
  const countVisible = db.prepare<{ accountId: string; email: string }, number>(VISIBLE_TOTAL).pluck()
  // One read transaction: the page is read from the end the total says is nearer.
  const listVisible = db.transaction((accountId: string, email: string, q: PageQuery) => {
    const total = countVisible.get({ accountId, email }) as number
    const at = nearerEnd(total, q.offset, q.limit)
    const rows = at.limit === 0 ? [] : visible[at.reverse ? 'ASC' : 'DESC'].all({ accountId, email, limit: at.limit, offset: at.offset })
    return { rows: rows.map((r): ReachableRun => ({ run: runFromSqliteRow(r), share: toVisibleShare(r) })), total, limit: q.limit, offset: q.offset }
  })
  const filtered = sqliteFilteredVisible(db)
  const removeOne = db.transaction((ownerAccountId: string, runId: string, shareId: string) => {
    const row = one.get(ownerAccountId, runId, shareId)
    if (row !== undefined) remove.run(shareId)
    return O.map(toShare)(O.fromNullable(row))
  })
  return {
    create: (share) => attemptUnique(() => (insert.run(share), share), 'The recording is shared with this email already'),
    listForRun: (ownerAccountId, runId) => attempt(() => ofRun.all(ownerAccountId, runId).map(toShare)),
    remove: (ownerAccountId, runId, shareId) => attempt(() => removeOne.immediate(ownerAccountId, runId, shareId)),
    removeForRun: (ownerAccountId, runId) => attempt(() => void removeOfRun.run(ownerAccountId, runId)),
    findForRecipient: (runId, email) => attempt(() => O.map(toShare)(O.fromNullable(forRecipient.get(runId, email)))),
    // Without a filter, the paths above that read the index and the counter alone.
    listVisible: (accountId, email, q, filter) =>
      attempt(() => (filter === undefined || isUnfiltered(filter) ? listVisible(accountId, email, q) : filtered(accountId, email, q, filter))),
  }
}
