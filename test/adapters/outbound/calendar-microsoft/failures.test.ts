/** Microsoft adapter, failures: throttling with Retry-After, an outage, a slow provider. */
import * as assert from 'uvu/assert'
import { WINDOW, connect, failureOf, microsoftSuite, source, sync } from './harness.js'

const s = microsoftSuite('Microsoft adapter, failures')

s('429 with Retry-After: the injected sleep is asked for at least that, then the call succeeds', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.failNext(429, { retryAfterSeconds: 7 })
  const page = await sync(ctx, grant, null)
  assert.is(page.mode, 'snapshot')
  assert.equal(ctx.sleeps, [7000])
})

s('503 then success; a lasting outage ends as a retryable failure carrying retryAfterSeconds', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.failNext(503)
  assert.is((await sync(ctx, grant, null)).mode, 'snapshot')
  assert.is(ctx.sleeps.length, 1)
  assert.ok(ctx.sleeps[0]! >= 0 && ctx.sleeps[0]! <= 500, 'full jitter under the first backoff')
  ctx.sleeps.length = 0
  ctx.ms.failNext(503, { retryAfterSeconds: 2, times: 4 })
  const failure = await failureOf(ctx.adapter.provider.fetchEvents(source(ctx, grant), WINDOW, null))
  assert.ok(failure.retryable)
  assert.is(failure.retryAfterSeconds, 2)
  assert.equal(ctx.sleeps, [2000, 2000, 2000], '3 retries, each after Retry-After')
  assert.match(failure.message, /unavailable \(HTTP 503\)/)
  assert.not.ok(failure.message.includes(grant.accessToken))
})

s('Retry-After longer than a call may wait (30 s): no sleep, the wait is passed on', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.failNext(429, { retryAfterSeconds: 120 })
  const failure = await failureOf(ctx.adapter.provider.fetchEvents(source(ctx, grant), WINDOW, null))
  assert.ok(failure.retryable)
  assert.is(failure.retryAfterSeconds, 120)
  assert.equal(ctx.sleeps, [])
})

s('a slow provider hits the timeout: retryable, in words', async (ctx) => {
  const grant = await connect(ctx)
  ctx.timeoutMs = 200
  ctx.ms.setLatencyMs(1000)
  const failure = await failureOf(ctx.adapter.provider.fetchEvents(source(ctx, grant), WINDOW, null))
  assert.ok(failure.retryable)
  assert.match(failure.message, /did not answer within 200 ms/)
  ctx.ms.setLatencyMs(0)
})

s.run()
