import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type CalendarConnection, MAX_WARNINGS } from '../../../src/core/domain/meetings/calendar-connection.js'
import type { Meeting } from '../../../src/core/domain/meetings/meeting.js'
import { storeFailure } from '../../../src/core/errors.js'
import { calendarFailure } from '../../../src/core/ports/calendar-provider.js'
import { CALENDAR_SYNC_JOB } from '../../../src/core/calendars/sync-calendar-job.js'
import { calendarEvent as ev, type MeetingWorld, meetingWorld, NOW, snapshot } from '../../support/meeting-world.js'
import { right } from '../../support/run.js'

const s = suite<{ w: MeetingWorld; c: CalendarConnection }>('use cases: calendar sync')
const URL_ = 'https://calendar.example.com/calendars/private-5ecret/basic.ics'

s.before.each(async (ctx) => {
  ctx.w = await meetingWorld()
  ctx.c = await right(ctx.w.calendar.create(ctx.w.actor, { provider: 'ics', url: URL_ }))
})

const listed = async (w: MeetingWorld): Promise<Meeting[]> =>
  [...(await right(w.meetings.list(w.actor, { from: null, to: null, limit: 1000, offset: 0 }))).rows]
const connection = async (w: MeetingWorld, id: string) => right(w.calendar.get(w.actor, id))
const openSyncJobs = (w: MeetingWorld) =>
  (w.jobs as unknown as { entries(): Array<{ kind: string; key: string | null; status: string; runAt: number }> })
    .entries()
    .filter((j) => j.kind === CALENDAR_SYNC_JOB && (j.status === 'queued' || j.status === 'running'))

s('the first sync stores the events, marks the connection active and plans the next sync', async ({ w, c }) => {
  w.feed(snapshot([ev('a', { startsAt: '2026-06-02T09:00:00.000Z' }), ev('b', { link: null, title: 'Dentist' })]))
  assert.is(c.status, 'pending')
  await w.drain()
  assert.equal((await listed(w)).map((m) => [m.title, m.source, m.connectionId, m.link]), [
    ['Event a', 'ics', c.id, 'https://meet.google.com/abc-defg-hij'],
    ['Dentist', 'ics', c.id, null],
  ])
  const after = await connection(w, c.id)
  assert.equal([after.status, after.lastSyncedAt, after.lastError, after.nextSyncAt], ['active', NOW, null, '2026-06-01T12:15:00.000Z'])
  assert.equal(w.fetches[0], {
    source: { kind: 'ics', url: URL_, ownerEmail: 'ada@example.com' },
    window: { from: '2026-05-25T12:00:00.000Z', to: '2026-07-31T12:00:00.000Z' },
    cursor: null,
  })
  assert.equal(openSyncJobs(w).map((j) => [j.key, new Date(j.runAt).toISOString()]), [
    [`${CALENDAR_SYNC_JOB}:${c.id}@2026-06-01T12:15:00.000Z`, '2026-06-01T12:15:00.000Z'],
  ])
  assert.equal(w.changes.map((x) => x.kind), ['created', 'created'])
})

s('a re-sync keeps the override and the id; a moved event moves its meeting', async ({ w }) => {
  w.feed(snapshot([ev('a'), ev('b', { startsAt: '2026-06-05T09:00:00.000Z' })]))
  await w.drain()
  const [a] = await listed(w)
  await right(w.meetings.update(w.actor, a!.id, { recordOverride: false }))
  w.changes.length = 0
  w.feed(snapshot([ev('a', { startsAt: '2026-06-04T15:00:00.000Z', title: 'Moved' }), ev('b', { startsAt: '2026-06-05T09:00:00.000Z' })]))
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: a!.connectionId!, due: null }))
  const moved = O.toNullable(await right(w.ports.meetings.find(w.actor.accountId, a!.id)))
  assert.equal([moved?.startsAt, moved?.title, moved?.recordOverride], ['2026-06-04T15:00:00.000Z', 'Moved', false])
  assert.equal(w.changes.map((x) => [x.kind, x.previous?.startsAt, x.meeting.startsAt]), [['updated', '2026-06-03T09:00:00.000Z', '2026-06-04T15:00:00.000Z']])
  assert.is((await listed(w)).length, 2)
})

