// The SQLite search document holds the transcript's distinct chunks, not its whole text: every search finds the same.
import { setImmediate as turn } from 'node:timers/promises'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate, openDatabase } from '../../../../adapters/stores/sqlite/database.js'
import { ftsQueries } from '../../../../adapters/stores/sqlite/recording-search.js'
import { sqliteStores } from '../../../../adapters/stores/sqlite/stores.js'
import { distinctChunksOf, distinctChunksYielding } from '../../../../adapters/stores/sqlite/transcript-chunks.js'
import { searchDocumentOf } from '../../../../adapters/stores/shared/search/match.js'
import { wordsOf } from '../../../../src/core/domain/recordings/recording-filter.js'
import { newRun } from '../../../../src/core/domain/recordings/run.js'
import type { StoredNotes } from '../../../../src/core/ports/recording-stores.js'

const utterances = [
  'We need the budget, the budget. And the BUDGET again; Budget!',
  'Running late: the runner runs, we ran a run-through (running totals).',
  'Müller met the Straße team — naïve café résumé, cafe.',
  'Встреча по бюджету: бюджет утверждён. Ελληνικά λόγια.',
  '会議は明日です。 東京で 会議',
  "e-mail don't rock'n'roll 3.14 v2.0 #hashtag @mention https://example.com/a?b=c",
  'tabs\there\u00a0nbsp\u3000ideographic\u2028line sep',
  'budget budget budget',
].map((text, i) => ({ start_ms: i * 1000, end_ms: i * 1000 + 900, speaker: 'Ann', text }))
const notes: StoredNotes = {
  shortSummary: 'Quarterly planning with zanzibar.',
  detailedSummary: 'The launch moved; hiring continues.',
  topics: [], decisions: [], attendees: [], speakers: [],
  actionItems: [{ id: 'a1', title: 'Send the roadmap', owner: null, dueDate: null, done: false }],
} as never

/** Single words and pairs, from the texts and beyond: stems, case, accents, words in no text at all. */
const searches = (): ReadonlyArray<ReadonlyArray<string>> => {
  const doc = searchDocumentOf('Launch review', notes, utterances)
  const vocabulary = [...new Set([...wordsOf(doc.notes), ...wordsOf(doc.transcript),
    'run', 'runs', 'runner', 'running', 'budgets', 'budgeting', 'muller', 'strasse', 'naive', 'cafes', 'бюджет', 'встречи', '東京', '会議は明日です',
    'email', 'mail', 'rock', 'roll', '14', 'v2', 'absent', 'zanzibars', 'launches', 'roadmaps'])]
  return [...vocabulary.map((w) => [w]), ...vocabulary.flatMap((w, i) => vocabulary.slice(i + 1, i + 12).map((v) => [w, v])), ['budget', 'zanzibar'], ['budget', 'launch', 'roadmap']]
}

test('a document written with the distinct chunks is found by exactly the searches that find the whole text, in the same tier', async () => {
  const db = openDatabase(':memory:')
  migrate(db)
  let n = 0
  const stores = sqliteStores(db, { idempotencyRetentionMs: 86_400_000, newId: () => `id-${++n}` })
  const now = '2026-03-16T10:00:00.000Z'
  assert.ok(E.isRight(await stores.accounts.create({ id: 'acc-1', name: 'A', email: 'a@x.localhost', planKey: 'pro', organizationId: null, serverAdmin: false, createdAt: now })()))
  const run = newRun({ id: 'run-1', accountId: 'acc-1', reference: 'rec-1', origin: 'upload', title: 'Launch review', startsAt: now, state: 'analysing', createdAt: now })
  assert.ok(E.isRight(await stores.runs.create(run)()))
  assert.ok(E.isRight(await stores.notes.replace(run.id, null, utterances)()))
  assert.ok(E.isRight(await stores.notes.replace(run.id, notes, utterances)()))
  const written = db.prepare('SELECT id FROM search_docs WHERE run_id = ?').pluck().get(run.id) as number
  // What the store wrote before, and what migration 13 writes for older notes: the whole text, one utterance a line.
  const whole = searchDocumentOf(run.title, notes, utterances)
  db.prepare('INSERT INTO search_fts (rowid, notes, transcript) VALUES (1, ?, ?)').run(whole.notes, whole.transcript)
  const hits = db.prepare<[string, number, number], number>('SELECT rowid FROM search_fts WHERE search_fts MATCH ? AND rowid IN (?, ?)').pluck()

  const tally = { both: 0, notesTier: 0, neither: 0 }
  for (const words of searches()) {
    const q = ftsQueries({ text: words.join(' '), words })
    for (const [name, query] of [['all', q.all], ['notes', q.notes]] as const) {
      const found = new Set(hits.all(query, 1, written))
      assert.is(found.has(written), found.has(1), `${name} ${query}: whole text ${found.has(1)}, chunks ${found.has(written)}`)
      if (found.size === 2) tally[name === 'notes' ? 'notesTier' : 'both']++
      else tally.neither++
    }
  }
  // The comparison is not empty: many searches find both, some only in the notes tier, some neither.
  assert.ok(tally.both > 100 && tally.notesTier > 10 && tally.neither > 100, JSON.stringify(tally))
  const found = (words: string[], tier: 'all' | 'notes') => hits.all(ftsQueries({ text: '', words })[tier], 1, written).includes(written)
  assert.equal(
    [found(['budget'], 'all'), found(['running'], 'all'), found(['run'], 'all'), found(['muller'], 'all'), found(['бюджет'], 'all'), found(['zanzibar'], 'notes'), found(['budget'], 'notes'), found(['absent'], 'all')],
    [true, true, true, true, true, true, false, false],
  )
  const stored = db.prepare('SELECT count(*) FROM search_fts WHERE rowid = ?').pluck().get(written)
  assert.is(stored, 1)
  db.close()
})

test('the chunks are each distinct whitespace-separated piece of the texts once, in order of first appearance', () => {
  assert.is(distinctChunksOf([{ text: '  a b,  b a\tB ' }, { text: 'b, c\n\nA' }, { text: '' }]), ['a', 'b,', 'b', 'B', 'c', 'A'].join('\n'))
})

/** How many times the event loop turned while the chunks were found, and what was found. */
const turnsDuring = async (texts: ReadonlyArray<{ text: string }>): Promise<{ turns: number; chunks: string }> => {
  let turns = 0
  let running = true
  const finding = distinctChunksYielding(texts).finally(() => {
    running = false
  })
  while (running) {
    await turn()
    turns++
  }
  return { turns, chunks: await finding }
}

test('the chunks of a large transcript are found while the event loop keeps turning, a long utterance cut only between chunks', async () => {
  const many = Array.from({ length: 20_000 }, (_, i) => ({ text: `Speaker ${i % 4}: we will look at item ${i} of the quarterly plan and decide who owns it, item ${i}.` }))
  const long = [{ text: Array.from({ length: 200_000 }, (_, i) => `word${i % 50_000}${i % 7 === 0 ? '\n ' : ' '}`).join('') }]
  for (const texts of [many, long]) {
    const { turns, chunks } = await turnsDuring(texts)
    assert.is(chunks, distinctChunksOf(texts))
    const size = texts.reduce((s, t) => s + t.text.length, 0)
    assert.ok(turns >= 10, `the loop turned ${turns} times over ${size} characters`)
  }
})

test.run()
