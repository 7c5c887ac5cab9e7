import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { readRetryAfter } from '../../../../adapters/outbound/net/retry-after.js'

test('Retry-After in seconds or as an HTTP date; null when absent or unreadable', () => {
  const now = Date.parse('2026-06-01T12:00:00Z')
  assert.is(readRetryAfter('30', now), 30)
  assert.is(readRetryAfter(' 12 ', now), 12)
  assert.is(readRetryAfter('Mon, 01 Jun 2026 12:01:00 GMT', now), 60)
  assert.is(readRetryAfter('Mon, 01 Jun 2026 11:00:00 GMT', now), 0, 'a date already past: no wait')
  assert.is(readRetryAfter('soon', now), null)
  assert.is(readRetryAfter('', now), null)
  assert.is(readRetryAfter(undefined, now), null)
})

test.run()
