import ICAL from 'ical.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { findJoinLink, linksInText } from '../../../../adapters/outbound/calendar-ics/join-link.js'

const vevent = (...lines: string[]) =>
  new ICAL.Component(ICAL.parse(['BEGIN:VCALENDAR', 'BEGIN:VEVENT', 'UID:x', ...lines, 'END:VEVENT', 'END:VCALENDAR'].join('\r\n')) as unknown[])
    .getFirstSubcomponent('vevent') as InstanceType<typeof ICAL.Component>

test('links in text lose trailing punctuation, brackets and HTML escapes', () => {
  assert.equal(linksInText('Join (https://zoom.us/j/123456789?pwd=a&amp;b=c). Or <https://meet.google.com/abc-defg-hij>, thanks!'), [
    'https://zoom.us/j/123456789?pwd=a&b=c',
    'https://meet.google.com/abc-defg-hij',
  ])
  assert.equal(linksInText('<a href="https://teams.live.com/meet/1234567890">Join</a>'), ['https://teams.live.com/meet/1234567890'])
  assert.equal(linksInText('no links here'), [])
})

test('conference properties win over free text', () => {
  const e = vevent(
    'DESCRIPTION:Old link https://meet.google.com/old-oldd-old',
    'LOCATION:https://zoom.us/j/111111111',
    'CONFERENCE;VALUE=URI;FEATURE=VIDEO:https://teams.live.com/meet/9876543210987',
  )
  assert.is(findJoinLink(e), 'https://teams.live.com/meet/9876543210987')
})

test('URL comes before LOCATION and DESCRIPTION; unsupported links are passed over', () => {
  const e = vevent(
    'URL:https://example.com/not-a-meeting',
    'LOCATION:Room 4 / https://evilzoom.us/j/123456789',
    'DESCRIPTION:Dial in or join https://us06web.zoom.us/j/98765432109?pwd=xyz.',
  )
  assert.is(findJoinLink(e), 'https://us06web.zoom.us/j/98765432109?pwd=xyz')
})

test('Google conference property is used even when the description has none', () => {
  assert.is(findJoinLink(vevent('X-GOOGLE-CONFERENCE:https://meet.google.com/abc-defg-hij')), 'https://meet.google.com/abc-defg-hij')
  assert.is(findJoinLink(vevent('SUMMARY:Lunch', 'LOCATION:Cafeteria')), null)
})

test("a link only in Outlook's HTML body (X-ALT-DESC) is found, its character references undone, after DESCRIPTION", () => {
  const html = 'X-ALT-DESC;FMTTYPE=text/html:<html><body><a href="https&#58;//teams.microsoft.com/l/meetup-join/19%3ameeting_Yz%40thread.v2/0?context=%7b%22Tid%22%7d&amp;x=1">Join</a></body></html>'
  assert.is(findJoinLink(vevent('DESCRIPTION:Agenda: budget', html)), 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_Yz%40thread.v2/0?context=%7b%22Tid%22%7d&x=1')
  assert.is(findJoinLink(vevent('DESCRIPTION:https://zoom.us/j/111111111', html)), 'https://zoom.us/j/111111111', 'the plain description comes first')
})

test.run()