s('a cancelled or vanished event disappears; a meeting before the window stays', async ({ w, c }) => {
  const old = ev('old', { startsAt: '2026-05-20T09:00:00.000Z' })
  w.clock.set('2026-05-20T08:00:00.000Z')
  w.feed(snapshot([old, ev('a'), ev('b'), ev('c')]))
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  w.clock.set(NOW) // the window now starts 2026-05-25: 'old' is out of it and not in the feed
  w.feed(snapshot([ev('a'), ev('b', { cancelled: true })]))
  const outcome = await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  assert.equal((await listed(w)).map((m) => m.externalId), ['old', 'a'])
  assert.equal(outcome, { kind: 'synced', inserted: 0, updated: 0, removed: 2, nextSyncAt: '2026-06-01T12:15:00.000Z' })
})

s('a meeting the user deleted stays deleted; one the calendar removed comes back with its override', async ({ w, c }) => {
  const b4 = ev('b', { startsAt: '2026-06-04T09:00:00.000Z' })
  w.feed(snapshot([ev('a'), b4]))
  await w.drain()
  const [a, b] = await listed(w)
  await right(w.meetings.remove(w.actor, a!.id))
  await right(w.meetings.update(w.actor, b!.id, { recordOverride: true }))
  w.feed(snapshot([ev('a')]))
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  assert.equal(await listed(w), [], 'a is deleted by the user, b vanished')
  w.feed(snapshot([ev('a'), b4]))
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  const back = await listed(w)
  assert.equal(back.map((m) => [m.id, m.recordOverride]), [[b!.id, true]])
})

s('a failing feed keeps the meetings, sets status error and a readable lastError, and retries sooner', async ({ w, c }) => {
  w.feed(snapshot([ev('a')]))
  await w.drain()
  w.failFeed(calendarFailure(`The calendar feed at calendar.example.com timed out (${URL_})`, true))
  const failed = await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  assert.equal(failed, { kind: 'failed', message: 'The calendar feed at (the calendar host) timed out ((the feed address))', nextSyncAt: '2026-06-01T12:01:00.000Z' })
  let now = await connection(w, c.id)
  assert.equal([now.status, now.lastSyncedAt, now.consecutiveFailures], ['error', NOW, 1])
  assert.not.match(now.lastError ?? '', /private-5ecret/)
  assert.is((await listed(w)).length, 1, 'meetings kept')
  // The retry is the periodic job planned for 12:01; it backs off to 2 minutes on the second failure.
  w.clock.set('2026-06-01T12:01:00.000Z')
  await w.drain()
  now = await connection(w, c.id)
  assert.equal([now.consecutiveFailures, now.nextSyncAt], [2, '2026-06-01T12:03:00.000Z'])
  w.failFeed(calendarFailure('The calendar feed at calendar.example.com was not found (HTTP 404).', false))
  w.clock.set('2026-06-01T12:03:00.000Z')
  await w.drain()
  now = await connection(w, c.id)
  assert.equal([now.consecutiveFailures, now.nextSyncAt], [3, '2026-06-01T12:18:00.000Z'], 'a failure that will not pass waits the interval')
  w.feed(snapshot([ev('a')]))
  w.clock.set('2026-06-01T12:18:00.000Z')
  await w.drain()
  now = await connection(w, c.id)
  assert.equal([now.status, now.lastError, now.consecutiveFailures, now.lastSyncedAt], ['active', null, 0, '2026-06-01T12:18:00.000Z'])
  assert.is(openSyncJobs(w).length, 1, 'one periodic sync is planned, never more')
})

