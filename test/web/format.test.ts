import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { formatDuration, wholePercents } from '../../web/format.js'

test('a duration under an hour reads to the second, as a player shows it; longer ones in hours and minutes', () => {
  assert.is(formatDuration(156), '2 min 36 s', 'a 2:36 recording is not "3 min"')
  assert.is(formatDuration(120), '2 min')
  assert.is(formatDuration(59.6), '1 min', 'rounded to the second first')
  assert.is(formatDuration(20.4), '20 s')
  assert.is(formatDuration(4_500), '1 h 15 min')
  assert.is(formatDuration(null), '')
})

test('shares of one whole read as whole percentages that add up to it: never 101 %', () => {
  assert.equal(wholePercents([1 / 3, 1 / 3, 1 / 3]), [34, 33, 33])
  const shares = [0.455, 0.345, 0.2]
  assert.is(shares.map((s) => Math.round(s * 100)).reduce((a, b) => a + b, 0), 101, 'rounding each alone makes 101')
  assert.equal(wholePercents(shares), [46, 34, 20], 'of equal remainders, the first rounds up')
  assert.is(wholePercents([0.125, 0.125, 0.25, 0.5]).reduce((a, b) => a + b, 0), 100)
  assert.equal(wholePercents([0.5, 0.3]), [50, 30], 'a part of the whole (silence left out) keeps its own total')
  assert.equal(wholePercents([]), [])
})

test.run()
