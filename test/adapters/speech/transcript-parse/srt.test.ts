import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { assertFailsAt, assertSkipsAt, failure, fixture, parsed, read } from './helpers.js'

test('numbered cues with comma milliseconds, speaker prefixes, tags stripped, lines joined', () => {
  assert.equal(parsed('srt', fixture('zoom.srt')), [
    { start_ms: 1770, end_ms: 5550, speaker: 'Alice Smith', text: 'Good morning everyone, thanks for joining.' },
    { start_ms: 6120, end_ms: 9840, speaker: 'Bob Jones', text: 'Morning. Shall we start with the budget?' },
    { start_ms: 10200, end_ms: 14000, speaker: 'Alice Smith', text: 'Yes.' },
    { start_ms: 10200, end_ms: 14000, speaker: 'Bob Jones', text: 'Great.' },
  ])
})

test('cues without a speaker are Unknown; hours beyond 99 and CRLF are read', () => {
  const text = '1\r\n100:00:01,000 --> 100:00:02,500\r\njust words\r\n'
  assert.equal(parsed('srt', text), [{ start_ms: 360_001_000, end_ms: 360_002_500, speaker: 'Unknown', text: 'just words' }])
})

test('a blank line inside a caption keeps the text with its cue; out-of-order cues are sorted', () => {
  const text = '2\n00:00:05,000 --> 00:00:06,000\nBob: later\n\n1\n00:00:01,000 --> 00:00:02,000\nAlice: first\n\nstill Alice\n'
  assert.equal(parsed('srt', text), [
    { start_ms: 1000, end_ms: 2000, speaker: 'Alice', text: 'first still Alice' },
    { start_ms: 5000, end_ms: 6000, speaker: 'Bob', text: 'later' },
  ])
})

test('a cue with a broken timing is left out and noted with its line; the rest is read', () => {
  const text = '1\n00:00:01,000 --> 00:00:02,000\nok\n\n2\n00:00:0x,000 --> 00:00:04,000\nbad\n\n3\n00:00:05,000 --> 00:00:06,000\nafter\n'
  const r = read('srt', text)
  assert.equal(r.utterances.map((u) => u.text), ['ok', 'after'])
  assert.equal(r.skipped, [
    { line: 6, message: "line 6: '00:00:0x,000 --> 00:00:04,000' is not a valid cue timing (expected e.g. '00:00:01,000 --> 00:00:04,000'); the cue was left out" },
  ])
  assertSkipsAt('srt', '1\n00:00:01,000 --> 00:00:02,000\nx\n\n2\n00:00:09,000 --> 00:00:04,000\ny\n', 6, /does not end after it starts/)
  assertSkipsAt('srt', '1\n00:00:01,000 --> 00:00:02,000\nx\n\n2\n00:00:04,000 --> 00:00:04,000\ny\n', 6, /does not end after it starts/)
})

test('a file with nothing readable is refused, naming the first problem', () => {
  assertFailsAt('srt', '1\n00:00:01,000 --> 00:00:0x\nx\n', 2, /not a valid cue timing .*; nothing readable remains in the file$/)
  assertFailsAt('srt', 'just some words\nand more\n', 1, /'just some words' is not part of any cue/)
})

test('text before the first cue is left out and noted once', () => {
  const utterances = assertSkipsAt('srt', 'WEBVTT\nKind: captions\n\n00:00:01.000 --> 00:00:02.000\nhi\n', 1, /'WEBVTT' is not part of any cue/)
  assert.equal(utterances.map((u) => u.text), ['hi'])
})

test('an empty file has no utterances', () => {
  for (const text of ['', '\n\n', '1\n00:00:01,000 --> 00:00:02,000\n']) assert.is(failure('srt', text).message, 'the transcript has no utterances')
})

test.run()
