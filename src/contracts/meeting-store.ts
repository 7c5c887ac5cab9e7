import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Meeting } from '../core/domain/meetings/meeting.js'
import type { MeetingStore } from '../core/ports/meeting-store.js'
import { left, right } from './tasks.js'
import { ACCOUNT_A, ACCOUNT_B, CONNECTION_1, CONNECTION_2, calendarMeeting, meeting, meetingId } from './meeting-fixtures.js'

const ALL = { from: null, to: null, limit: 100, offset: 0 }
const ids = (rows: ReadonlyArray<Meeting>) => rows.map((m) => m.id)

export const meetingStoreContract = (name: string, make: () => Promise<MeetingStore> | MeetingStore) => {
  const s = suite<{ s: MeetingStore }>(`${name}: meeting store`)
  s.before.each(async (ctx) => {
    ctx.s = await make()
  })

  s('meetings round-trip whole and are scoped to their account', async ({ s }) => {
    const full = calendarMeeting(1, { recordOverride: false, isAllDay: true, externalUrl: 'https://calendar.example/e/1', organizer: null })
    await right(s.create(full))
    await right(s.create(meeting(2, { accountId: ACCOUNT_B, attendees: [], attendeeCount: 0, recordOverride: true })))
    assert.equal(await right(s.find(ACCOUNT_A, full.id)), O.some(full))
    assert.equal(await right(s.find(ACCOUNT_B, full.id)), O.none, 'another account sees nothing')
    assert.equal(await right(s.find(ACCOUNT_B, meetingId(2))), O.some(meeting(2, { accountId: ACCOUNT_B, attendees: [], attendeeCount: 0, recordOverride: true })))
    assert.equal(ids((await right(s.list(ACCOUNT_A, ALL))).rows), [full.id])
  })

  s('removed meetings are never listed nor found, but findAny still sees them', async ({ s }) => {
    const gone = meeting(1, { removedAt: '2026-05-02T00:00:00.000Z', removedBy: 'user' })
    await right(s.create(gone))
    await right(s.create(meeting(2)))
    assert.equal(await right(s.find(ACCOUNT_A, gone.id)), O.none)
    assert.equal(await right(s.findAny(ACCOUNT_A, gone.id)), O.some(gone))
    assert.equal(await right(s.findAny(ACCOUNT_B, gone.id)), O.none)
    const page = await right(s.list(ACCOUNT_A, ALL))
    assert.equal([ids(page.rows), page.total], [[meetingId(2)], 1])
  })

  s('lists by start then id, paged, with the total of the whole window', async ({ s }) => {
    for (const n of [3, 1, 2]) await right(s.create(meeting(n)))
    await right(s.create(meeting(9, { startsAt: meeting(2).startsAt })))
    const first = await right(s.list(ACCOUNT_A, { ...ALL, limit: 2 }))
    assert.equal([ids(first.rows), first.total, first.limit, first.offset], [[meetingId(1), meetingId(2)], 4, 2, 0])
    const next = await right(s.list(ACCOUNT_A, { ...ALL, limit: 2, offset: 2 }))
    assert.equal(ids(next.rows), [meetingId(9), meetingId(3)])
  })

  s('the window holds meetings under way at from, and none that ended by from or start at to', async ({ s }) => {
    const at = (hhmm: string) => `2026-06-10T${hhmm}:00.000Z`
    await right(s.create(meeting(1, { startsAt: at('08:00'), durationMinutes: 60 }))) // ends exactly at from: out
    await right(s.create(meeting(2, { startsAt: at('08:30'), durationMinutes: 60 }))) // under way at from: in
    await right(s.create(meeting(3, { startsAt: at('09:00'), durationMinutes: 0 }))) // zero length at from: in
    await right(s.create(meeting(4, { startsAt: at('11:59'), durationMinutes: 30 }))) // starts before to: in
    await right(s.create(meeting(5, { startsAt: at('12:00'), durationMinutes: 30 }))) // starts at to: out
    const inside = await right(s.list(ACCOUNT_A, { ...ALL, from: at('09:00'), to: at('12:00') }))
    assert.equal([ids(inside.rows), inside.total], [[meetingId(2), meetingId(3), meetingId(4)], 3])
    assert.equal(ids((await right(s.list(ACCOUNT_A, { ...ALL, from: at('11:00') }))).rows), [meetingId(4), meetingId(5)], 'open end')
    assert.equal(ids((await right(s.list(ACCOUNT_A, { ...ALL, to: at('08:30') }))).rows), [meetingId(1)], 'open start')
  })

  s('update changes a listed meeting of the account atomically; none for others or removed ones', async ({ s }) => {
    await right(s.create(meeting(1)))
    await right(s.create(meeting(2, { removedAt: '2026-05-02T00:00:00.000Z', removedBy: 'calendar' })))
    const moved = await right(s.update(ACCOUNT_A, meetingId(1), (m) => ({ ...m, startsAt: '2026-07-01T10:00:00.000Z', recordOverride: true })))
    assert.equal(moved, O.some(meeting(1, { startsAt: '2026-07-01T10:00:00.000Z', recordOverride: true })))
    assert.equal(await right(s.find(ACCOUNT_A, meetingId(1))), moved)
    assert.equal(await right(s.update(ACCOUNT_B, meetingId(1), (m) => ({ ...m, title: 'stolen' }))), O.none)
    assert.equal(await right(s.update(ACCOUNT_A, meetingId(2), (m) => ({ ...m, title: 'revived' }))), O.none)
    const removed = await right(s.update(ACCOUNT_A, meetingId(1), (m) => ({ ...m, removedAt: '2026-05-03T00:00:00.000Z', removedBy: 'user' })))
    assert.ok(O.isSome(removed))
    assert.equal((await right(s.list(ACCOUNT_A, ALL))).total, 0, 'an update may remove')
    assert.is(O.toNullable(await right(s.findAny(ACCOUNT_A, meetingId(1))))?.title, 'Meeting 1', 'nothing else changed')
  })

  s('reconcile shows the plan exactly the meetings the scope names, and applies its writes', async ({ s }) => {
    const window = { from: '2026-06-05T00:00:00.000Z', to: '2026-06-20T00:00:00.000Z' }
    await right(s.create(calendarMeeting(1))) // before the window, not named: not shown
    await right(s.create(calendarMeeting(2, { removedAt: '2026-05-02T00:00:00.000Z', removedBy: 'user' }))) // named, removed: shown
    await right(s.create(calendarMeeting(6))) // listed in the window: shown
    await right(s.create(calendarMeeting(7, { removedAt: '2026-05-02T00:00:00.000Z', removedBy: 'calendar' }))) // removed, not named: not shown
    await right(s.create(calendarMeeting(8, { connectionId: CONNECTION_2 }))) // another connection
    await right(s.create(calendarMeeting(9, { accountId: ACCOUNT_B }))) // another account
    await right(s.create(meeting(10))) // manual
    let seen: string[] = []
    const inserted = calendarMeeting(11, { externalId: 'ev-new' })
    const writes = await right(
      s.reconcile(ACCOUNT_A, { connectionId: CONNECTION_1, externalIds: ['ev-2', 'ev-new'], window }, (existing) => {
        seen = ids(existing).sort()
        const six = existing.find((m) => m.id === meetingId(6))!
        return { inserts: [inserted], updates: [{ ...six, startsAt: '2026-06-16T09:00:00.000Z' }] }
      }),
    )
    assert.equal(seen, [meetingId(2), meetingId(6)])
    assert.equal([writes.inserts.length, writes.updates.length], [1, 1])
    assert.equal(await right(s.find(ACCOUNT_A, meetingId(11))), O.some(inserted))
    assert.is(O.toNullable(await right(s.find(ACCOUNT_A, meetingId(6))))?.startsAt, '2026-06-16T09:00:00.000Z')
    assert.equal(ids((await right(s.list(ACCOUNT_A, ALL))).rows), [meetingId(1), meetingId(8), meetingId(10), meetingId(11), meetingId(6)])
  })

  s('a plan that throws writes nothing', async ({ s }) => {
    const window = { from: '2026-06-01T00:00:00.000Z', to: '2026-06-30T00:00:00.000Z' }
    await right(s.create(calendarMeeting(3)))
    const failed = await left(
      s.reconcile(ACCOUNT_A, { connectionId: CONNECTION_1, externalIds: [], window }, (existing) => {
        if (existing.length > 0) throw new Error('plan failed')
        return { inserts: [calendarMeeting(4)], updates: [] }
      }),
    )
    assert.is(failed._tag, 'StoreFailure')
    assert.equal(ids((await right(s.list(ACCOUNT_A, ALL))).rows), [meetingId(3)])
  })

  s('startingBetween looks across accounts at listed meetings starting in the window, in pages', async ({ s }) => {
    for (const n of [4, 2, 3, 5]) await right(s.create(meeting(n)))
    await right(s.create(meeting(6, { accountId: ACCOUNT_B, startsAt: meeting(3).startsAt })))
    await right(s.create(meeting(7, { startsAt: meeting(3).startsAt, removedAt: '2026-05-02T00:00:00.000Z', removedBy: 'user' })))
    const from = meeting(2).startsAt
    const to = meeting(5).startsAt
    const first = await right(s.startingBetween(from, to, null, 2))
    assert.equal(ids(first), [meetingId(2), meetingId(3)], 'from is inclusive; by start then id')
    const last = first[first.length - 1]!
    const next = await right(s.startingBetween(from, to, { startsAt: last.startsAt, id: last.id }, 10))
    assert.equal(ids(next), [meetingId(6), meetingId(4)], 'the other account too; to is exclusive; removed left out')
  })

  s('countUpcomingByConnection counts, per connection, the listed meetings not ended by the time given', async ({ s }) => {
    await right(s.create(calendarMeeting(1)))
    await right(s.create(calendarMeeting(3, { durationMinutes: 60 })))
    await right(s.create(calendarMeeting(4)))
    await right(s.create(calendarMeeting(5, { removedAt: '2026-05-02T00:00:00.000Z', removedBy: 'calendar' })))
    await right(s.create(calendarMeeting(6, { connectionId: CONNECTION_2 })))
    await right(s.create(calendarMeeting(7, { accountId: ACCOUNT_B })))
    await right(s.create(meeting(8)))
    // 09:45 on the 3rd: the meeting of the 1st has ended, the 3rd's hour is under way.
    assert.equal(await right(s.countUpcomingByConnection(ACCOUNT_A, '2026-06-03T09:45:00.000Z')), { [CONNECTION_1]: 2, [CONNECTION_2]: 1 })
    assert.equal(await right(s.countUpcomingByConnection(ACCOUNT_A, '2026-07-01T00:00:00.000Z')), {}, 'none left: none named')
    assert.equal(await right(s.countUpcomingByConnection(ACCOUNT_B, '2026-06-01T00:00:00.000Z')), { [CONNECTION_1]: 1 })
  })

  s('removeForConnection removes the listed meetings of one connection and returns them removed', async ({ s }) => {
    await right(s.create(calendarMeeting(1)))
    await right(s.create(calendarMeeting(2, { recordOverride: true })))
    await right(s.create(calendarMeeting(3, { connectionId: CONNECTION_2 })))
    await right(s.create(calendarMeeting(4, { accountId: ACCOUNT_B })))
    await right(s.create(meeting(5)))
    const at = '2026-05-09T00:00:00.000Z'
    const gone = await right(s.removeForConnection(ACCOUNT_A, CONNECTION_1, at))
    assert.equal(ids(gone).sort(), [meetingId(1), meetingId(2)])
    assert.ok(gone.every((m) => m.removedAt === at && m.removedBy === 'user'))
    assert.equal(ids((await right(s.list(ACCOUNT_A, ALL))).rows), [meetingId(3), meetingId(5)])
    assert.equal((await right(s.list(ACCOUNT_B, ALL))).total, 1)
    assert.equal(await right(s.removeForConnection(ACCOUNT_A, CONNECTION_1, at)), [], 'nothing left to remove')
  })

  s.run()
}
