import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryRateLimiter } from '../../../../adapters/stores/memory/rate-limiter.js'
import { slidingWindowDecision } from '../../../../adapters/stores/shared/sliding-window.js'

const run = async <A>(task: () => Promise<{ _tag: string; right?: A }>): Promise<A> => (await task()).right as A

test('Retry-After is never shorter than the real wait: a request at now + Retry-After is allowed, one a second earlier is not', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 20 }),
      fc.constantFrom(60, 900),
      fc.array(fc.integer({ min: 0, max: 120_000 }), { minLength: 1, maxLength: 60 }),
      async (limit, windowSeconds, gaps) => {
        const limiter = memoryRateLimiter({ limit, windowSeconds })
        let t = Date.UTC(2026, 5, 1, 12)
        for (const gap of gaps) {
          t += gap
          const d = await run(limiter.hit('ada', new Date(t)))
          if (d.allowed) continue
          // Refused hits are not counted, so probing does not change the bucket until a probe is allowed.
          if (d.resetSeconds > 1) assert.not.ok((await run(limiter.hit('ada', new Date(t + (d.resetSeconds - 1) * 1000)))).allowed, 'a second earlier is still refused')
          assert.ok((await run(limiter.hit('ada', new Date(t + d.resetSeconds * 1000)))).allowed, `allowed after Retry-After ${d.resetSeconds}`)
          return
        }
      },
    ),
    { numRuns: 300 },
  )
})

test('the case the issue met: a window already full keeps weighing on the next one, so the wait runs past the window end', () => {
  // Limit 10 per 900 s; 10 counted in this window, 90 s in. At the window's end (810 s on, the old Retry-After) the
  // 10 still weigh 10 * (1 - e) on the next window: a request is allowed only once e >= 0.1, 90 s later.
  const full = slidingWindowDecision({ limit: 10, windowSeconds: 900 }, 90_000, 0, 0, 10)
  assert.is(full.allowed, false)
  assert.is(full.resetSeconds, 900)
  // The previous window's 10 fall off through this one: 60 s in, the estimate is 9.33 and a request is allowed at 90 s.
  const previous = slidingWindowDecision({ limit: 10, windowSeconds: 900 }, 60_000, 0, 10, 0)
  assert.is(previous.allowed, false)
  assert.is(previous.resetSeconds, 30)
})

test.run()
