import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { assertFailsAt, assertInTimeOrder, assertSkipsAt, failure, fixture, parsed, read } from './helpers.js'

test('Zoom export: numeric ids, "Name: text" cue text, multi-line cues joined', () => {
  assert.equal(parsed('vtt', fixture('zoom.vtt')), [
    { start_ms: 1770, end_ms: 5550, speaker: 'Alice Smith', text: 'Good morning everyone, thanks for joining.' },
    { start_ms: 6120, end_ms: 9840, speaker: 'Bob Jones', text: 'Morning. Shall we start with the budget?' },
    { start_ms: 10200, end_ms: 14000, speaker: 'Alice Smith', text: 'Yes. The numbers for the third quarter came in yesterday.' },
  ])
})

test('Teams export: <v Name>text</v> with GUID cue ids and character references', () => {
  const utterances = parsed('vtt', fixture('teams.vtt'))
  assert.equal(utterances.map((u) => u.speaker), ['Carol Díaz', "Dan O'Brien", 'Carol Díaz'])
  assert.is(utterances[2]!.text, "Great. Let's review the launch plan & the risks.")
  assert.equal([utterances[0]!.start_ms, utterances[0]!.end_ms], [3340, 5220])
})

test('Google Meet style: the name alone on the first line of the cue', () => {
  assert.equal(parsed('vtt', fixture('google-meet.vtt')), [
    { start_ms: 0, end_ms: 4200, speaker: 'Priya Patel', text: 'Hi all, quick sync on the hiring pipeline.' },
    { start_ms: 4200, end_ms: 7900, speaker: 'Tom Lee', text: 'We have three candidates for the final round.' },
  ])
})

test('voice classes, NOTE/STYLE/REGION blocks, header lines, settings and hour-less stamps', () => {
  const utterances = parsed('vtt', fixture('voice-tags.vtt'))
  assert.equal(utterances, [
    { start_ms: 1000, end_ms: 4000, speaker: 'Eve', text: 'Welcome to the weekly review.' },
    { start_ms: 4500, end_ms: 7000, speaker: 'Frank', text: 'Thanks, Eve.' },
    { start_ms: 7000, end_ms: 9500, speaker: 'Eve', text: 'First item' },
    { start_ms: 7000, end_ms: 9500, speaker: 'Frank', text: 'is mine.' },
    { start_ms: 3_600_000, end_ms: 3_602_000, speaker: 'Unknown', text: 'Closing words without a speaker.' },
  ])
})

test('cues out of order come out in time order', () => {
  const text = 'WEBVTT\n\n00:00:05.000 --> 00:00:06.000\n<v B>second\n\n00:00:01.000 --> 00:00:02.000\n<v A>first\n'
  const utterances = parsed('vtt', text)
  assert.equal(utterances.map((u) => u.text), ['first', 'second'])
  assertInTimeOrder(utterances)
})

test('CRLF line endings and a byte order mark are read', () => {
  const text = '\uFEFFWEBVTT\r\n\r\n00:00:01.000 --> 00:00:02.000\r\nAlice: hi\r\n'
  assert.equal(parsed('vtt', text), [{ start_ms: 1000, end_ms: 2000, speaker: 'Alice', text: 'hi' }])
})

test('a cue with a broken timing is left out and noted, quoting it; the rest is read', () => {
  const r = read('vtt', fixture('bad-timing.vtt'))
  assert.ok(r.utterances.length > 0)
  assert.equal(r.skipped, [
    { line: 8, message: "line 8: '00:01:xx --> 00:01:05.000' is not a valid cue timing (must be exactly two digits); the cue was left out" },
  ])
})

test('other malformed timings each name their line', () => {
  const cue = (timing: string) => `WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n${timing}\nbroken\n\n00:00:07.000 --> 00:00:08.000\nlast\n`
  const kept = (text: string, line: number, mentions: RegExp) =>
    assert.equal(assertSkipsAt('vtt', text, line, mentions).map((u) => u.text), ['ok', 'last'])
  kept(cue('00:00:03 --> 00:00:04.000'), 6, /not a valid cue timing/)
  kept(cue('00:00:03.000 -> 00:00:04.000'), 6, /not a valid cue timing \(the separator must be '-->'\)/)
  assertSkipsAt('vtt', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nok\n\n7\n00:00:03.000 -> 00:00:04.000\nbroken\n', 7, /separator must be/)
  kept(cue('00:00:03.00 --> 00:00:04.000'), 6, /three digits/)
  kept(cue('00:61:03.000 --> 00:00:04.000'), 6, /not a valid cue timing/)
  kept(cue('00:00:05.000 --> 00:00:04.000'), 6, /does not end after it starts/)
  kept(cue('00:00:05.000 --> 00:00:05.000'), 6, /does not end after it starts/)
})

test('text outside any cue is left out and noted once per block', () => {
  assertSkipsAt('vtt', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhi\n\nstray words\nmore stray\n', 6, /'stray words' is text outside any cue/)
  assertSkipsAt('vtt', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhi\n\nid-1\nAlice: no timing here\n', 6, /'id-1' is text outside any cue/)
})

test('a file with nothing readable is refused, naming the first problem', () => {
  assertFailsAt('vtt', 'WEBVTT\n\n00:00:0x.000 --> 00:00:02.000\nlost\n', 3, /not a valid cue timing .*nothing readable remains in the file$/)
})

test('a file without the WEBVTT signature fails at line 1', () => {
  assertFailsAt('vtt', '1\n00:00:01,000 --> 00:00:02,000\nhi\n', 1, /must start with 'WEBVTT'/)
})

test('a file with no cues, or only empty ones, has no utterances', () => {
  for (const text of ['WEBVTT\n', 'WEBVTT\n\nNOTE nothing here\n', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\n<v A></v>\n']) {
    const f = failure('vtt', text)
    assert.is(f.message, 'the transcript has no utterances')
    assert.is(f.line, null)
  }
})

test.run()
