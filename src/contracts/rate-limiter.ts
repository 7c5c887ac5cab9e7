import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { RateLimiter } from '../core/ports/rate-limiter.js'
import { right } from './tasks.js'

/** Built with 3 requests per 60-second window. */
export const rateLimiterContract = (name: string, make: () => Promise<RateLimiter> | RateLimiter) => {
  const s = suite<{ limiter: RateLimiter }>(`${name}: rate limiter`)
  s.before.each(async (ctx) => {
    ctx.limiter = await make()
  })
  const at = (s: number) => new Date(Date.UTC(2026, 4, 1, 10, 0, 0) + s * 1000)

  s('allows the limit, then refuses with the time to wait', async ({ limiter }) => {
    const decisions = []
    for (let i = 0; i < 4; i++) decisions.push(await right(limiter.hit('key-a', at(i))))
    assert.equal(decisions.map((d) => d.allowed), [true, true, true, false])
    assert.equal(decisions.map((d) => d.remaining), [2, 1, 0, 0])
    // The window ends 57 s on, but its 3 then weigh on the next window until a third of it (20 s) has passed.
    assert.is(decisions[3]!.resetSeconds, 77)
    assert.is((await right(limiter.hit('key-a', at(3 + 76)))).allowed, false, 'a second before Retry-After')
    assert.is((await right(limiter.hit('key-a', at(3 + 77)))).allowed, true, 'at Retry-After')
  })

  s('buckets are independent', async ({ limiter }) => {
    for (let i = 0; i < 3; i++) await right(limiter.hit('key-a', at(i)))
    assert.is((await right(limiter.hit('key-b', at(3)))).allowed, true)
  })

  s('the window slides: requests free up as the previous window ages', async ({ limiter }) => {
    for (let i = 0; i < 3; i++) await right(limiter.hit('key-a', at(i)))
    assert.is((await right(limiter.hit('key-a', at(61)))).allowed, false, 'the previous window still weighs fully')
    assert.is((await right(limiter.hit('key-a', at(110)))).allowed, true, 'most of the previous window has passed')
    assert.is((await right(limiter.hit('key-a', at(300)))).allowed, true, 'long idle resets')
  })

  s.run()
}