s('a periodic sync that is no longer the planned one does nothing; an on-demand sync replans', async ({ w, c }) => {
  await w.drain()
  assert.is(w.fetches.length, 1)
  w.clock.set('2026-06-01T12:05:00.000Z')
  await right(w.calendar.requestSync(w.actor, c.id))
  await right(w.calendar.requestSync(w.actor, c.id))
  await w.drain()
  assert.is(w.fetches.length, 2, 'two requests while queued are one sync')
  assert.is((await connection(w, c.id)).nextSyncAt, '2026-06-01T12:20:00.000Z')
  w.clock.set('2026-06-01T12:15:00.000Z')
  await w.drain()
  assert.is(w.fetches.length, 2, 'the 12:15 sync was replaced by the 12:20 one')
  w.clock.set('2026-06-01T12:20:00.000Z')
  await w.drain()
  assert.is(w.fetches.length, 3)
  assert.equal(openSyncJobs(w).map((j) => new Date(j.runAt).toISOString()), ['2026-06-01T12:35:00.000Z'])
})

s('a delta page applies changes and removals, and its cursor is passed back next time', async ({ w, c }) => {
  w.feed(snapshot([ev('a'), ev('b'), ev('c', { startsAt: '2026-06-05T09:00:00.000Z' })]))
  await w.drain()
  w.feed({ mode: 'delta', events: [ev('a', { title: 'Renamed' })], removedIds: ['b'], cursor: 'tok-2' })
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  assert.equal((await listed(w)).map((m) => [m.externalId, m.title]), [['a', 'Renamed'], ['c', 'Event c']])
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  assert.equal(w.fetches.map((f) => f.cursor), [null, null, 'tok-2'])
})

s('deleting the connection removes its meetings; its queued syncs then do nothing', async ({ w, c }) => {
  w.feed(snapshot([ev('a'), ev('b')]))
  await w.drain()
  const gone = await right(w.calendar.remove(w.actor, c.id))
  assert.is(gone.id, c.id)
  assert.equal(await listed(w), [])
  assert.equal(w.changes.slice(-2).map((x) => x.kind), ['removed', 'removed'])
  const outcome = await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  assert.equal(outcome, { kind: 'skipped', why: 'connection_gone' })
  assert.is(w.fetches.length, 1)
})

s('a connection deleted while its sync reads the calendar leaves no meetings behind', async ({ w, c }) => {
  w.feed(snapshot([ev('a')]))
  w.whileFetching(async () => void (await right(w.calendar.remove(w.actor, c.id))))
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  assert.equal(await listed(w), [])
  assert.is(openSyncJobs(w).filter((j) => j.key?.includes('@')).length, 0, 'no periodic sync planned for it')
})

s('a payload the handler cannot read fails for good', async ({ w }) => {
  const handler = w.calendar.jobHandlers[CALENDAR_SYNC_JOB]!
  const bad = await handler({ nope: 1 }, { number: 1, last: false })()
  assert.equal(bad, { _tag: 'Left', left: { retryable: false, message: 'The calendar sync job has a payload it cannot read' } })
})

const SAVE_FAILED = "The calendar was read but its meetings could not be saved: the server's store failed. The sync will be tried again."

s('a store that cannot save the meetings ends the first sync in error, in words, never pending', async ({ w, c }) => {
  const handler = w.calendar.jobHandlers[CALENDAR_SYNC_JOB]!
  w.feed(snapshot([ev('a')]))
  ;(w.ports.meetings as { reconcile: unknown }).reconcile = () => TE.left(storeFailure(new Error('ends_at: Invalid time value')))
  const report = await handler({ accountId: w.actor.accountId, connectionId: c.id, due: null }, { number: 1, last: false })()
  assert.equal(report, {
    _tag: 'Right',
    right: {
      level: 'warn',
      message: `calendar ${c.id} could not be read: ${SAVE_FAILED.replace(/\.$/, '')}; next attempt at 2026-06-01T12:01:00.000Z`,
      details: { connectionId: c.id, error: SAVE_FAILED, nextSyncAt: '2026-06-01T12:01:00.000Z', cause: 'ends_at: Invalid time value' },
    },
  })
  const after = await connection(w, c.id)
  assert.equal([after.status, after.lastError, after.lastSyncedAt, after.consecutiveFailures], ['error', SAVE_FAILED, null, 1])
  assert.is(openSyncJobs(w).filter((j) => j.key?.endsWith('@2026-06-01T12:01:00.000Z')).length, 1, 'retried in a minute')
})

