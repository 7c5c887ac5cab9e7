import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { type IcsParseResult, parseIcs } from '../../../../adapters/outbound/calendar-ics/parse-ics.js'
import type { CalendarEvent, CalendarWindow } from '../../../../src/core/ports/calendar-provider.js'

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/ics/${name}`, import.meta.url), 'utf8')
const MARCH_APRIL: CalendarWindow = { from: '2024-03-01T00:00:00.000Z', to: '2024-05-01T00:00:00.000Z' }

const parse = (name: string, window = MARCH_APRIL, ownerEmail: string | null = 'ana@acme.com'): IcsParseResult => {
  const result = parseIcs(fixture(name), window, { ownerEmail })
  if (E.isLeft(result)) return assert.unreachable(result.left.message) as never
  assert.equal(result.right.skipped, [])
  return result.right
}
const byId = (events: ReadonlyArray<CalendarEvent>, id: string): CalendarEvent => {
  const found = events.find((e) => e.externalId === id)
  return found ?? (assert.unreachable(`no event ${id}`) as never)
}

const UID = 'weekly-standup-1@google.com'

test('weekly series: RRULE in Europe/Berlin (VTIMEZONE) across the DST change, EXDATE, moved and cancelled occurrences', () => {
  const { events } = parse('weekly-standup.ics')
  assert.equal(
    events.map((e) => [e.externalId.replace(`${UID}#`, ''), e.startsAt, e.cancelled]),
    [
      ['2024-03-04T09:00:00.000Z', '2024-03-04T09:00:00.000Z', false],
      ['2024-03-11T09:00:00.000Z', '2024-03-11T09:00:00.000Z', false],
      // 18 March is an EXDATE; 25 March moved to Tuesday 14:00 Berlin and keeps its original id
      ['2024-03-25T09:00:00.000Z', '2024-03-26T13:00:00.000Z', false],
      ['2024-04-01T08:00:00.000Z', '2024-04-01T08:00:00.000Z', false], // 10:00 CEST after the DST change
      ['2024-04-08T08:00:00.000Z', '2024-04-08T08:00:00.000Z', true],
      // RECURRENCE-ID given in UTC still matches the Berlin-time occurrence
      ['2024-04-15T08:00:00.000Z', '2024-04-15T08:30:00.000Z', false],
      ['2024-04-22T08:00:00.000Z', '2024-04-22T08:00:00.000Z', false],
    ],
  )
  assert.ok(events.every((e) => e.isRecurring && !e.isAllDay))
})

test('weekly series: fields of a regular occurrence', () => {
  const e = byId(parse('weekly-standup.ics').events, `${UID}#2024-03-04T09:00:00.000Z`)
  assert.is(e.title, 'Weekly standup')
  assert.is(e.durationMinutes, 15)
  assert.is(e.link, 'https://meet.google.com/abc-defg-hij')
  assert.equal(e.organizer, { name: 'Ana Lima', email: 'ana@acme.com' })
  assert.equal(e.attendees, [
    { name: 'Ana Lima', email: 'ana@acme.com', responseStatus: 'accepted' },
    { name: 'Bo Chen', email: 'bo.chen@partner.io', responseStatus: 'declined' },
    { name: 'carl@acme.com', email: 'carl@acme.com', responseStatus: 'needsAction' },
  ]) // the room (CUTYPE=ROOM) is not a participant
  assert.is(e.responseStatus, 'accepted')
  assert.match(e.description, /Weekly team standup\.\n\nJoin with Google Meet/)
})

test('weekly series: the moved occurrence carries its own title, duration and attendees', () => {
  const e = byId(parse('weekly-standup.ics').events, `${UID}#2024-03-25T09:00:00.000Z`)
  assert.is(e.title, 'Weekly standup (moved to Tuesday)')
  assert.is(e.durationMinutes, 30)
  assert.is(e.attendees[1]?.responseStatus, 'accepted')
})

test('a window keeps only overlapping occurrences, and a moved occurrence follows its new time', () => {
  const window = { from: '2024-03-26T00:00:00.000Z', to: '2024-04-02T00:00:00.000Z' }
  assert.equal(
    parse('weekly-standup.ics', window).events.map((e) => e.startsAt),
    ['2024-03-26T13:00:00.000Z', '2024-04-01T08:00:00.000Z'],
  )
  // the original slot of the moved occurrence (25 March) is empty
  assert.equal(parse('weekly-standup.ics', { from: '2024-03-25T00:00:00.000Z', to: '2024-03-26T00:00:00.000Z' }).events, [])
  // an occurrence in progress at the window start is included
  assert.is(parse('weekly-standup.ics', { from: '2024-03-04T09:10:00.000Z', to: '2024-03-05T00:00:00.000Z' }).events.length, 1)
})

test('Teams meeting from Exchange: Windows TZID with VTIMEZONE, link from X-MICROSOFT-SKYPETEAMSMEETINGURL', () => {
  const [e, ...rest] = parse('teams-meeting.ics').events
  assert.is(rest.length, 0)
  assert.ok(e)
  assert.is(e.externalId, '040000008200E00074C5B7101A82E00800000000B0F1F6A9')
  assert.is(e.startsAt, '2024-03-20T14:00:00.000Z')
  assert.is(e.durationMinutes, 60)
  assert.match(e.link ?? '', /^https:\/\/teams\.microsoft\.com\/l\/meetup-join\/19%3ameeting_NmQ5ZTk0%40thread\.v2\/0\?context=/)
  assert.equal(e.organizer, { name: 'Dana Ortiz', email: 'dana@partner.io' })
  assert.is(e.responseStatus, 'tentative')
  assert.is(e.location, 'Microsoft Teams Meeting')
  assert.is(e.isRecurring, false)
})

