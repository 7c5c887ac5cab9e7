import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { segmentTopics } from '../../../../adapters/notes/builtin/topics/segment.js'
import { sharesOf } from '../../../../adapters/notes/builtin/topics/shares.js'

const covers = (spans: ReadonlyArray<{ first: number; last: number }>, n: number): boolean =>
  spans.length > 0 &&
  spans[0]!.first === 0 &&
  spans[spans.length - 1]!.last === n - 1 &&
  spans.every((s, i) => s.first <= s.last && (i === 0 || s.first === spans[i - 1]!.last + 1))

test('two stretches with different vocabularies are split between them', () => {
  const a = 'budget forecast revenue margin costs hiring quarter spending'.split(' ')
  const b = 'release deploy staging pipeline rollback branch migration tests'.split(' ')
  const utter = (words: string[], i: number) => Array.from({ length: 12 }, (_, j) => words[(i * 5 + j * 3) % words.length]!)
  const terms = [...Array.from({ length: 60 }, (_, i) => utter(a, i)), ...Array.from({ length: 60 }, (_, i) => utter(b, i))]
  const spans = segmentTopics(terms)
  assert.ok(covers(spans, terms.length))
  assert.is(spans.length, 2)
  assert.is(spans[1]!.first, 60)
})

test('one vocabulary throughout stays one topic', () => {
  const words = 'budget forecast revenue margin costs hiring quarter spending'.split(' ')
  const terms = Array.from({ length: 120 }, (_, i) => Array.from({ length: 12 }, (_, j) => words[(i + j * 3) % words.length]!))
  assert.is(segmentTopics(terms).length, 1)
})

test('property: spans cover every utterance once, in order', () => {
  fc.assert(
    fc.property(fc.array(fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), { maxLength: 30 }), { minLength: 1, maxLength: 300 }), (terms) =>
      covers(segmentTopics(terms), terms.length),
    ),
    { numRuns: 200 },
  )
  assert.equal(segmentTopics([]), [])
})

test('property: shares are fractions that sum to 1 within 1e-9', () => {
  fc.assert(
    fc.property(fc.array(fc.double({ min: 0, max: 1e7, noNaN: true }), { minLength: 1, maxLength: 50 }), (amounts) => {
      const shares = sharesOf(amounts)
      return (
        shares.length === amounts.length &&
        shares.every((s) => s >= -1e-9 && s <= 1 + 1e-9) &&
        Math.abs(shares.reduce((a, b) => a + b, 0) - 1) < 1e-9
      )
    }),
    { numRuns: 500 },
  )
})

test('shares: all zero amounts are split evenly; rounding goes to the largest', () => {
  assert.equal(sharesOf([0, 0, 0, 0]), [0.25, 0.25, 0.25, 0.25])
  const s = sharesOf([1, 1, 1])
  assert.equal(s, [0.3334, 0.3333, 0.3333])
  assert.ok(Math.abs(s[0]! + s[1]! + s[2]! - 1) < 1e-12)
  assert.equal(sharesOf([3, 0, 1]), [0.75, 0, 0.25])
  assert.equal(sharesOf([]), [])
})

test.run()
