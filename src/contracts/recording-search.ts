import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { NO_FILTER, type RecordingFilter, type SearchMatch } from '../core/domain/recordings/recording-filter.js'
import type { Share } from '../core/domain/recordings/share.js'
import type { Utterance } from '../core/domain/recordings/utterance.js'
import type { NotesEditStore } from '../core/ports/notes-edit-store.js'
import type { NotesStore, RunStore, StoredNotes } from '../core/ports/recording-stores.js'
import type { ReachableRun, RecordingShareStore } from '../core/ports/share-store.js'
import { readRecordingFilter } from '../core/recordings/index.js'
import { right } from './tasks.js'
import { run } from './recording-stores.js'

export interface SearchStores {
  readonly runs: RunStore
  readonly shares: RecordingShareStore
  readonly notes: NotesStore
  readonly notesEdits: NotesEditStore
}

const A = 'a0000000-0000-4000-8000-000000000001'
const B = 'b0000000-0000-4000-8000-000000000002'
const C = 'c0000000-0000-4000-8000-000000000003'
const ADA = 'ada@example.com'
const BEA = 'bea@example.com'
const runId = (n: number) => run(n).id

const say = (start_ms: number, speaker: string, text: string): Utterance => ({ start_ms, end_ms: start_ms + 4000, speaker, text })
const notesOf = (shortSummary: string, actionItems: string[] = [], detailedSummary = ''): StoredNotes => ({
  shortSummary, detailedSummary, attendees: [], topics: [], decisions: [], speakers: [],
  actionItems: actionItems.map((title, i) => ({ id: `90000000-0000-4000-8000-00000000000${i}`, title, owner: null, due: null, status: 'active', context: title, tags: [] })),
} as unknown as StoredNotes)

const share = (n: number, owner: string, scope: Share['scope']): Share => ({
  id: `50000000-0000-4000-8000-${String(n).padStart(12, '0')}`, runId: runId(n), ownerAccountId: owner, email: ADA, scope, createdAt: '2026-05-02T00:00:00.000Z',
})

/**
 * Ada (A) owns 1, 2, 3; Bea (B) owns 4 (shared with Ada at summary scope) and 5 (not shared); C owns 6 (shared with Ada in full).
 * Starts: run n starts on May 10+n.
 */
const world = async (s: SearchStores) => {
  const add = async (n: number, accountId: string, title: string, origin: 'upload' | 'manual' | 'calendar', notes: StoredNotes, utterances: Utterance[]) => {
    await right(s.runs.create(run(n, { accountId, title, origin, state: 'ready', hasNotes: true })))
    await right(s.notes.replace(runId(n), notes, utterances))
  }
  await add(1, A, 'Quarterly budget review', 'calendar', notesOf('The team reviewed the budgets.', ['Send the budget sheet']), [
    say(0, 'Ada', 'Welcome everyone.'),
    say(12_000, 'Ada', "Let's talk about the budgets for next year, since the budget is tight."),
    say(20_000, 'Bob', 'The budget is tight.'),
  ])
  await add(2, A, 'Launch sync', 'manual', notesOf('Launch dates were set.'), [say(0, 'Ada', 'Hello.'), say(65_000, 'Bob', 'We are planning the launch for June.')])
  await add(3, A, 'Hiring', 'upload', notesOf('Two candidates.'), [say(30_000, 'Cy', 'That needs budget approval first.')])
  await add(4, B, 'Offsite', 'upload', notesOf('Budget planning for the offsite.', [], 'Nothing else.'), [say(5_000, 'Bea', 'The secret number is budget related.')])
  await add(5, B, 'Private budget', 'upload', notesOf('Budget.'), [say(0, 'Bea', 'Budget budget budget.')])
  await add(6, C, 'Vendors', 'manual', notesOf('Vendor list.'), [say(41_000, 'Cy', 'Our budget for vendors grew.')])
  await right(s.shares.create(share(4, B, 'summary')))
  await right(s.shares.create(share(6, C, 'full')))
}

const filter = (f: Parameters<typeof readRecordingFilter>[0]): RecordingFilter => {
  const r = readRecordingFilter(f)
  if (r._tag === 'Left') throw new Error(JSON.stringify(r.left))
  return r.right
}
const ALL = { limit: 100, offset: 0 }
const ids = (rows: ReadonlyArray<ReachableRun>) => rows.map((r) => r.run.id)
const marked = (m: SearchMatch) => m.highlights.map((h) => m.snippet.slice(h.start, h.end))

