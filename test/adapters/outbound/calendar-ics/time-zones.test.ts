import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { ianaZone, wallClockToUtc } from '../../../../adapters/outbound/calendar-ics/time-zones.js'

const utc = (wall: string, zone: string): string => new Date(wallClockToUtc(Date.parse(`${wall}Z`), zone)).toISOString()

test('wall-clock times convert with the zone offset in force on that day', () => {
  assert.is(utc('2024-01-15T10:00:00', 'Europe/Berlin'), '2024-01-15T09:00:00.000Z')
  assert.is(utc('2024-07-15T10:00:00', 'Europe/Berlin'), '2024-07-15T08:00:00.000Z')
  assert.is(utc('2024-03-09T09:00:00', 'America/New_York'), '2024-03-09T14:00:00.000Z')
  assert.is(utc('2024-03-11T09:00:00', 'America/New_York'), '2024-03-11T13:00:00.000Z')
  assert.is(utc('2024-06-01T09:30:00', 'Asia/Kolkata'), '2024-06-01T04:00:00.000Z')
})

test('a time in the spring-forward gap lands after the gap', () => {
  assert.is(utc('2024-03-31T02:30:00', 'Europe/Berlin'), '2024-03-31T01:30:00.000Z') // i.e. 03:30 CEST
})

test('TZIDs are read as IANA names, also behind vendor prefixes, and Windows names by CLDR; others are unknown', () => {
  assert.is(ianaZone('Europe/Berlin'), 'Europe/Berlin')
  assert.is(ianaZone('/freeassociation.sourceforge.net/Tzfile/Europe/Berlin'), 'Europe/Berlin')
  assert.is(ianaZone('/citadel.org/20190914_1/America/Argentina/Buenos_Aires'), 'America/Argentina/Buenos_Aires')
  assert.is(ianaZone('W. Europe Standard Time'), 'Europe/Berlin')
  assert.is(ianaZone('Pacific Standard Time'), 'America/Los_Angeles')
  assert.is(ianaZone(' "Pacific Standard Time:" '), 'America/Los_Angeles', 'quotes, spaces and a trailing colon are not part of the name')
  assert.is(ianaZone('Mars Standard Time'), null)
  assert.is(ianaZone(''), null)
  assert.is(ianaZone(null), null)
})

test.run()