s('an active connection whose store fails turns error with lastError, and active again once it saves', async ({ w, c }) => {
  w.feed(snapshot([ev('a')]))
  await w.drain()
  const reconcile = (w.ports.meetings as { reconcile: unknown }).reconcile
  ;(w.ports.meetings as { reconcile: unknown }).reconcile = () => TE.left(storeFailure(new Error('disk full')))
  const failed = await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  assert.is(failed.kind, 'failed')
  const broken = await connection(w, c.id)
  assert.equal([broken.status, broken.lastError, broken.lastSyncedAt], ['error', SAVE_FAILED, NOW])
  ;(w.ports.meetings as { reconcile: unknown }).reconcile = reconcile
  w.clock.set('2026-06-01T12:01:00.000Z')
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  const healed = await connection(w, c.id)
  assert.equal([healed.status, healed.lastError, healed.lastSyncedAt], ['active', null, '2026-06-01T12:01:00.000Z'])
})

s('a provider that throws ends the sync in error, in words, with the cause in the log only', async ({ w, c }) => {
  const provider = w.ports.calendars[0] as { fetchEvents: unknown }
  provider.fetchEvents = () => () => Promise.reject(new TypeError("Cannot read properties of undefined (reading 'push')"))
  const handler = w.calendar.jobHandlers[CALENDAR_SYNC_JOB]!
  const report = await handler({ accountId: w.actor.accountId, connectionId: c.id, due: null }, { number: 1, last: false })()
  const words = 'The calendar could not be read: the feed reader failed unexpectedly. The sync will be tried again.'
  assert.equal(report._tag === 'Right' && report.right ? report.right.details : null, {
    connectionId: c.id, error: words, nextSyncAt: '2026-06-01T12:01:00.000Z', cause: "Cannot read properties of undefined (reading 'push')",
  })
  const after = await connection(w, c.id)
  assert.equal([after.status, after.lastError], ['error', words])
})

s('what the provider left out is shown on the connection, capped, and kept while a later sync fails', async ({ w, c }) => {
  const notes = Array.from({ length: 30 }, (_, i) => `Event "e${i}" could not be read and was left out: it has no start.`)
  w.feed({ ...snapshot([ev('a')]), warnings: ['30 events could not be read and were left out; the rest was synced.', ...notes] })
  await w.drain()
  const synced = await connection(w, c.id)
  assert.is(synced.status, 'active')
  assert.is(synced.warnings.length, MAX_WARNINGS)
  assert.is(synced.warnings[0], '30 events could not be read and were left out; the rest was synced.')
  assert.is(synced.warnings[MAX_WARNINGS - 1], '…and 12 more notes not shown.')
  assert.is((await listed(w)).length, 1, 'the rest was synced')
  w.failFeed(calendarFailure('The calendar feed answered HTTP 500.', true))
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  assert.equal((await connection(w, c.id)).warnings, synced.warnings)
  w.feed(snapshot([ev('a')]))
  await right(w.calendar.syncNow({ accountId: w.actor.accountId, connectionId: c.id, due: null }))
  assert.equal((await connection(w, c.id)).warnings, [], 'a clean sync clears them')
})

s('warnings never show the feed address', async ({ w, c }) => {
  w.feed({ ...snapshot([]), warnings: [`1 event could not be read (${URL_})`] })
  await w.drain()
  assert.equal((await connection(w, c.id)).warnings, ['1 event could not be read ((the feed address))'])
})

s.run()
