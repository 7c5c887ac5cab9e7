import { readdirSync, readFileSync } from 'node:fs'
import fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseIcs } from '../../../../adapters/outbound/calendar-ics/parse-ics.js'
import { MAX_EVENT_DAYS } from '../../../../adapters/outbound/calendar-ics/occurrences.js'

// Random and mutated feeds: parseIcs never throws, always answers (the work is
// bounded by the feed's step budget, not by a clock), and whatever it reads is
// fit for the store: real ISO instants, lengths between 0 and MAX_EVENT_DAYS.

const dir = (path: string) => new URL(path, import.meta.url)
const seeds = [
  ...readdirSync(dir('../../../../fixtures/ics/corpus/')).filter((f) => f.endsWith('.ics')).map((f) => readFileSync(dir(`../../../../fixtures/ics/corpus/${f}`), 'utf8')),
  ...readdirSync(dir('../../../../fixtures/ics/')).filter((f) => f.endsWith('.ics')).map((f) => readFileSync(dir(`../../../../fixtures/ics/${f}`), 'utf8')),
]
const WINDOW = { from: '2024-03-01T00:00:00.000Z', to: '2024-05-01T00:00:00.000Z' }

const HOSTILE = [
  'DURATION:P999999999999999999W', 'DURATION:P99999999W', 'DTSTART:99999999T999999', 'DTSTART:00000000', 'DTSTART:20240230',
  'DTEND:19000101T000000Z', 'RRULE:FREQ=HOURLY', 'RRULE:FREQ=YEARLY;BYMONTH=13', 'RRULE:FREQ=WEEKLY;BYDAY=MO, ,TU',
  'RRULE:FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=2', 'RDATE;VALUE=PERIOD:20240301T000000Z/P9999999W', 'RDATE;VALUE=PERIOD:garbage/PT1H',
  'EXDATE:garbage', 'BEGIN:VEVENT', 'END:VEVENT', 'END:VCALENDAR', 'BEGIN:VTIMEZONE', 'TZID:', 'RECURRENCE-ID:20240304',
  'RECURRENCE-ID;TZID=GMT Standard Time:20240304T000000', 'DTSTART;TZID=Nowhere/Special:20240305T100000', 'X-ALT-DESC:&#xFFFFFFF;&#0;',
  ' folded continuation', '\u0000', 'SUMMARY:\uD800', 'BEGIN:', 'END:', ':', ';;;:', 'UID:',
]

type Mutation =
  | { kind: 'delete'; at: number }
  | { kind: 'insert'; at: number; line: string }
  | { kind: 'duplicate'; at: number }
  | { kind: 'truncate'; at: number }
  | { kind: 'replaceChar'; at: number; char: string }

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), at: fc.nat(), line: fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 40 })) }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('truncate' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('replaceChar' as const), at: fc.nat(), char: fc.constantFrom(':', ';', '=', '"', ',', '\r', '\n', ' ', 'Z', 'T', '9') }),
)

const mutate = (text: string, ms: ReadonlyArray<Mutation>): string => {
  let lines = text.split('\r\n')
  for (const m of ms) {
    const i = lines.length === 0 ? 0 : m.at % lines.length
    if (m.kind === 'delete') lines.splice(i, 1)
    else if (m.kind === 'insert') lines.splice(i, 0, m.line)
    else if (m.kind === 'duplicate') lines.splice(i, 0, lines[i] ?? '')
    else if (m.kind === 'truncate') lines = lines.join('\r\n').slice(0, 15 + (m.at % 2000)).split('\r\n')
    else {
      const joined = lines.join('\r\n')
      const at = joined.length === 0 ? 0 : m.at % joined.length
      lines = `${joined.slice(0, at)}${m.char}${joined.slice(at + 1)}`.split('\r\n')
    }
  }
  return lines.join('\r\n')
}

const storable = (text: string): void => {
  const result = parseIcs(text, WINDOW, { ownerEmail: 'ana@acme.com' })
  if (E.isLeft(result)) {
    assert.type(result.left.message, 'string')
    assert.ok(result.left.message.length > 0)
    return
  }
  for (const e of result.right.events) {
    assert.is(new Date(e.startsAt).toISOString(), e.startsAt)
    assert.ok(Number.isInteger(e.durationMinutes) && e.durationMinutes >= 0 && e.durationMinutes <= MAX_EVENT_DAYS * 1440, `${e.durationMinutes}`)
  }
  for (const note of [...result.right.skipped, ...result.right.notes]) assert.ok(note.length > 0)
}

test('mutated feeds never throw and read only storable occurrences', () => {
  fc.assert(
    fc.property(fc.constantFrom(...seeds), fc.array(mutation, { minLength: 1, maxLength: 6 }), (seed, ms) => storable(mutate(seed, ms))),
    { numRuns: 60 },
  )
})

test('random text behind a calendar header never throws', () => {
  fc.assert(
    fc.property(fc.array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ maxLength: 60 })), { maxLength: 40 }), (lines) =>
      storable(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:x', 'DTSTART:20240320T100000Z', ...lines].join('\r\n')),
    ),
    { numRuns: 100 },
  )
})

test.run()
