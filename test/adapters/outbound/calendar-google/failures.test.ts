/** How the Google adapter meets a busy, failing or slow Google: retries with backoff honouring Retry-After, then a failure that says when to try again; timeouts. */
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { OAuthGrant } from '../../../../src/core/ports/calendar-oauth.js'
import type { OAuthCalendarSource } from '../../../../src/core/ports/calendar-provider.js'
import { at, connect, type Harness, start } from './harness.js'

const WINDOW = { from: '2026-10-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' }

const ctx = { h: undefined as unknown as Harness, grant: undefined as unknown as OAuthGrant }
test.before.each(async () => {
  ctx.h = await start({ timeoutMs: 400 })
  ctx.grant = await connect(ctx.h)
  ctx.h.g.addEvent('primary', { summary: 'A', start: at('2026-11-02'), end: at('2026-11-02', '11:00') })
})
test.after.each(async () => {
  await ctx.h.close()
})

const source = (): OAuthCalendarSource => ({ kind: 'google', calendarId: 'primary', ownerEmail: 'ada@example.com', accessToken: ctx.grant.accessToken })
const fetchEvents = () => ctx.h.google.provider.fetchEvents(source(), WINDOW, null)()

test('429 with Retry-After: the adapter waits at least that long, then succeeds', async () => {
  ctx.h.g.failNext(429, { retryAfterSeconds: 7 })
  const page = await fetchEvents()
  assert.ok(E.isRight(page) && page.right.events.length === 1)
  assert.equal(ctx.h.slept.length, 1)
  assert.ok((ctx.h.slept[0] ?? 0) >= 7000)
})

test('503 then success: one jittered backoff wait', async () => {
  ctx.h.g.failNext(503)
  const page = await fetchEvents()
  assert.ok(E.isRight(page))
  assert.equal(ctx.h.slept, [500], 'random 0.5 × the first step of 1 s')
})

test('a rate limit that outlasts the retries: a retryable failure carrying Retry-After, after a bounded number of tries', async () => {
  ctx.h.g.failNext(403, { retryAfterSeconds: 2, times: 10 })
  const failed = await fetchEvents()
  if (E.isRight(failed)) return assert.unreachable('the rate limit was ignored')
  assert.is(failed.left.retryable, true)
  assert.is(failed.left.retryAfterSeconds, 2)
  assert.match(failed.left.message, 'slow down')
  assert.is(ctx.h.slept.length, 3)
  assert.is(ctx.h.g.requests.filter((r) => r.path.endsWith('/events')).length, 4)
})

test('a Retry-After longer than the cap ends the call at once, saying how long to wait', async () => {
  ctx.h.g.failNext(503, { retryAfterSeconds: 120, times: 2 })
  const failed = await fetchEvents()
  if (E.isRight(failed)) return assert.unreachable('the outage was ignored')
  assert.equal([failed.left.retryable, failed.left.retryAfterSeconds, ctx.h.slept], [true, 120, []])
})

test('the token endpoint failing with 500 then answering: the refresh succeeds', async () => {
  ctx.h.g.failNext(500, { on: 'token' })
  assert.ok(E.isRight(await ctx.h.google.oauth.refresh(ctx.grant)()))
  assert.is(ctx.h.slept.length, 1)
})

test('a slow Google hits the timeout: a retryable failure in words', async () => {
  ctx.h.g.setLatencyMs(1500)
  const started = Date.now()
  const failed = await fetchEvents()
  if (E.isRight(failed)) return assert.unreachable('the slow answer was waited for')
  assert.ok(Date.now() - started < 1400)
  assert.is(failed.left.retryable, true)
  assert.match(failed.left.message, /^Could not reach Google: the server did not answer within 400 ms/)
  ctx.h.g.setLatencyMs(0)
})

test.run()
