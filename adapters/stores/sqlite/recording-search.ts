// Filtered and searched pages of the runs an account sees (RecordingShareStore.listVisible with a filter).
import type { Page, PageQuery } from '../../../src/core/domain/page.js'
import type { RecordingFilter, RecordingSearch } from '../../../src/core/domain/recordings/recording-filter.js'
import type { ReachableRun } from '../../../src/core/ports/share-store.js'
import { storedNotesOf } from '../shared/rows/notes.js'
import { toVisibleShare, type VisibleShareColumns } from '../shared/rows/shares.js'
import { firstMatch, noteFieldsOf, searchStems, type SpokenText, stemPatterns } from '../shared/search/match.js'
import type { Db } from './database.js'
import { runFromSqliteRow, type SqliteRunRow } from './recordings.js'
import { sqliteAccountRange } from './search-documents.js'
import { applyNotesEdits } from '../../../src/core/recordings/index.js'
import { sqliteEditsOf } from './notes-edits.js'

type Params = {
  accountId: string; email: string; from?: string; to?: string; origins?: string; states?: string
  all?: string; notes?: string; lo?: number; hi?: number; limit: number; offset: number
}
type PageRow = SqliteRunRow & VisibleShareColumns & { total: number }

/** The filter's conditions on `runs` (named parameters), one statement per combination of them. */
const conditions = (f: RecordingFilter): string =>
  [
    "runs.state <> 'superseded'",
    ...(f.from === null ? [] : ['runs.starts_at >= @from']),
    ...(f.to === null ? [] : ['runs.starts_at < @to']),
    ...(f.origins === null ? [] : ['runs.origin IN (SELECT value FROM json_each(@origins))']),
    ...(f.states === null ? [] : ['runs.state IN (SELECT value FROM json_each(@states))']),
  ].join(' AND ')

const SHARE_COLUMNS = `s.id AS share_id, s.run_id AS share_run_id, s.owner_account_id AS share_owner_account_id, s.email AS share_email,
  s.scope AS share_scope, s.created_at AS share_created_at`

/** A set of runs (run_id, share_id, starts_at, created_at, tier) as a query and the CTEs it reads. */
interface Found {
  readonly ctes: ReadonlyArray<string>
  readonly body: string
}
const withFound = (f: Found) => `WITH ${[...f.ctes, `found AS (${f.body})`].join(',\n  ')}`

/** The page of the found runs, with the total, only its rows read whole. */
const pageOf = (found: Found) => `
  ${withFound(found)},
  page AS (SELECT *, count(*) OVER () AS total FROM found ORDER BY tier DESC, starts_at DESC, created_at DESC, run_id DESC LIMIT @limit OFFSET @offset)
  SELECT runs.*, ${SHARE_COLUMNS}, page.total FROM page JOIN runs ON runs.id = page.run_id LEFT JOIN recording_shares s ON s.id = page.share_id
  ORDER BY page.tier DESC, page.starts_at DESC, page.created_at DESC, page.run_id DESC`

/** The visible runs that pass the filter (no search), all in one tier. */
const listed = (f: RecordingFilter): Found => {
  const where = conditions(f)
  const own = `SELECT runs.id AS run_id, NULL AS share_id, runs.starts_at, runs.created_at, 0 AS tier FROM runs WHERE runs.account_id = @accountId AND ${where}`
  const shared = `SELECT runs.id AS run_id, s.id AS share_id, runs.starts_at, runs.created_at, 0 AS tier FROM recording_shares s JOIN runs ON runs.id = s.run_id
    WHERE s.email = @email AND s.owner_account_id <> @accountId AND ${where}`
  return { ctes: [], body: f.owned === 'mine' ? own : f.owned === 'shared' ? shared : `${own} UNION ALL ${shared}` }
}

/**
 * The visible runs whose document holds every word, with their tier. The own
 * side reads only the account's rowid range of the index (@lo, @hi), the words
 * in either column (@all) and, for the tier, in the notes column (@notes); a
 * shared run is looked up by its rowid, a summary-scope one in its notes only.
 */