test('Zoom meeting: link from LOCATION, DURATION, URL as externalUrl, room left out', () => {
  const [e] = parse('zoom-meeting.ics').events
  assert.ok(e)
  assert.is(e.link, 'https://us02web.zoom.us/j/85512345678?pwd=AbCdEf123.1')
  assert.is(e.startsAt, '2024-03-21T17:00:00.000Z')
  assert.is(e.durationMinutes, 45)
  assert.is(e.externalUrl, 'https://calendar.acme.com/event/zoom-customer-call-42')
  assert.equal(e.attendees.map((a) => a.email), ['ana@acme.com', 'gina@globex.com'])
})

test('all-day events: DATE values at 00:00 UTC, whole days, flagged', () => {
  const events = parse('all-day.ics').events
  assert.equal(
    events.map((e) => [e.title, e.startsAt, e.durationMinutes, e.isAllDay, e.link]),
    [
      ['Team offsite', '2024-03-22T00:00:00.000Z', 2 * 1440, true, null],
      ['Good Friday', '2024-03-29T00:00:00.000Z', 1440, true, null],
    ],
  )
})

test('an event without a join link is kept with link null', () => {
  const [e] = parse('no-link.ics').events
  assert.ok(e)
  assert.is(e.title, 'Dentist')
  assert.is(e.link, null)
  assert.is(e.responseStatus, null, 'the owner is neither attendee nor organizer')
})

test('IANA TZID without VTIMEZONE, EXDATE in UTC, and a floating time in X-WR-TIMEZONE', () => {
  const events = parse('berlin-without-vtimezone.ics').events
  assert.equal(
    events.map((e) => [e.title, e.startsAt]),
    [
      ['Daily check-in', '2024-03-29T08:00:00.000Z'],
      // 30 March excluded by an EXDATE written in UTC
      ['Daily check-in', '2024-03-31T07:00:00.000Z'], // 09:00 CEST
      ['Daily check-in', '2024-04-01T07:00:00.000Z'],
      ['Lunch and learn', '2024-04-02T10:00:00.000Z'], // floating 12:00 read in Europe/Berlin
    ],
  )
  assert.is(events[0]?.link, 'https://meet.google.com/xyz-abcd-efg?authuser=0')
  assert.is(events[3]?.link, 'https://acme.zoom.us/my/lunch.learn')
})

test('a line that cannot be read is left out of its event and noted; the event is kept', () => {
  const result = parseIcs(fixture('malformed.ics'), MARCH_APRIL)
  if (E.isLeft(result)) return assert.unreachable(result.left.message)
  assert.equal(result.right.events.map((e) => [e.title, e.startsAt]), [['Broken', '2024-03-21T17:00:00.000Z']])
  assert.equal(result.right.skipped, [])
  assert.equal(result.right.notes, ['Event "Broken": a line could not be read and was left out (invalid line (no token ";" or ":") "this line has neither a name nor a value").'])
})

test('an HTML page or empty text is not a feed', () => {
  const html = parseIcs('<!DOCTYPE html><html><body>Sign in</body></html>', MARCH_APRIL)
  assert.equal(html, E.left({ _tag: 'CalendarFailure', message: 'The address did not return an iCalendar feed (it returned a web page).', retryable: false }))
  assert.ok(E.isLeft(parseIcs('', MARCH_APRIL)))
})

test('an empty calendar gives no events; a byte-order mark and LF line ends are accepted', () => {
  const result = parseIcs('\uFEFFBEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR\n', MARCH_APRIL)
  assert.equal(result, E.right({ events: [], skipped: [], notes: [], calendarName: null }))
})

test('the feed\'s own name is read from X-WR-CALNAME, trimmed', () => {
  const result = parseIcs('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nX-WR-CALNAME: Team holidays \r\nEND:VCALENDAR\r\n', MARCH_APRIL)
  assert.equal(E.map((r: { calendarName: string | null }) => r.calendarName)(result), E.right('Team holidays'))
})

test('a runaway rule is cut off instead of looping for ever', () => {
  const ics = [
    'BEGIN:VCALENDAR', 'VERSION:2.0', 'BEGIN:VEVENT', 'UID:every-minute', 'DTSTART:20000101T000000Z', 'DTEND:20000101T000100Z',
    'RRULE:FREQ=MINUTELY', 'SUMMARY:Spam', 'END:VEVENT', 'END:VCALENDAR',
  ].join('\r\n')
  const result = parseIcs(ics, MARCH_APRIL)
  assert.equal(result, E.right({ events: [], skipped: [], notes: ['Event "Spam" repeats too often; only its first 50000 occurrences were read.'], calendarName: null }))
})

test('UID-less events at the same time with the same title are two events; the first keeps its id', () => {
  const event = (description: string) => ['BEGIN:VEVENT', 'DTSTART:20240320T100000Z', 'DURATION:PT1H', 'SUMMARY:Sync', `DESCRIPTION:${description}`, 'END:VEVENT']
  const result = parseIcs(['BEGIN:VCALENDAR', 'VERSION:2.0', ...event('first'), ...event('second'), 'END:VCALENDAR'].join('\r\n'), MARCH_APRIL)
  if (E.isLeft(result)) return assert.unreachable(result.left.message)
  assert.equal(result.right.events.map((e) => [e.externalId, e.description]), [
    ['no-uid:DTSTART:20240320T100000Z:Sync', 'first'],
    ['no-uid:DTSTART:20240320T100000Z:Sync#2', 'second'],
  ])
})

test.run()
