import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { halfMeanSegment, labelsFromSpans, pk, windowDiff } from '../../../scripts/eval/segmentation-metrics.js'

const ref = [0, 0, 0, 1, 1, 1]

test('k is half the mean reference segment length', () => {
  assert.is(halfMeanSegment(ref), 2) // 6 units, 2 segments: mean 3, half 1.5, rounds to 2
  assert.is(halfMeanSegment([0, 0, 0, 0]), 2)
  assert.is(halfMeanSegment([0, 1, 2, 3]), 1)
})

test('a perfect hypothesis scores 0', () => {
  assert.is(pk(ref, ref, 2), 0)
  assert.is(windowDiff(ref, ref, 2), 0)
})

test('one segment for everything, computed by hand', () => {
  // windows (0,2) same, (1,3) differ, (2,4) differ, (3,5) same in the reference; the hypothesis says same always
  assert.is(pk(ref, [0, 0, 0, 0, 0, 0], 2), 0.5)
  // boundary counts per window in the reference: 0, 1, 1, 0; hypothesis 0 everywhere
  assert.is(windowDiff(ref, [0, 0, 0, 0, 0, 0], 2), 0.5)
})

test('a boundary one unit early, computed by hand', () => {
  const hyp = [0, 0, 1, 1, 1, 1]
  // Pk: ref same/diff/diff/same vs hyp diff/diff/same/same: 2 of 4 wrong
  assert.is(pk(ref, hyp, 2), 0.5)
  // WindowDiff: ref counts 0,1,1,0 vs hyp 1,1,0,0: 2 of 4 wrong
  assert.is(windowDiff(ref, hyp, 2), 0.5)
  // an extra boundary: Pk sees only window (3,5) that straddles it, WindowDiff also counts
  // two boundaries where the reference has one in window 2: counts 0,1,2,1 vs 0,1,1,0
  const extra = [0, 0, 0, 1, 2, 2]
  assert.is(pk(ref, extra, 2), 0.25)
  assert.is(windowDiff(ref, extra, 2), 0.5)
})

test('labels from spans; gaps join the segment before them', () => {
  assert.equal(labelsFromSpans(6, [[0, 1], [3, 5]]), [0, 0, 0, 1, 1, 1])
  assert.equal(labelsFromSpans(5, [[2, 4], [0, 1]]), [0, 0, 1, 1, 1])
  assert.equal(labelsFromSpans(4, [[1, 3]]), [0, 0, 0, 0])
})

test.run()
