import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  applyAttempt,
  DISABLE_AFTER_FAILED_EVENTS,
  judgeAttempt,
  MAX_ATTEMPTS,
  MAX_RETRY_AFTER_MS,
  RETRY_DELAYS_MS,
  retryDelayMs,
  type SendOutcome,
} from '../../../src/core/domain/webhook-delivery.js'
import type { WebhookEndpoint } from '../../../src/core/domain/webhook.js'
import { endpoint } from '../../../src/contracts/webhook-store.js'

const answered = (status: number, retryAfterSeconds: number | null = null): SendOutcome => ({ kind: 'answered', status, retryAfterSeconds, bodyExcerpt: 'oops', durationMs: 1 })

test('which answers succeed, which are retried and which fail at once', () => {
  const verdict = (o: SendOutcome) => judgeAttempt(o).verdict
  assert.equal([200, 201, 204, 299].map((s) => verdict(answered(s))), ['succeeded', 'succeeded', 'succeeded', 'succeeded'])
  assert.equal([429, 500, 502, 503, 599].map((s) => verdict(answered(s))), Array(5).fill('retryable'))
  assert.equal([301, 302, 400, 401, 404, 410, 422].map((s) => verdict(answered(s))), Array(7).fill('failed'))
  assert.is(verdict({ kind: 'unanswered', reason: 'timeout', message: 't', durationMs: 1 }), 'retryable')
  assert.is(verdict({ kind: 'unanswered', reason: 'network', message: 'n', durationMs: 1 }), 'retryable')
  assert.is(verdict({ kind: 'unanswered', reason: 'refused', message: 'r', durationMs: 1 }), 'failed')
  assert.match(judgeAttempt(answered(302)).error!, /redirects are not followed/)
  assert.is(judgeAttempt(answered(500)).error, 'Answered HTTP 500: oops')
})

test('the schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, then no more', () => {
  assert.equal(RETRY_DELAYS_MS, [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000])
  assert.is(MAX_ATTEMPTS, 7)
  assert.equal([1, 2, 3, 4, 5, 6].map((n) => retryDelayMs(n, 0.5, null)), RETRY_DELAYS_MS)
  assert.is(retryDelayMs(7, 0.5, null), null)
})

test('jitter stays within ±20 % of the step; Retry-After only lengthens, up to 10 h', () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 6 }), fc.double({ min: 0, max: 0.999999, noNaN: true }), (attempt, random) => {
      const base = RETRY_DELAYS_MS[attempt - 1]!
      const d = retryDelayMs(attempt, random, null)!
      return d >= Math.floor(base * 0.8) && d <= Math.ceil(base * 1.2)
    }),
  )
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 10_000_000 }), (attempt, seconds) => {
      const d = retryDelayMs(attempt, 0.5, seconds)!
      return d === Math.max(RETRY_DELAYS_MS[attempt - 1]!, Math.min(seconds * 1000, MAX_RETRY_AFTER_MS))
    }),
  )
})

test('applyAttempt: attempts update last seen; failed events count up to the threshold; a success resets', () => {
  const at = '2026-06-01T12:00:00.000Z'
  let e: WebhookEndpoint = endpoint(1)
  e = applyAttempt(e, { at, statusCode: 500, outcome: 'will_retry', error: 'x' })
  assert.equal([e.consecutiveFailures, e.lastStatus, e.lastDeliveryAt], [0, 500, at])
  for (let i = 1; i < DISABLE_AFTER_FAILED_EVENTS; i++) e = applyAttempt(e, { at, statusCode: null, outcome: 'failed', error: 'x.example.com did not answer within 10000 ms.' })
  assert.equal([e.consecutiveFailures, e.status], [DISABLE_AFTER_FAILED_EVENTS - 1, 'active'])
  const reset = applyAttempt(e, { at, statusCode: 200, outcome: 'succeeded', error: null })
  assert.equal([reset.consecutiveFailures, reset.status], [0, 'active'])
  const disabled = applyAttempt(e, { at, statusCode: null, outcome: 'failed', error: 'x.example.com did not answer within 10000 ms.' })
  assert.equal([disabled.status, disabled.consecutiveFailures], ['disabled', 5])
  assert.is(disabled.disabledReason, 'Disabled after 5 consecutive failed deliveries; the last failed: x.example.com did not answer within 10000 ms.')
  const paused = { ...endpoint(2), status: 'disabled' as const, disabledReason: 'Paused' }
  assert.is(applyAttempt({ ...paused, consecutiveFailures: 7 }, { at, statusCode: 500, outcome: 'failed', error: 'x' }).disabledReason, 'Paused', 'a paused endpoint keeps its reason')
})

test.run()
