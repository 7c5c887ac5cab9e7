import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { calendarConnectionUseCases } from '../../../src/core/calendars/index.js'
import { scrubAddress } from '../../../src/core/calendars/sync-calendar-fetch.js'
import { calendarFailure, type CalendarProvider, type IcsCalendarSource } from '../../../src/core/ports/calendar-provider.js'
import { CALENDAR_SYNC_JOB } from '../../../src/core/calendars/sync-calendar-job.js'
import { type MeetingWorld, meetingWorld } from '../../support/meeting-world.js'
import { left, right } from '../../support/run.js'

const s = suite<{ w: MeetingWorld }>('use cases: the feed address is vetted by the provider at creation and never shown')
s.before.each(async (ctx) => {
  ctx.w = await meetingWorld()
})

/** A provider that refuses every address on one host, and records what it was asked to vet. */
const vetting = (vetted: IcsCalendarSource[]): CalendarProvider => ({
  kind: 'ics',
  fetchEvents: () => TE.left(calendarFailure('unused', false)),
  vetSource: (source) => {
    vetted.push(source)
    return source.url.includes('intranet') ? E.left('The feed address is a private network address.') : E.right(source)
  },
})
const syncJobs = (w: MeetingWorld) =>
  (w.jobs as unknown as { entries(): Array<{ kind: string }> }).entries().filter((j) => j.kind === CALENDAR_SYNC_JOB)

s('an address the provider refuses is a 422 on url: nothing stored, no sync queued', async ({ w }) => {
  const vetted: IcsCalendarSource[] = []
  const calendar = calendarConnectionUseCases({ ...w.ports, calendars: [vetting(vetted)] })
  const refused = await left(calendar.create(w.actor, { provider: 'ics', url: '  https://intranet.example/cal/private-1/basic.ics ' }))
  assert.equal(refused, {
    _tag: 'Validation',
    message: 'The feed address is a private network address.',
    details: [{ path: 'url', message: 'The feed address is a private network address.' }],
  })
  assert.equal(vetted, [{ kind: 'ics', url: 'https://intranet.example/cal/private-1/basic.ics', ownerEmail: 'ada@example.com' }])
  assert.equal(await right(calendar.list(w.actor)), [])
  assert.is(syncJobs(w).length, 0)
  const ok = await right(calendar.create(w.actor, { provider: 'ics', url: 'https://calendar.example.com/cal/private-2/basic.ics' }))
  assert.is(ok.status, 'pending')
  assert.is(syncJobs(w).length, 1)
})

s('a read-only key is refused before the address is vetted', async ({ w }) => {
  const vetted: IcsCalendarSource[] = []
  const calendar = calendarConnectionUseCases({ ...w.ports, calendars: [vetting(vetted)] })
  const refused = await left(calendar.create(w.readonly, { provider: 'ics', url: 'https://intranet.example/cal/basic.ics' }))
  assert.is(refused._tag, 'Forbidden')
  assert.equal(vetted, [])
})

s('lastError is scrubbed of the address, its path and its host, whatever the provider wrote', () => {
  const url = 'https://calendar.example.com:8443/calendars/private-5ecret/basic.ics'
  assert.is(
    scrubAddress('The feed at calendar.example.com (calendar.example.com:8443) failed: https://calendar.example.com:8443/calendars/private-5ecret/basic.ics', url),
    'The feed at (the calendar host) ((the calendar host)) failed: (the feed address)',
  )
  assert.is(scrubAddress('GET /calendars/private-5ecret/basic.ics answered 500', url), 'GET (the feed address) answered 500')
  assert.is(scrubAddress('Could not reach [2001:db8::1]', 'https://[2001:db8::1]/x.ics'), 'Could not reach (the calendar host)')
  assert.is(scrubAddress('The calendar feed answered HTTP 500.', 'https://a.io/x.ics'), 'The calendar feed answered HTTP 500.', 'nothing to scrub')
  assert.is(scrubAddress('The calendar feed answered HTTP 500.', 'webcal://x/y.ics'), 'The calendar feed answered HTTP 500.', 'a one-letter host does not mangle words')
})

s.run()
