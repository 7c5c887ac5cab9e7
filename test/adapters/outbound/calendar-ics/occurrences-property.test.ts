import fc from 'fast-check'
import ICAL from 'ical.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { expandSeries, timingOf } from '../../../../adapters/outbound/calendar-ics/occurrences.js'

// Expanding from a moved-forward start must give exactly what expanding from
// DTSTART gives, for any daily or weekly rule, zone and window.

const DAY = 86_400_000
const pad = (n: number, w = 2): string => String(n).padStart(w, '0')
const icsTime = (ms: number): string => {
  const d = new Date(ms)
  return `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}T${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}00`
}

const series = fc.record({
  startMs: fc.integer({ min: 0, max: 1200 }).map((d) => Date.UTC(2021, 0, 1) + d * DAY),
  minuteOfDay: fc.integer({ min: 0, max: 47 }).map((half) => half * 30),
  zone: fc.constantFrom('UTC', 'Europe/Berlin', 'America/New_York', 'Australia/Sydney'),
  freq: fc.constantFrom('DAILY', 'WEEKLY'),
  interval: fc.integer({ min: 1, max: 4 }),
  byday: fc.subarray(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']),
  untilDays: fc.option(fc.integer({ min: 1, max: 1500 }), { nil: null }),
  durationMin: fc.integer({ min: 0, max: 24 * 60 }),
  windowStartDays: fc.integer({ min: 0, max: 700 }),
  windowDays: fc.integer({ min: 1, max: 92 }),
})

test('fast-forwarded expansion equals full expansion', () => {
  fc.assert(
    fc.property(series, (s) => {
      const wall = s.startMs + s.minuteOfDay * 60_000
      const dtstart = s.zone === 'UTC' ? `DTSTART:${icsTime(wall)}Z` : `DTSTART;TZID=${s.zone}:${icsTime(wall)}`
      const parts = [`FREQ=${s.freq}`, `INTERVAL=${s.interval}`]
      if (s.byday.length > 0) parts.push(`BYDAY=${s.byday.join(',')}`)
      if (s.untilDays !== null) parts.push(`UNTIL=${icsTime(wall + s.untilDays * DAY)}Z`)
      const text = [
        'BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:p', dtstart, `DURATION:PT${s.durationMin}M`,
        `RRULE:${parts.join(';')}`, 'END:VEVENT', 'END:VCALENDAR',
      ].join('\r\n')
      const master = new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstSubcomponent('vevent')
      assert.ok(master)
      const timing = timingOf(master, null)
      assert.ok(timing)
      const fromMs = Date.UTC(2023, 0, 1) + s.windowStartDays * DAY
      const window = { fromMs, toMs: fromMs + s.windowDays * DAY }
      const fast = expandSeries(master, timing, new Set(), window, null, true)
      const full = expandSeries(master, timing, new Set(), window, null, false)
      assert.is(full.cutOff, false)
      assert.equal(fast, full, text)
    }),
    { numRuns: 60 },
  )
})

test.run()
