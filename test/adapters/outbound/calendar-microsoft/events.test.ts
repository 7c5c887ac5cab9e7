/** Microsoft adapter, events: Graph's event resource into a CalendarEvent (times in any zone, responses, join links, HTML bodies). */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { htmlToText, mapEvent } from '../../../../adapters/outbound/calendar-microsoft/events.js'

const at = (dateTime: string, timeZone: string) => ({ dateTime, timeZone })

const event = (fields: Record<string, unknown>) => ({
  id: 'AAMkEv1',
  subject: 'Review',
  start: at('2026-07-01T10:00:00.0000000', 'UTC'),
  end: at('2026-07-01T11:00:00.0000000', 'UTC'),
  ...fields,
})

const mapped = (fields: Record<string, unknown>, ownerEmail: string | null = 'adele@contoso.example') => {
  const result = mapEvent(event(fields), ownerEmail)
  if (!result.ok) throw new Error(result.warning)
  return result.event
}

test('times are read in their zone: UTC, IANA and Windows names; an unknown zone as UTC', () => {
  assert.is(mapped({}).startsAt, '2026-07-01T10:00:00.000Z')
  assert.is(mapped({ start: at('2026-07-01T10:00:00.0000000', 'Europe/Berlin'), end: at('2026-07-01T11:00:00.0000000', 'Europe/Berlin') }).startsAt, '2026-07-01T08:00:00.000Z')
  const pacific = mapped({ start: at('2026-07-01T10:00:00.0000000', 'Pacific Standard Time'), end: at('2026-07-01T10:45:00.0000000', 'Pacific Standard Time') })
  assert.is(pacific.startsAt, '2026-07-01T17:00:00.000Z')
  assert.is(pacific.durationMinutes, 45)
  assert.is(mapped({ start: at('2026-07-01T10:00:00.0000000', 'Nowhere/Else') }).startsAt, '2026-07-01T10:00:00.000Z')
})

test('an event without a readable start is left out with a warning naming it', () => {
  const result = mapEvent(event({ start: at('soon', 'UTC') }), null)
  assert.not.ok(result.ok)
  if (!result.ok) assert.match(result.warning, /"Review"/)
})

test('the owner\'s response: accepted as organizer, else responseStatus, else their attendee entry', () => {
  assert.is(mapped({ isOrganizer: true, responseStatus: { response: 'organizer' } }).responseStatus, 'accepted')
  assert.is(mapped({ isOrganizer: false, responseStatus: { response: 'declined' } }).responseStatus, 'declined')
  assert.is(mapped({ isOrganizer: false, responseStatus: { response: 'notResponded' } }).responseStatus, 'needsAction')
  const fromAttendee = mapped({
    isOrganizer: false,
    responseStatus: { response: 'none' },
    attendees: [{ emailAddress: { name: 'Adele', address: 'ADELE@contoso.example' }, status: { response: 'tentativelyAccepted' } }],
  })
  assert.is(fromAttendee.responseStatus, 'tentative')
  assert.equal(fromAttendee.attendees, [{ name: 'Adele', email: 'adele@contoso.example', responseStatus: 'tentative' }])
  assert.is(mapped({ isOrganizer: false, responseStatus: { response: 'none' } }).responseStatus, null, 'not invited')
})

test('the join link: onlineMeeting first, then the location, then the HTML body', () => {
  const teams = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_x'
  const zoom = 'https://acme.zoom.us/j/1234567890'
  assert.is(mapped({ onlineMeeting: { joinUrl: teams }, location: { displayName: zoom } }).link, teams)
  assert.is(mapped({ location: { displayName: zoom }, body: { contentType: 'html', content: `<a href="${teams}">Join</a>` } }).link?.startsWith(zoom), true)
  assert.is(mapped({ body: { contentType: 'html', content: `<a href="https&#58;//acme.zoom.us/j/1234567890">Join</a>` } }).link?.startsWith(zoom), true)
  assert.is(mapped({ body: { contentType: 'text', content: 'no link here' } }).link, null)
})

test('all-day events start at 00:00 UTC of their date; cancelled and recurring are kept', () => {
  const allDay = mapped({ isAllDay: true, start: at('2026-07-01T00:00:00.0000000', 'UTC'), end: at('2026-07-02T00:00:00.0000000', 'UTC'), isCancelled: true, type: 'occurrence' })
  assert.is(allDay.startsAt, '2026-07-01T00:00:00.000Z')
  assert.ok(allDay.isAllDay && allDay.cancelled && allDay.isRecurring)
  assert.is(allDay.durationMinutes, 1440)
})

test('htmlToText keeps the words and their breaks, drops tags, scripts and entities', () => {
  assert.is(htmlToText('<html><style>p{}</style><p>Agenda&nbsp;&amp; notes</p><p>1. Plan<br>2. Review</p></html>'), 'Agenda & notes\n1. Plan\n2. Review')
})

test.run()
