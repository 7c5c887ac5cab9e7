import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { allDayWords, endAfterStartMoved, scheduleDay } from '../../web/components/manage/week.js'

test('moving the start moves the end by as much: the meeting keeps its length', () => {
  assert.is(endAfterStartMoved('2026-03-02T09:00', '2026-03-02T14:00', '2026-03-02T09:30'), '2026-03-02T14:30', 'later: no end before the start')
  assert.is(endAfterStartMoved('2026-03-02T09:00', '2026-03-01T23:45', '2026-03-02T10:15'), '2026-03-02T01:00', 'earlier, across midnight')
  assert.is(endAfterStartMoved('2026-03-02T09:00', '2026-03-03T09:00', '2026-03-02T11:00'), '2026-03-03T11:00', 'a length the person set moves whole')
})

test('while a start is half typed, the end stays as it is', () => {
  assert.is(endAfterStartMoved('2026-03-02T09:00', '', '2026-03-02T09:30'), '2026-03-02T09:30')
  assert.is(endAfterStartMoved('', '2026-03-02T10:00', '2026-03-02T09:30'), '2026-03-02T09:30')
})

const holiday = { startsAt: '2026-06-05T00:00:00.000Z', endsAt: '2026-06-06T00:00:00.000Z', isAllDay: true }
const conference = { startsAt: '2026-06-03T00:00:00.000Z', endsAt: '2026-06-06T00:00:00.000Z', isAllDay: true }

test('an all-day event reads "All day", one of several days its dates: never "12:00 AM – 12:00 AM"', () => {
  assert.is(allDayWords(holiday, 'en-GB'), 'All day')
  // Intl puts thin spaces around the dash
  const spaced = (s: string) => s.replace(/\s/g, ' ')
  assert.is(spaced(allDayWords(conference, 'en-GB')), 'All day, 3 – 5 June', 'the last day is the one before its end')
  assert.is(spaced(allDayWords({ startsAt: '2026-06-29T00:00:00.000Z', endsAt: '2026-07-02T00:00:00.000Z' }, 'en-GB')), 'All day, 29 June – 1 July')
})

test('an all-day event is listed on its own date in any time zone; one begun last week on this week\'s Monday', () => {
  const monday = new Date(2026, 5, 1)
  assert.is(scheduleDay(holiday, monday), '2026-06-05', 'its date, even where 00:00 UTC is the evening before')
  assert.is(scheduleDay({ startsAt: '2026-05-30T00:00:00.000Z', endsAt: '2026-06-03T00:00:00.000Z', isAllDay: true }, monday), '2026-06-01')
  assert.is(scheduleDay({ startsAt: '2026-06-08T00:00:00.000Z', endsAt: '2026-06-09T00:00:00.000Z', isAllDay: true }, monday), null, 'next Monday is next week')
  const local = new Date(2026, 5, 2, 9, 30)
  assert.is(scheduleDay({ startsAt: local.toISOString(), endsAt: local.toISOString(), isAllDay: false }, monday), '2026-06-02', 'a timed meeting on its local day')
})

test.run()