/** The share store's filters and search; the same data answers the same on every store. */
export const recordingSearchContract = (name: string, make: () => Promise<SearchStores> | SearchStores) => {
  const s = suite<{ s: SearchStores }>(`${name}: recording search and filters`)
  s.before.each(async (ctx) => {
    ctx.s = await make()
    await world(ctx.s)
  })

  s('a search finds own and shared recordings by stem, notes-only matches first, then newest; never another account\'s', async ({ s }) => {
    const p = await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'Budgets' })))
    // Notes hold the word: 4 (its summary; newer) and 1 (title, summary, action item). Then the transcript only: 6 (newer) and 3.
    assert.equal(ids(p.rows), [runId(4), runId(1), runId(6), runId(3)])
    assert.is(p.total, 4)
    // A summary-scope share shows its notes, never its transcript.
    assert.equal(p.rows[0]!.match, { field: 'summary', snippet: 'Budget planning for the offsite.', highlights: [{ start: 0, end: 6 }], atMs: null, speaker: null })
    assert.is(p.rows[0]!.share?.scope, 'summary')
    // Otherwise the first utterance that holds a word, even when the notes hold them too.
    const one = p.rows[1]!.match!
    assert.is(one.field, 'transcript')
    assert.is(one.atMs, 12_000)
    assert.is(one.speaker, 'Ada')
    assert.is(one.snippet, "Let's talk about the budgets for next year, since the budget is tight.")
    assert.equal(marked(one), ['budgets', 'budget'])
    assert.equal([p.rows[2]!.match?.atMs, p.rows[3]!.match?.atMs], [41_000, 30_000])
  })

  s('every word must be in the recording, notes and transcript together; the words are stemmed ("planning" finds "plan")', async ({ s }) => {
    // "welcome" is said only, "review" is in the title only.
    const apart = await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'welcome review' })))
    assert.equal(ids(apart.rows), [runId(1)])
    assert.equal(apart.rows[0]!.match, { field: 'transcript', snippet: 'Welcome everyone.', highlights: [{ start: 0, end: 7 }], atMs: 0, speaker: 'Ada' })
    const plan = await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'plans' })))
    assert.equal(ids(plan.rows), [runId(4), runId(2)])
    assert.equal(plan.rows[1]!.match, { field: 'transcript', snippet: 'We are planning the launch for June.', highlights: [{ start: 7, end: 15 }], atMs: 65_000, speaker: 'Bob' })
    // Nowhere in the transcript: the first note field that holds a word.
    const action = await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'sheet' })))
    assert.equal(action.rows.map((r) => r.match), [{ field: 'actionItem', snippet: 'Send the budget sheet', highlights: [{ start: 16, end: 21 }], atMs: null, speaker: null }])
    const title = await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'quarterly' })))
    assert.equal(title.rows.map((r) => r.match?.field), ['title'])
    assert.is((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'zebra budget' })))).total, 0)
  })

  s('a search reads the notes as people edited them: an edited word is found, a removed one no longer; a rename is found by its new title', async ({ s }) => {
    const at = '2026-06-01T00:00:00.000Z'
    const q = async (words: string) => ids((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: words })))).rows)
    assert.equal(await q('candidates'), [runId(3)])
    await right(s.notesEdits.putPart(runId(3), { part: 'shortSummary', text: 'Two applicants for the kumquat role.', updatedAt: at }))
    await right(s.notesEdits.putActionItem(runId(3), { itemId: '80000000-0000-4000-8000-000000000001', changes: { addedAt: at, title: 'Call the zeppelin agency' }, updatedAt: at }))
    await right(s.notes.reindex(runId(3)))
    assert.equal(await q('candidates'), [], 'the word removed from the summary')
    assert.equal(await q('kumquat'), [runId(3)])
    const found = await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'zeppelin' })))
    assert.equal(found.rows.map((r) => r.match?.snippet), ['Call the zeppelin agency'], 'an added action item, shown as the match')
    assert.equal(await q('sheet'), [runId(1)])
    await right(s.notesEdits.putActionItem(runId(1), { itemId: '90000000-0000-4000-8000-000000000000', changes: { deleted: true }, updatedAt: at }))
    await right(s.notes.reindex(runId(1)))
    assert.equal(await q('sheet'), [], 'a deleted action item')
    assert.ok(O.isSome(await right(s.runs.rename(A, runId(2), 'Gala planning'))))
    await right(s.notes.reindex(runId(2)))
    assert.equal(await q('gala'), [runId(2)])
    assert.equal(await q('sync'), [])
    await right(s.notes.reindex(run(99).id))
    // re-processing writes the document again: the edits stay in it
    await right(s.notes.replace(runId(3), notesOf('Two candidates.'), [say(30_000, 'Cy', 'That needs budget approval first.')]))
    assert.equal(await q('kumquat'), [runId(3)])
    assert.equal(await q('candidates'), [])
  })

  s('a summary-scope share is found by its notes only, never by a word of its transcript; its owner finds it', async ({ s }) => {
    assert.is((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'secret' })))).total, 0)
    assert.is((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'secret offsite' })))).total, 0, 'one word in the transcript is enough to leave it out')
    assert.equal(ids((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'offsite planning' })))).rows), [runId(4)])
    const owner = await right(s.shares.listVisible(B, BEA, ALL, filter({ q: 'secret offsite' })))
    assert.equal(ids(owner.rows), [runId(4)])
    assert.is(owner.rows[0]!.match?.atMs, 5_000)
  })

  s('filters combine with each other and with the search; pages stay strict', async ({ s }) => {
    const page = (accountId: string, f: Parameters<typeof readRecordingFilter>[0], q = ALL) => right(s.shares.listVisible(accountId, ADA, q, filter(f)))
    assert.equal(ids((await page(A, { owned: 'mine' })).rows), [runId(3), runId(2), runId(1)])
    assert.equal(ids((await page(A, { owned: 'shared' })).rows), [runId(6), runId(4)])
    assert.equal(ids((await page(A, { q: 'budget', owned: 'mine' })).rows), [runId(1), runId(3)])
    assert.equal(ids((await page(A, { q: 'budget', owned: 'shared' })).rows), [runId(4), runId(6)])
    // run n starts May 10+n at 09:00: from inclusive, to exclusive.
    assert.equal(ids((await page(A, { from: '2026-05-12T09:00:00.000Z', to: '2026-05-14T09:00:00.000Z' })).rows), [runId(3), runId(2)])
    assert.equal(ids((await page(A, { q: 'budget', from: '2026-05-12T00:00:00Z' })).rows), [runId(4), runId(6), runId(3)])
    assert.equal(ids((await page(A, { origin: ['manual', 'calendar'] })).rows), [runId(6), runId(2), runId(1)])
    assert.equal(ids((await page(A, { state: ['ready'], phase: ['done'] })).rows).length, 5)
    assert.is((await page(A, { state: ['ready'], phase: ['pending'] })).total, 0, 'state and phase must both hold')
    assert.is((await page(A, { phase: ['processing'] })).total, 0)
    const second = await page(A, { q: 'budget' }, { limit: 2, offset: 2 })
    assert.equal([ids(second.rows), second.total], [[runId(6), runId(3)], 4])
    const past = await page(A, { q: 'budget' }, { limit: 2, offset: 10 })
    assert.equal([past.rows.length, past.total], [0, 4])
    const pastList = await page(A, { owned: 'mine' }, { limit: 2, offset: 10 })
    assert.equal([pastList.rows.length, pastList.total], [0, 3])
    const plain = await right(s.shares.listVisible(A, ADA, ALL, NO_FILTER))
    assert.is(plain.total, 5)
    assert.ok(plain.rows.every((r) => r.match === undefined), 'no match without a search')
  })

  s('re-processing replaces what is found', async ({ s }) => {
    await right(s.notes.replace(runId(2), notesOf('Nothing.'), [say(1_000, 'Ada', 'We talked about the roadmap.')]))
    await right(s.notes.replace(runId(2), notesOf('Nothing.'), [say(1_000, 'Ada', 'We talked about the roadmap.')]))
    assert.is((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'planning launch' })))).total, 0)
    const found = await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'roadmap' })))
    assert.equal(found.rows.map((r) => [r.run.id, r.match?.atMs]), [[runId(2), 1_000]])
    assert.equal(ids((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'launch roadmap' })))).rows), [runId(2)], 'its title and new transcript together')
  })

  s('a removed run is no longer found (its notes, transcript and run removed by the stores)', async ({ s }) => {
    await right(s.notes.remove(runId(2)))
    assert.is((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'planning launch' })))).total, 0, 'nor by its transcript once the notes are gone')
    assert.is((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'launch' })))).total, 0, 'a run is searched while it has notes')
    assert.is(await right(s.runs.remove(A, runId(2))), true)
    assert.is((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'launch' })))).total, 0)
    assert.equal(ids((await right(s.shares.listVisible(A, ADA, ALL, filter({ q: 'budget', owned: 'mine' })))).rows), [runId(1), runId(3)], 'the others stay')
  })

  s.run()
}
