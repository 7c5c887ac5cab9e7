import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { failure, fixture, parsed } from './helpers.js'

test('the wrapped form; a missing speaker is Unknown', () => {
  assert.equal(parsed('json', fixture('utterances.json')), [
    { start_ms: 0, end_ms: 2400, speaker: 'Alice', text: 'Good morning.' },
    { start_ms: 2500, end_ms: 6100, speaker: 'Bob', text: 'Morning, shall we start?' },
    { start_ms: 6200, end_ms: 8000, speaker: 'Unknown', text: 'Someone in the room agreed.' },
  ])
})

test('a bare list, sorted by start, extra fields ignored', () => {
  const text = JSON.stringify([
    { start_ms: 50, end_ms: 60, speaker: 'B', text: 'two', confidence: 0.9 },
    { start_ms: 10, end_ms: 20, speaker: null, text: 'one' },
  ])
  assert.equal(parsed('json', text), [
    { start_ms: 10, end_ms: 20, speaker: 'Unknown', text: 'one' },
    { start_ms: 50, end_ms: 60, speaker: 'B', text: 'two' },
  ])
})

test('a wrong field fails naming the index and the field', () => {
  const wrapped = { utterances: [{ start_ms: 0, end_ms: 1, text: 'a' }, { start_ms: 5, end_ms: 'abc', speaker: 'B', text: 'b' }] }
  assert.is(failure('json', JSON.stringify(wrapped)).message, 'utterances[1].end_ms: expected a number of milliseconds from 0 to 604,800,000 (7 days), got "abc"')
  const bare = [{ start_ms: 0, end_ms: 1, speaker: 'A', text: 'a' }, { start_ms: 0, end_ms: 1, speaker: 'A', text: 'b' }, { start_ms: 0, end_ms: 1, speaker: 'A' }]
  assert.is(failure('json', JSON.stringify(bare)).message, 'utterances[2].text: expected text, got nothing')
  assert.match(failure('json', '[{"start_ms":-5,"end_ms":1,"text":"x"}]').message, /^utterances\[0\]\.start_ms: /)
  assert.is(failure('json', '[{"start_ms":9,"end_ms":1,"text":"x"}]').message, 'utterances[0].end_ms: the utterance ends before it starts')
})

test('a value of the wrong shape says what is expected', () => {
  assert.match(failure('json', '"hello"').message, /expected a list of utterances or \{"utterances": \[\.\.\.\]\}/)
})

test('invalid JSON names the line where reading stopped', () => {
  const f = failure('json', '{\n  "utterances": [\n    {"start_ms": 0,}\n  ]\n}')
  assert.is(f.line, 3)
  assert.match(f.message, /^line 3: the file is not valid JSON/)
})

test('an empty list or empty texts have no utterances', () => {
  for (const text of ['[]', '{"utterances": []}', '[{"start_ms":0,"end_ms":1,"text":"  "}]'])
    assert.is(failure('json', text).message, 'the transcript has no utterances')
})

test.run()
