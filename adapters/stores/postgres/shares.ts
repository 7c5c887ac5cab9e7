import * as O from 'fp-ts/lib/Option.js'
import { isUnfiltered } from '../../../src/core/domain/recordings/recording-filter.js'
import type { ReachableRun, RecordingShareStore } from '../../../src/core/ports/share-store.js'
import { nearerEnd } from '../shared/nearer-end.js'
import { attempt, attemptUnique, count, first, inTransaction, type Pool, rows } from './database.js'
import { type RunRow, toRun } from '../shared/rows/recordings.js'
import { postgresFilteredVisible } from './recording-search.js'
import { type ShareRow, toShare, toVisibleShare, type VisibleShareColumns } from '../shared/rows/shares.js'

type VisibleRow = RunRow & VisibleShareColumns

// Keys of the account's own listed runs and of the listed runs shared with the email (never its own), merged in
// list order; the own side is an index-only scan of runs_listed, so skipping an offset never reads the rows. Each
// side is ordered itself: only then does the planner merge the two orders (Merge Append) rather than sort everything.
const visibleKeys = (dir: 'ASC' | 'DESC') => `
  SELECT * FROM (
    (SELECT id AS run_id, NULL::text AS share_id, starts_at, created_at FROM runs WHERE account_id = $1 AND state <> 'superseded'
      ORDER BY starts_at ${dir}, created_at ${dir}, id ${dir})
    UNION ALL
    (SELECT runs.id, s.id, runs.starts_at, runs.created_at FROM recording_shares s JOIN runs ON runs.id = s.run_id
      WHERE s.email = $2 AND s.owner_account_id <> $1 AND runs.state <> 'superseded'
      ORDER BY runs.starts_at ${dir}, runs.created_at ${dir}, runs.id ${dir})
  ) visible ORDER BY starts_at ${dir}, created_at ${dir}, run_id ${dir} LIMIT $3 OFFSET $4`

// Only the page's rows are read whole.
const visiblePage = (dir: 'ASC' | 'DESC') => `
  WITH page AS (${visibleKeys(dir)})
  SELECT runs.*, s.id AS share_id, s.run_id AS share_run_id, s.owner_account_id AS share_owner_account_id, s.email AS share_email,
      s.scope AS share_scope, s.created_at AS share_created_at
    FROM page JOIN runs ON runs.id = page.run_id LEFT JOIN recording_shares s ON s.id = page.share_id
    ORDER BY page.starts_at DESC, page.created_at DESC, page.run_id DESC`
const PAGE = { ASC: visiblePage('ASC'), DESC: visiblePage('DESC') }

// The own side from the counter the triggers of migration 8 keep.
const VISIBLE_TOTAL = `SELECT coalesce((SELECT listed FROM run_counts WHERE account_id = $1), 0)
  + (SELECT count(*) FROM recording_shares s JOIN runs ON runs.id = s.run_id
       WHERE s.email = $2 AND s.owner_account_id <> $1 AND runs.state <> 'superseded') AS n`

export const postgresShareStore = (pool: Pool): RecordingShareStore => ({
  create: (s) =>
    attemptUnique(async () => {
      await pool.query('INSERT INTO recording_shares (id, run_id, owner_account_id, email, scope, created_at) VALUES ($1, $2, $3, $4, $5, $6)', [
        s.id, s.runId, s.ownerAccountId, s.email, s.scope, s.createdAt,
      ])
      return s
    }, 'The recording is shared with this email already'),
  listForRun: (ownerAccountId, runId) =>
    attempt(async () =>
      (await rows<ShareRow>(pool, 'SELECT * FROM recording_shares WHERE owner_account_id = $1 AND run_id = $2 ORDER BY created_at, id', [ownerAccountId, runId])).map(toShare),
    ),
  remove: (ownerAccountId, runId, shareId) =>
    attempt(async () =>
      O.map(toShare)(
        O.fromNullable(
          await first<ShareRow>(pool, 'DELETE FROM recording_shares WHERE owner_account_id = $1 AND run_id = $2 AND id = $3 RETURNING *', [ownerAccountId, runId, shareId]),
        ),
      ),
    ),
  removeForRun: (ownerAccountId, runId) =>
    attempt(async () => void (await pool.query('DELETE FROM recording_shares WHERE owner_account_id = $1 AND run_id = $2', [ownerAccountId, runId]))),
  findForRecipient: (runId, email) =>
    attempt(async () => O.map(toShare)(O.fromNullable(await first<ShareRow>(pool, 'SELECT * FROM recording_shares WHERE run_id = $1 AND email = $2', [runId, email])))),
  // Total and page in one snapshot: the page is read from the end the total says is nearer.
  listVisible: (accountId, email, q, filter) =>
    attempt(() =>
      inTransaction(pool, async (db) => {
        await db.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY')
        // Without a filter, the counter and the index alone.
        if (filter !== undefined && !isUnfiltered(filter)) return postgresFilteredVisible(db, accountId, email, q, filter)
        const total = await count(db, VISIBLE_TOTAL, [accountId, email])
        const at = nearerEnd(total, q.offset, q.limit)
        const found = at.limit === 0 ? [] : await rows<VisibleRow>(db, PAGE[at.reverse ? 'ASC' : 'DESC'], [accountId, email, at.limit, at.offset])
        return { rows: found.map((r): ReachableRun => ({ run: toRun(r), share: toVisibleShare(r) })), total, limit: q.limit, offset: q.offset }
      }),
    ),
})
