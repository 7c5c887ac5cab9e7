import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type Harness, startHarness } from '../support/http.js'

// JavaScript's Date rolls 2026-02-30 over to March 2; every date and date-time a request carries (bodies through the
// shared DateTime codec, query parameters through params.ts and the recording filter) is refused instead, in words.

const s = suite<{ h: Harness }>('Real calendar dates only')
s.before(async (ctx) => {
  ctx.h = await startHarness()
})
s.after(async ({ h }) => h.close())

const refused = (r: { status: number; body: any }, path: string, words: RegExp, what: string) => {
  assert.is(r.status, 422, `${what}: ${JSON.stringify(r.body)}`)
  assert.is(r.body.error.code, 'VALIDATION_ERROR')
  const issue = r.body.error.details.find((d: any) => d.path === path)
  assert.ok(issue !== undefined, `${what}: details name ${path}: ${JSON.stringify(r.body)}`)
  assert.match(issue.message, words, what)
}

const MEETING = { title: 'Plan', link: 'https://meet.google.com/abc-defg-hij' }

s('bodies: an impossible day, month, hour or offset is 422 saying which; nothing is made', async ({ h }) => {
  const cases: Array<[string, RegExp]> = [
    ['2026-02-30T09:00:00Z', /2026-02-30 is not a day: February 2026 has 28 days/],
    ['2026-02-29T09:00:00Z', /February 2026 has 28 days/],
    ['2026-04-31T09:00:00+02:00', /April 2026 has 30 days/],
    ['2026-13-01T09:00:00Z', /no month 13/],
    ['2026-06-01T24:00:00Z', /24:00:00 is not a time of day/],
    ['2026-06-01T09:60Z', /09:60 is not a time of day/],
    ['2026-06-01T09:00:00+25:00', /offset 25:00/],
  ]
  for (const [startsAt, words] of cases) {
    refused(await h.request('POST', '/meetings', { body: { ...MEETING, startsAt } }), 'startsAt', words, `meeting ${startsAt}`)
    refused(await h.request('POST', '/uploads', { body: { filename: 'a.vtt', startsAt } }), 'startsAt', words, `upload ${startsAt}`)
  }
  assert.is((await h.request('GET', '/meetings')).body.data.total, 0)
  assert.is((await h.request('GET', '/uploads')).body.data.total, 0)
  const leap = await h.request('POST', '/meetings', { body: { ...MEETING, startsAt: '2028-02-29T09:00:00Z' } })
  assert.is(leap.status, 201, 'a leap day is a day')
  assert.is(leap.body.data.startsAt, '2028-02-29T09:00:00.000Z')
  const patched = await h.request('PATCH', `/meetings/${leap.body.data.id}`, { body: { startsAt: '2027-02-29T09:00:00Z' } })
  refused(patched, 'startsAt', /February 2027 has 28 days/, 'a patch')
})

s('query parameters: the schedule window, meeting and recording filters refuse impossible dates', async ({ h }) => {
  refused(await h.request('GET', '/meetings/schedule?from=2026-02-30T00:00:00Z&to=2026-03-05T00:00:00Z'), 'from', /February 2026 has 28 days/, 'schedule')
  refused(await h.request('GET', '/meetings?to=2026-06-31T00:00:00Z'), 'to', /June 2026 has 30 days/, 'meetings')
  refused(await h.request('GET', '/recordings?from=2026-02-29'), 'from', /February 2026 has 28 days/, 'recordings, a date alone')
  refused(await h.request('GET', '/bots?to=2026-06-01T23:61:00Z'), 'to', /not a time of day/, 'bots')
  assert.is((await h.request('GET', '/recordings?from=2028-02-29')).status, 200, 'a real leap day')
  assert.is((await h.request('GET', '/meetings/schedule?from=2026-02-28T00:00:00Z&to=2026-03-05T00:00:00Z')).status, 200)
})

s('the sign-in Retry-After is never shorter than the wait: the attempt it names is let through', async ({ h }) => {
  const attempt = () => h.request('POST', '/session', { key: null, body: { email: 'nobody@example.com', password: 'wrong password!' } })
  // Ten attempts, a second apart, fill the 900 s window of one email; the window is already 600 s old at the first.
  h.clock.advance(600_000)
  for (let i = 0; i < 10; i++) {
    assert.is((await attempt()).status, 401)
    h.clock.advance(1_000)
  }
  const limited = await attempt()
  assert.is(limited.status, 429)
  const wait = Number(limited.headers.get('retry-after'))
  h.clock.advance((wait - 1) * 1000)
  assert.is((await attempt()).status, 429, 'a second before Retry-After, still limited')
  h.clock.advance(1000)
  assert.is((await attempt()).status, 401, 'at Retry-After the attempt is read again')
})

s.run()
