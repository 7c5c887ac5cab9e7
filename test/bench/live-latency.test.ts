import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { latencies, notInTranscript, percentile, sseReader, summary } from '../../bench/support/live-latency.js'

test('the reader returns each event when the chunk that completes it arrives, and counts heartbeats', () => {
  const reader = sseReader()
  assert.equal(reader.push('retry: 3000\n\nid: 1\nevent: partial\ndata: {"startMs":500,', 10), [])
  const got = reader.push('"text":"Good morning"}\n\n: keep-alive\n\nid: 2\nevent: utt', 25)
  assert.equal(got, [{ id: '1', event: 'partial', data: '{"startMs":500,"text":"Good morning"}', receivedAt: 25 }])
  assert.is(reader.comments, 1)
  assert.equal(reader.push('erance\ndata: {}\n\n', 40).map((e) => [e.event, e.receivedAt]), [['utterance', 40]])
})

test('each line the bot showed is paired with its receipt, from when it was shown; lines never received are named', () => {
  const shown = [
    { type: 'speaker', handedAt: 0, at: 0, shownAt: 0 },
    { type: 'partial', handedAt: 100, at: 90, shownAt: 100, text: 'Good morning', startMs: 500 },
    { type: 'caption', handedAt: 300, at: 290, shownAt: 280, text: 'Good morning everyone.', startMs: 500 },
    { type: 'caption', handedAt: 900, at: 890, shownAt: 900, text: 'Thanks.', startMs: 2000 },
  ]
  const received = [
    { id: '2', event: 'partial', data: JSON.stringify({ startMs: 500, text: 'Good morning' }), receivedAt: 350 },
    { id: '3', event: 'utterance', data: JSON.stringify({ startMs: 500, text: 'Good morning everyone.' }), receivedAt: 420 },
    { id: '4', event: 'partial', data: JSON.stringify({ startMs: 2000, text: 'Thanks.' }), receivedAt: 950 }, // a partial is not the finished line
  ]
  assert.equal(latencies(shown, received), { utterances: [140], partials: [250], handedUtterances: [120], missing: ['utterance "Thanks."'] })
})

test('finished lines streamed must be in the transcript, in order', () => {
  assert.equal(notInTranscript(['a', 'c'], ['a', 'b', 'c']), [])
  assert.equal(notInTranscript(['c', 'a'], ['a', 'b', 'c']), ['a'])
  assert.equal(notInTranscript(['x'], []), ['x'])
})

test('percentiles are nearest-rank', () => {
  const xs = Array.from({ length: 20 }, (_, i) => 20 - i) // 20 .. 1, unsorted
  assert.is(percentile(xs, 50), 10)
  assert.is(percentile(xs, 95), 19)
  assert.equal(summary([]), { n: 0, p50: 0, p95: 0, max: 0 })
})

test.run()
