import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { byStart, inWindow, type Meeting, type MeetingWindow } from '../core/domain/meetings/meeting.js'
import type { Run } from '../core/domain/recordings/run.js'
import type { MeetingStore } from '../core/ports/meeting-store.js'
import type { RunStore } from '../core/ports/recording-stores.js'
import type { RecordingShareStore } from '../core/ports/share-store.js'
import { right } from './tasks.js'
import { ACCOUNT_A, ACCOUNT_B, meeting } from './meeting-fixtures.js'
import { run } from './recording-stores.js'

export interface ListingStores {
  readonly runs: RunStore
  readonly shares: RecordingShareStore
  readonly meetings: MeetingStore
}

const LIMITS = [1, 2, 3, 5]

/** Every page of every limit, from offset 0 to past the end: a store may read a page from either end of its list. */
const everyPage = async <A>(all: ReadonlyArray<A>, read: (limit: number, offset: number) => Promise<{ rows: ReadonlyArray<A>; total: number }>) => {
  for (const limit of LIMITS) {
    for (let offset = 0; offset <= all.length + 1; offset++) {
      const page = await read(limit, offset)
      assert.equal(page.rows, all.slice(offset, offset + limit), `limit ${limit}, offset ${offset}`)
      assert.is(page.total, all.length, `total at limit ${limit}, offset ${offset}`)
    }
  }
}

/**
 * Paging at any depth: each page is the slice of the whole ordered list at its
 * offset, and totals stay exact as runs leave the list (superseded).
 */
export const listingPagesContract = (name: string, make: () => Promise<ListingStores> | ListingStores) => {
  const s = suite<{ s: ListingStores }>(`${name}: pages at any depth`)
  s.before.each(async (ctx) => {
    ctx.s = await make()
  })

  s('recordings: every page of own and shared runs is its slice of the list; superseding a run takes it out of the total', async ({ s }) => {
    // Runs 1-7 are A's, 8-10 B's shared with A; 2, 3 and 9 start at the same time, so the order falls to created_at and id.
    const same = run(2).startsAt
    const runs: Run[] = [
      ...[1, 2, 3, 4, 5, 6, 7].map((n) => run(n, { state: 'scheduled', ...(n === 3 ? { startsAt: same } : {}) })),
      ...[8, 9, 10].map((n) => run(n, { accountId: ACCOUNT_B, state: 'ready', ...(n === 9 ? { startsAt: same } : {}) })),
    ]
    for (const r of runs) await right(s.runs.create(r))
    for (const n of [8, 9, 10]) {
      await right(s.shares.create({ id: `50000000-0000-4000-8000-00000000000${n - 8}`, runId: run(n).id, ownerAccountId: ACCOUNT_B, email: 'ada@example.com', scope: 'full', createdAt: '2026-05-02T00:00:00.000Z' }))
    }
    const ids = async (limit: number, offset: number) => {
      const p = await right(s.shares.listVisible(ACCOUNT_A, 'ada@example.com', { limit, offset }))
      return { rows: p.rows.map((r) => r.run.id), total: p.total }
    }
    const all = (await ids(100, 0)).rows
    assert.is(all.length, 10)
    await everyPage(all, ids)

    await right(s.runs.update({ ...runs[3]!, state: 'superseded' }, ['scheduled']))
    await right(s.runs.update({ ...runs[8]!, state: 'superseded' }, ['ready']))
    const left = all.filter((id) => id !== run(4).id && id !== run(9).id)
    await everyPage(left, ids)
    assert.is((await right(s.runs.list(ACCOUNT_A, { limit: 1, offset: 0 }))).total, 6, 'the run store counts the same')
  })

  s('meetings: every page of every window is its slice, including meetings longer than a day that began days before it', async ({ s }) => {
    const at = (day: number, hh: number) => `2026-06-${String(day).padStart(2, '0')}T${String(hh).padStart(2, '0')}:00:00.000Z`
    const held: Meeting[] = [
      meeting(1, { startsAt: at(1, 9), durationMinutes: 60 }),
      meeting(2, { startsAt: at(3, 9), durationMinutes: 8 * 1_440 }), // eight days: ends on the 11th at 09:00
      meeting(3, { startsAt: at(9, 8), durationMinutes: 1_440 + 90 }), // a day and a half: ends on the 10th at 09:30
      meeting(4, { startsAt: at(9, 10), durationMinutes: 1_440 }), // a day: ends on the 10th at 10:00
      meeting(5, { startsAt: at(9, 23), durationMinutes: 30 }),
      meeting(6, { startsAt: at(10, 9), durationMinutes: 0 }),
      meeting(7, { startsAt: at(10, 9), durationMinutes: 30 }),
      meeting(8, { startsAt: at(10, 11), durationMinutes: 30 }),
      meeting(9, { startsAt: at(12, 9), durationMinutes: 3 * 1_440 }),
      meeting(10, { startsAt: at(20, 9), durationMinutes: 45 }),
      meeting(11, { startsAt: at(10, 9), durationMinutes: 30, removedAt: at(1, 0), removedBy: 'user' }),
      meeting(12, { startsAt: at(10, 9), durationMinutes: 30, accountId: ACCOUNT_B }),
    ]
    for (const m of held) await right(s.meetings.create(m))
    const windows: MeetingWindow[] = [
      { from: null, to: null },
      { from: at(10, 9), to: null },
      { from: null, to: at(10, 10) },
      { from: at(10, 9), to: at(13, 0) },
      { from: at(10, 10), to: at(10, 12) },
      { from: at(14, 0), to: at(16, 0) },
    ]
    const pagesOf = async (meetings: ReadonlyArray<Meeting>) => {
      for (const w of windows) {
        const expected = meetings.filter((m) => m.accountId === ACCOUNT_A && m.removedAt === null && inWindow(m, w)).sort(byStart)
        await everyPage(expected, (limit, offset) => right(s.meetings.list(ACCOUNT_A, { ...w, limit, offset })))
      }
    }
    await pagesOf(held)

    // Removing one and moving another: the totals follow.
    const removed = { removedAt: at(2, 0), removedBy: 'user' as const }
    await right(s.meetings.update(ACCOUNT_A, meeting(5).id, (m) => ({ ...m, ...removed })))
    await right(s.meetings.update(ACCOUNT_A, meeting(1).id, (m) => ({ ...m, startsAt: at(11, 9) })))
    await pagesOf(held.map((m) => (m.id === meeting(5).id ? { ...m, ...removed } : m.id === meeting(1).id ? { ...m, startsAt: at(11, 9) } : m)))
  })

  s.run()
}
