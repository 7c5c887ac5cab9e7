import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { assertFailsAt, assertInTimeOrder, failure, fixture, parsed } from './helpers.js'

test('Speaker: text lines, continuation lines, new paragraph by the same speaker', () => {
  const utterances = parsed('txt', fixture('chat.txt'))
  assert.equal(
    utterances.map(({ speaker, text }) => ({ speaker, text })),
    [
      { speaker: 'Alice', text: "Let's get started. First the roadmap. It has three parts." },
      { speaker: 'Alice', text: 'Then the hiring update.' },
      { speaker: 'Bob', text: 'Sounds good to me.' },
    ],
  )
})

test('without timestamps, timings come from ~150 words a minute and increase', () => {
  const utterances = parsed('txt', fixture('chat.txt'))
  assertInTimeOrder(utterances)
  assert.equal(utterances[0], { ...utterances[0]!, start_ms: 0, end_ms: 10 * 400 }) // 10 words
  for (let i = 1; i < utterances.length; i++) assert.is(utterances[i]!.start_ms, utterances[i - 1]!.end_ms)
})

test('the three stamped styles; a stamped line runs until the next stamp', () => {
  assert.equal(parsed('txt', fixture('stamped.txt')), [
    { start_ms: 5000, end_ms: 12000, speaker: 'Alice', text: "Let's get started." },
    { start_ms: 12000, end_ms: 20000, speaker: 'Bob', text: 'Sounds good.' },
    { start_ms: 20000, end_ms: 31000, speaker: 'Carol', text: 'I have one question. about the budget.' },
    { start_ms: 31000, end_ms: 31000 + 2 * 400, speaker: 'Alice', text: 'Go ahead.' },
  ])
})

test('bracketed stamps after a name, parenthesised stamps first, fractions of a second', () => {
  const utterances = parsed('txt', 'Dave [00:01:30]: late\n(01:35) Erin: here\n[00:01:40.250] Dave: ok\n')
  assert.equal(utterances.map((u) => [u.start_ms, u.end_ms, u.speaker, u.text]), [
    [90_000, 95_000, 'Dave', 'late'],
    [95_000, 100_250, 'Erin', 'here'],
    [100_250, 100_650, 'Dave', 'ok'],
  ])
})

test("Otter's 'Name  m:ss' header lines, with hours", () => {
  const utterances = parsed('txt', fixture('otter.txt'))
  assert.equal(utterances.map((u) => [u.speaker, u.start_ms]), [
    ['Alice Smith', 3000],
    ['Bob Jones', 11000],
    ['Alice Smith', 3_727_000],
  ])
  assert.is(utterances[0]!.text, 'Hello everyone, welcome to the planning call.')
})

test('a stamp alone on a line dates the next utterance; a clock in prose stays text', () => {
  const utterances = parsed('txt', '00:05:00\nAlice: at five minutes\nBob: 10:30 works for me\n')
  assert.equal(utterances.map((u) => [u.start_ms, u.speaker, u.text]), [
    [300_000, 'Alice', 'at five minutes'],
    [300_000 + 3 * 400, 'Bob', '10:30 works for me'],
  ])
})

test('lines without any speaker are Unknown', () => {
  assert.equal(parsed('txt', 'just some notes\nwithout names'), [{ start_ms: 0, end_ms: 5 * 400, speaker: 'Unknown', text: 'just some notes without names' }])
})

test('a broken timestamp fails naming its line', () => {
  const f = failure('txt', 'Alice: hi\n[00:01:xx] Bob: no\n')
  assert.is(f.line, 2)
  assert.is(f.message, "line 2: '00:01:xx' is not a valid timestamp (expected e.g. '01:02' or '00:01:02')")
  assertFailsAt('txt', 'Alice: hi\n\n00:01:7x Bob: no\n', 3, /'00:01:7x' is not a valid timestamp/)
  assertFailsAt('txt', 'Carol (01:7x): hi\n', 1, /'01:7x' is not a valid timestamp/)
  assertFailsAt('txt', 'Alice: hi\nBob: yes\n[00:75:00] Carol: no\n', 3, /'00:75:00' is not a valid timestamp/)
})

test('an empty or blank file has no utterances', () => {
  for (const text of ['', ' \n\t\n', 'Alice:\n']) assert.is(failure('txt', text).message, 'the transcript has no utterances')
})

test.run()
