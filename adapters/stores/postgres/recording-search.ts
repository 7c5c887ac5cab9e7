// Filtered and searched pages of the runs an account sees (RecordingShareStore.listVisible with a filter).
import type pg from 'pg'
import type { Page, PageQuery } from '../../../src/core/domain/page.js'
import type { RecordingFilter, RecordingSearch } from '../../../src/core/domain/recordings/recording-filter.js'
import type { ReachableRun } from '../../../src/core/ports/share-store.js'
import { storedNotesOf } from '../shared/rows/notes.js'
import { type RunRow, toRun } from '../shared/rows/recordings.js'
import { toVisibleShare, type VisibleShareColumns } from '../shared/rows/shares.js'
import { noteFieldsOf, noteMatch, searchStems, type SpokenText, stemPatterns, utteranceMatch } from '../shared/search/match.js'
import { count, first, rows } from './database.js'
import { accountLexeme } from './search-documents.js'
import { applyNotesEdits } from '../../../src/core/recordings/index.js'
import { postgresEditsOf } from './notes-edits.js'

type PageRow = RunRow & VisibleShareColumns & { total: string }

/** Positional parameters, numbered as they are added. */
const paramsOf = () => {
  const values: unknown[] = []
  return { values, add: (v: unknown) => (values.push(v), `$${values.length}`) }
}

/**
 * The visible runs that pass the filter (run_id, share_id, starts_at,
 * created_at, tier). With a search, those whose document holds every word:
 * the account's own from the GIN index of migration 11, asked for the words and
 * the account's lexeme together (so it reads only that account's documents);
 * tier 2 when the notes part alone holds them, tested on those rows only. A
 * shared run is looked up by its id; a summary-scope one found by its notes part
 * only. An empty query (no word the configuration keeps) finds nothing.
 */
const found = (f: RecordingFilter, p: ReturnType<typeof paramsOf>, accountId: string, email: string): string => {
  const where = [
    "runs.state <> 'superseded'",
    ...(f.from === null ? [] : [`runs.starts_at >= ${p.add(f.from)}`]),
    ...(f.to === null ? [] : [`runs.starts_at < ${p.add(f.to)}`]),
    ...(f.origins === null ? [] : [`runs.origin = ANY(${p.add(f.origins)}::text[])`]),
    ...(f.states === null ? [] : [`runs.state = ANY(${p.add(f.states)}::text[])`]),
  ].join(' AND ')
  const account = p.add(accountId)
  const query = f.search === null ? '' : `plainto_tsquery('english', ${p.add(f.search.words.join(' '))})`
  const tier = f.search === null ? '0' : `CASE WHEN d.notes_tsv @@ ${query} THEN 2 ELSE 1 END`
  const own = () =>
    f.search === null
      ? `SELECT runs.id AS run_id, NULL::text AS share_id, runs.starts_at, runs.created_at, 0 AS tier FROM runs WHERE runs.account_id = ${account} AND ${where}`
      : `SELECT runs.id AS run_id, NULL::text AS share_id, runs.starts_at, runs.created_at, ${tier} AS tier
    FROM search_docs d JOIN runs ON runs.id = d.run_id
    WHERE d.doc_tsv @@ (${query} && quote_literal(${accountLexeme(account)})::tsquery) AND numnode(${query}) > 0
      AND runs.account_id = ${account} AND ${where}`
  // Built only when used: every parameter added must appear in the statement.
  const shared = () => `SELECT runs.id AS run_id, s.id AS share_id, runs.starts_at, runs.created_at, ${tier} AS tier
    FROM recording_shares s JOIN runs ON runs.id = s.run_id ${f.search === null ? '' : 'JOIN search_docs d ON d.run_id = runs.id'}
    WHERE s.email = ${p.add(email)} AND s.owner_account_id <> ${account} AND ${where}${
      f.search === null ? '' : ` AND (d.notes_tsv @@ ${query} OR (s.scope = 'full' AND d.doc_tsv @@ ${query}))`}`
  return f.owned === 'mine' ? own() : f.owned === 'shared' ? shared() : `${own()} UNION ALL ${shared()}`
}

const SHARE_COLUMNS = `s.id AS share_id, s.run_id AS share_run_id, s.owner_account_id AS share_owner_account_id, s.email AS share_email,
  s.scope AS share_scope, s.created_at AS share_created_at`

const statement = (f: RecordingFilter, accountId: string, email: string, q: PageQuery) => {
  const p = paramsOf()
  const v = found(f, p, accountId, email)
  const text = `WITH found AS (${v}),
    page AS (SELECT *, count(*) OVER () AS total FROM found ORDER BY tier DESC, starts_at DESC, created_at DESC, run_id DESC
      LIMIT ${p.add(q.limit)} OFFSET ${p.add(q.offset)})
    SELECT runs.*, ${SHARE_COLUMNS}, page.total FROM page JOIN runs ON runs.id = page.run_id LEFT JOIN recording_shares s ON s.id = page.share_id
    ORDER BY page.tier DESC, page.starts_at DESC, page.created_at DESC, page.run_id DESC`
  return { text, values: p.values, countText: `SELECT count(*) AS n FROM (${v}) found` }
}

/** Utterances read at a time while looking for the first that holds a word. */
const CANDIDATES = 50

const matchAt = async (db: pg.ClientBase, search: RecordingSearch, row: PageRow, fullScope: boolean) => {
  if (fullScope) {
    const patterns = stemPatterns(searchStems(search)).map((s) => `%${s}%`)
    for (let seq = 0; ; ) {
      const batch = await rows<SpokenText & { seq: number }>(
        db,
        'SELECT seq, start_ms, speaker, text FROM utterances WHERE run_id = $1 AND seq >= $2 AND text ILIKE ANY($3::text[]) ORDER BY seq LIMIT $4',
        [row.id, seq, patterns, CANDIDATES],
      )
      const hit = utteranceMatch(search, batch)
      if (hit !== null) return hit
      if (batch.length < CANDIDATES) break
      seq = batch.at(-1)!.seq + 1
    }
  }
  const notes = await first<{ body: unknown }>(db, 'SELECT body FROM notes WHERE run_id = $1', [row.id])
  return noteMatch(search, noteFieldsOf(row.title, notes === undefined ? null : applyNotesEdits(row.id, storedNotesOf(notes.body), await postgresEditsOf(db, row.id))))
}

/** One filtered page, read inside the caller's snapshot. */
export const postgresFilteredVisible = async (db: pg.ClientBase, accountId: string, email: string, q: PageQuery, f: RecordingFilter): Promise<Page<ReachableRun>> => {
  const s = statement(f, accountId, email, q)
  const page = await rows<PageRow>(db, s.text, s.values)
  // Past the end the page has no row to carry the total; the count statement takes the same leading parameters.
  const total = page.length > 0 ? Number(page[0]!.total) : q.offset === 0 ? 0 : await count(db, s.countText, s.values.slice(0, -2))
  const out: ReachableRun[] = []
  for (const r of page) {
    const reached = { run: toRun(r), share: toVisibleShare(r) }
    out.push(f.search === null ? reached : { ...reached, match: await matchAt(db, f.search, r, reached.share === null || reached.share.scope === 'full') })
  }
  return { rows: out, total, limit: q.limit, offset: q.offset }
}
