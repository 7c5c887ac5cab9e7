import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { inWindow, isListed, type Meeting } from '../../../src/core/domain/meetings/meeting.js'
import { planSync, referencedIds, type SyncContext } from '../../../src/core/domain/meetings/meeting-sync-plan.js'
import type { CalendarEvent, CalendarPage } from '../../../src/core/ports/calendar-provider.js'
import { calendarEvent, snapshot } from '../../support/meeting-world.js'

const WINDOW = { from: '2026-06-01T00:00:00.000Z', to: '2026-06-30T00:00:00.000Z' }
const CONNECTION = 'c0000000-0000-4000-8000-000000000001'

/** A store of one connection's meetings, with reconcile done the way the stores do it. */
const world = () => {
  const rows = new Map<string, Meeting>()
  let n = 0
  const ctx = (now: string): SyncContext => ({
    accountId: 'acct', connectionId: CONNECTION, source: 'ics', window: WINDOW, now,
    newId: () => `m-${++n}`,
  })
  const sync = (page: CalendarPage, now = '2026-06-01T00:00:00.000Z') => {
    const wanted = new Set(referencedIds(page))
    const existing = [...rows.values()].filter((m) => (m.externalId !== null && wanted.has(m.externalId)) || (isListed(m) && inWindow(m, WINDOW)))
    const writes = planSync(ctx(now), existing, page)
    for (const m of [...writes.inserts, ...writes.updates]) rows.set(m.id, m)
    return writes
  }
  return { rows, sync, listed: () => [...rows.values()].filter(isListed) }
}

const eventArb = fc.record({
  externalId: fc.constantFrom('e0', 'e1', 'e2', 'e3', 'e4', 'e5'),
  day: fc.integer({ min: 1, max: 28 }),
  minutes: fc.integer({ min: 0, max: 120 }),
  title: fc.constantFrom('Standup', 'Review', 'Planning'),
  cancelled: fc.boolean(),
  link: fc.constantFrom(null, 'https://meet.google.com/abc-defg-hij'),
})
type EventSpec = typeof eventArb extends fc.Arbitrary<infer A> ? A : never
const toEvent = (e: EventSpec): CalendarEvent =>
  calendarEvent(e.externalId, {
    startsAt: `2026-06-${String(e.day).padStart(2, '0')}T09:00:00.000Z`,
    durationMinutes: e.minutes,
    title: e.title,
    cancelled: e.cancelled,
    link: e.link,
  })
const pageArb = fc.uniqueArray(eventArb, { selector: (e) => e.externalId, maxLength: 6 }).map((es) => snapshot(es.map(toEvent)))
const userAction = fc.record({ pick: fc.nat(), action: fc.constantFrom('override-true', 'override-false', 'override-null', 'delete') })

test('syncing the same snapshot twice writes nothing the second time', () => {
  fc.assert(
    fc.property(pageArb, (page) => {
      const w = world()
      w.sync(page)
      const again = w.sync(page, '2026-06-01T01:00:00.000Z')
      assert.equal([again.inserts.length, again.updates.length], [0, 0])
    }),
  )
})

test('after a snapshot, the listed meetings are exactly its live events, each under a stable id; overrides and user deletions survive', () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(pageArb, fc.array(userAction, { maxLength: 3 })), { minLength: 1, maxLength: 6 }), (steps) => {
      const w = world()
      const idOf = new Map<string, string>()
      const overrides = new Map<string, boolean | null>()
      const deleted = new Set<string>()
      for (const [page, actions] of steps) {
        w.sync(page)
        for (const m of w.rows.values()) {
          if (m.externalId === null) continue
          assert.is(idOf.get(m.externalId) ?? m.id, m.id, 'an event keeps its meeting id')
          idOf.set(m.externalId, m.id)
          assert.is(m.recordOverride, overrides.get(m.id) ?? null, 'a sync never writes recordOverride')
        }
        const live = page.events.filter((e) => !e.cancelled && !deleted.has(idOf.get(e.externalId) ?? ''))
        assert.equal(w.listed().map((m) => m.externalId).sort(), live.map((e) => e.externalId).sort())
        for (const a of actions) {
          const listed = w.listed()
          const target = listed[a.pick % Math.max(1, listed.length)]
          if (target === undefined) continue
          if (a.action === 'delete') {
            deleted.add(target.id)
            w.rows.set(target.id, { ...target, removedAt: '2026-06-01T00:00:00.000Z', removedBy: 'user' })
          } else {
            const value = a.action === 'override-true' ? true : a.action === 'override-false' ? false : null
            overrides.set(target.id, value)
            w.rows.set(target.id, { ...target, recordOverride: value })
          }
        }
      }
    }),
  )
})

test('a delta removes only what it names and leaves the rest of the window alone', () => {
  const w = world()
  w.sync(snapshot([calendarEvent('a'), calendarEvent('b'), calendarEvent('c')]))
  const writes = w.sync({ mode: 'delta', events: [calendarEvent('a', { title: 'New title' })], removedIds: ['b', 'unknown'], cursor: 't' })
  assert.equal(writes.updates.map((m) => [m.externalId, m.removedBy]), [['a', null], ['b', 'calendar']])
  assert.equal(w.listed().map((m) => m.externalId).sort(), ['a', 'c'])
})

test('a provider repeating an externalId makes one meeting', () => {
  const w = world()
  const writes = w.sync(snapshot([calendarEvent('a'), calendarEvent('a', { title: 'Second copy' })]))
  assert.equal(writes.inserts.map((m) => m.title), ['Event a'])
})

test.run()