const searched = (f: RecordingFilter): Found => {
  const where = conditions(f)
  const own = `SELECT runs.id AS run_id, NULL AS share_id, runs.starts_at, runs.created_at,
      CASE WHEN search_fts.rowid IN notes_hits THEN 2 ELSE 1 END AS tier
    FROM search_fts JOIN search_docs d ON d.id = search_fts.rowid JOIN runs ON runs.id = d.run_id
    WHERE search_fts MATCH @all AND search_fts.rowid >= @lo AND search_fts.rowid < @hi AND runs.account_id = @accountId AND ${where}`
  const inDoc = (query: string) => `EXISTS (SELECT 1 FROM search_fts WHERE search_fts MATCH ${query} AND search_fts.rowid = d.id)`
  const shared = `SELECT * FROM (SELECT runs.id AS run_id, s.id AS share_id, runs.starts_at, runs.created_at,
      CASE WHEN ${inDoc('@notes')} THEN 2 WHEN s.scope = 'full' AND ${inDoc('@all')} THEN 1 END AS tier
    FROM recording_shares s JOIN runs ON runs.id = s.run_id JOIN search_docs d ON d.run_id = runs.id
    WHERE s.email = @email AND s.owner_account_id <> @accountId AND ${where}) WHERE tier IS NOT NULL`
  return {
    ctes: f.owned === 'shared' ? [] : ['notes_hits AS (SELECT rowid FROM search_fts WHERE search_fts MATCH @notes AND rowid >= @lo AND rowid < @hi)'],
    body: f.owned === 'mine' ? own : f.owned === 'shared' ? shared : `${own} UNION ALL ${shared}`,
  }
}

/** FTS5 queries: each word quoted (the tokenizer stems it), all required; in either column, or in the notes column. */
export const ftsQueries = (search: RecordingSearch) => {
  const all = search.words.map((w) => `"${w}"`).join(' ')
  return { all, notes: `{notes} : (${all})` }
}

const shapeKey = (f: RecordingFilter): string =>
  [f.search !== null, f.from !== null, f.to !== null, f.origins !== null, f.states !== null, f.owned].join('|')

/** One filtered page in one read transaction. */
export type FilteredVisible = (accountId: string, email: string, q: PageQuery, f: RecordingFilter) => Page<ReachableRun>

export const sqliteFilteredVisible = (db: Db): FilteredVisible => {
  const statements = new Map<string, { page: ReturnType<Db['prepare']>; count: ReturnType<Db['prepare']> }>()
  const prepared = (f: RecordingFilter) => {
    const key = shapeKey(f)
    let s = statements.get(key)
    if (s === undefined) {
      const found = f.search === null ? listed(f) : searched(f)
      s = { page: db.prepare(pageOf(found)), count: db.prepare(`${withFound(found)} SELECT count(*) FROM found`).pluck() }
      statements.set(key, s)
    }
    return s
  }
  const range = sqliteAccountRange(db)
  // Only utterances with a stretch of a stem are read, in spoken order, until one holds a word.
  const candidates = db.prepare<[string, string], SpokenText>(
    'SELECT start_ms, speaker, text FROM utterances WHERE run_id = ? AND EXISTS (SELECT 1 FROM json_each(?) p WHERE utterances.text LIKE p.value) ORDER BY seq',
  )
  const notesOf = db.prepare<[string], string>('SELECT body FROM notes WHERE run_id = ?').pluck()
  const editsOf = sqliteEditsOf(db)

  const matchOf = (search: RecordingSearch, row: PageRow, fullScope: boolean) => {
    const body = notesOf.get(row.id) as string | undefined
    // the notes as people edited them, as the search document holds them
    const fields = noteFieldsOf(row.title, body === undefined ? null : applyNotesEdits(row.id, storedNotesOf(JSON.parse(body)), editsOf(row.id)))
    if (!fullScope) return firstMatch(search, null, fields)
    const patterns = JSON.stringify(stemPatterns(searchStems(search)).map((p) => `%${p}%`))
    return firstMatch(search, candidates.iterate(row.id, patterns), fields)
  }

  return db.transaction((accountId: string, email: string, q: PageQuery, f: RecordingFilter): Page<ReachableRun> => {
    const s = prepared(f)
    const params: Params = {
      accountId, email, limit: q.limit, offset: q.offset,
      ...(f.from === null ? {} : { from: f.from }),
      ...(f.to === null ? {} : { to: f.to }),
      ...(f.origins === null ? {} : { origins: JSON.stringify(f.origins) }),
      ...(f.states === null ? {} : { states: JSON.stringify(f.states) }),
      ...(f.search === null ? {} : { ...ftsQueries(f.search), ...range(accountId) }),
    }
    const rows = s.page.all(params) as PageRow[]
    // Past the end the page has no row to carry the total.
    const total = rows.length > 0 ? rows[0]!.total : q.offset === 0 ? 0 : (s.count.get(params) as number)
    return {
      rows: rows.map((r): ReachableRun => {
        const reached = { run: runFromSqliteRow(r), share: toVisibleShare(r) }
        return f.search === null ? reached : { ...reached, match: matchOf(f.search, r, reached.share === null || reached.share.scope === 'full') }
      }),
      total, limit: q.limit, offset: q.offset,
    }
  })
}
