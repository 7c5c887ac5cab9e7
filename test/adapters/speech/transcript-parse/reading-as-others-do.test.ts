/**
 * Issue #29: transcript files read as browsers (WebVTT) and pysubs2/pysrt (SubRip) read them:
 * speaker prefixes only where the file's style says so, cue markup as text, loose SubRip.
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { assertFailsAt, assertSkipsAt, parsed, read } from './helpers.js'

const film = (lines: string[]) => lines.map((l, i) => `${i + 1}\n00:00:${String(i * 2 + 1).padStart(2, '0')},000 --> 00:00:${String(i * 2 + 2).padStart(2, '0')},000\n${l}\n`).join('\n')

test('a line ending in ":" in a film is text, not a speaker: no words vanish', () => {
  const text = film(['Bienvenue.', 'The rule is simple:', 'nobody leaves.', 'Is that clear?', 'Yes.', 'Then we begin.'])
  assert.equal(parsed('srt', text).map((u) => [u.speaker, u.text]), [
    ['Unknown', 'Bienvenue.'], ['Unknown', 'The rule is simple:'], ['Unknown', 'nobody leaves.'], ['Unknown', 'Is that clear?'], ['Unknown', 'Yes.'], ['Unknown', 'Then we begin.'],
  ])
  const vtt = `WEBVTT\n\n00:01.000 --> 00:02.000\nThe rule is simple:\n\n00:02.000 --> 00:03.000\nnobody leaves.\n\n00:03.000 --> 00:04.000\nWarning: it is late.\n\n00:04.000 --> 00:05.000\nRun.\n`
  assert.equal(parsed('vtt', vtt).map((u) => u.text), ['The rule is simple:', 'nobody leaves.', 'Warning: it is late.', 'Run.'])
})

test('"Name: text" is a speaker where the file writes speakers so: most cues, or repeated names', () => {
  const zoom = film(['Ann: Good morning.', 'Bo: Morning.', 'Ann: Shall we start?', 'So the plan is this.', 'Bo: Agreed.'])
  assert.equal(parsed('srt', zoom).map((u) => u.speaker), ['Ann', 'Bo', 'Ann', 'Unknown', 'Bo'])
  // A film with a few interview lines: names repeat over a fifth of the cues.
  const some = film(['JOHN: I was there.', 'The city was quiet.', 'JOHN: Nobody came.', 'Then the rain started.', 'MARY: I remember.', 'It was cold.', 'MARY: Very cold.', 'And dark.', 'Then morning.', 'The end.'])
  assert.equal(parsed('srt', some).filter((u) => u.speaker !== 'Unknown').map((u) => u.speaker), ['JOHN', 'JOHN', 'MARY', 'MARY'])
})

test('a lone "Name:" line with nothing after it in its cue stays text', () => {
  const text = film(['Ann: Hello.', 'Bo: Hi.', 'Ann: Listen carefully to the rule:', 'Bo:', 'Ann: Yes?'])
  assert.equal(parsed('srt', text).map((u) => [u.speaker, u.text]), [
    ['Ann', 'Hello.'], ['Bo', 'Hi.'], ['Ann', 'Listen carefully to the rule:'], ['Unknown', 'Bo:'], ['Ann', 'Yes?'],
  ])
})

test('plain text: a one-off "Agenda:" line in prose is text; chat lines keep their speakers', () => {
  const prose = 'We met on Monday.\nAgenda:\nthe budget and the launch.\nWe agreed to meet again.\nThe budget is fine.\nThe launch slips a week.\n'
  assert.equal(parsed('txt', prose).map((u) => u.speaker), ['Unknown'])
  assert.match(parsed('txt', prose)[0]!.text, /Agenda: the budget/)
  assert.equal(parsed('txt', 'Ann: hi\nBo: hello\nAnn: shall we?\n').map((u) => u.speaker), ['Ann', 'Bo', 'Ann'])
})

test('cue markup read as browsers show it: ruby with its annotation, classes, languages, timestamps', () => {
  const vtt = (cue: string) => parsed('vtt', `WEBVTT\n\n00:00.000 --> 00:02.000\n${cue}\n`).map((u) => u.text)
  assert.equal(vtt("<ruby>That's <rt>awesome!</rt></ruby>"), ["That's awesome!"])
  assert.equal(vtt('<ruby>漢<rt>kan</rt>字<rt>ji</rt></ruby>'), ['漢kan字ji'])
  assert.equal(vtt('<c.yellow.bg_blue>This</c> is <i>really</i> <b>bold</b>, <u>under</u> <lang en-GB>colour</lang>'), ['This is really bold, under colour'])
  assert.equal(vtt('one <00:00:00.500>two <00:00:01.000>three'), ['one two three'])
  assert.equal(vtt('< u>malformed</ u> and <>empty</> tags'), ['malformed and empty tags'])
  assert.equal(vtt('Tom &amp; Jerry &lt;3 &eacute;t&#233; &#xE9;t&#xe9; &bogus; &'), ['Tom & Jerry <3 été été &bogus; &'])
  assert.equal(parsed('vtt', 'WEBVTT\n\n00:00.000 --> 00:02.000\n<v.loud Ann &amp; Co>Hi <i>there</i></v> still Ann <v Bo>Bye\n').map((u) => [u.speaker, u.text]), [
    ['Ann & Co', 'Hi there still Ann'], ['Bo', 'Bye'],
  ])
})

test('SubRip markup stripped as pysubs2 does: tags, malformed tags, {\\an8} codes; an unclosed "<" stays', () => {
  const srt = (cue: string) => parsed('srt', `1\n00:00:01,000 --> 00:00:02,000\n${cue}\n`).map((u) => u.text)
  assert.equal(srt('<i>It</i> <b>is</b> < u>fine</ u> <font color="#fff">here</font>{\\an8}'), ['It is fine here'])
  assert.equal(srt('3 < 4 and x<y'), ['3 < 4 and x<y'])
})

test('loose SubRip that pysubs2 and pysrt read', () => {
  const times = (text: string) => parsed('srt', text).map((u) => [u.start_ms, u.end_ms, u.text])
  assert.equal(times('1\n00:29:27,46 --> 00:29:29,5\ntwo-digit fraction\n'), [[1_767_460, 1_769_500, 'two-digit fraction']])
  assert.equal(times('00:00:01 --> 00:00:02\nno fraction, no number\n\n00:00:03,000 -> 00:00:04,000\narrow\n'), [[1000, 2000, 'no fraction, no number'], [3000, 4000, 'arrow']])
  assert.equal(times('  1  \n 0:0:5.250   -->   0:0:6.000  X1:10 Y1:20\n extra spaces \n'), [[5250, 6000, 'extra spaces']])
  assert.equal(times('1\n01:02,500 --> 01:04,000\nno hours\n'), [[62_500, 64_000, 'no hours']])
  assert.equal(times('1\n00:00:01,000-->00:00:02,000\ntight\n\n2\n00:00:03,000 —> 00:00:04,000\ndash\n'), [[1000, 2000, 'tight'], [3000, 4000, 'dash']])
})

test('NUL and other control characters are removed and reported; the words stay', () => {
  const r = read('vtt', 'WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nhel\0lo\n\n00:00:03.000 --> 00:00:04.000\nwor\u0001ld\n')
  assert.equal(r.utterances.map((u) => u.text), ['hello', 'world'])
  assert.equal(r.skipped, [{ line: 4, message: 'line 4: 2 control characters (the first a NUL character) were removed' }])
  assertSkipsAt('srt', '1\n00:00:01,000 --> 00:00:02,000\nok\0\n', 3, /a NUL character was removed/)
})

test('old REGION header lines and blocks are skipped; a --> in a cue id is a bad timing, noted when it loses text', () => {
  const header = read('vtt', 'WEBVTT\nRegion: id=fred width=40% lines=3\n\n00:00:01.000 --> 00:00:02.000 region:fred\nkept\n')
  assert.equal([header.utterances.map((u) => u.text), header.skipped], [['kept'], []])
  // As in browsers, the line after a bad timing that holds "-->" starts the next cue.
  const arrowId = read('vtt', 'WEBVTT\n\nid --> not a timing\n00:00:01.000 --> 00:00:02.000\nkept\n\n00:00:03.000 --> 00:00:04.000\nalso kept\n')
  assert.equal(arrowId.utterances.map((u) => u.text), ['kept', 'also kept'])
  assert.equal(arrowId.skipped, [], 'nothing was lost')
  assertSkipsAt('vtt', 'WEBVTT\n\nid --> not a timing\nlost words\n\n00:00:03.000 --> 00:00:04.000\nkept\n', 3, /'id --> not a timing' is not a valid cue timing/)
  const region = read('vtt', 'WEBVTT\n\nREGION: id=foo width=40%\n\n00:00:01.000 --> 00:00:02.000 region:foo\nkept\n')
  assert.equal([region.utterances.map((u) => u.text), region.skipped], [['kept'], []], 'an old REGION: block is skipped silently, as browsers do')
})

test('JSON times beyond 7 days are refused in words', () => {
  const f = (end: number) => `[{"start_ms":0,"end_ms":${end},"speaker":"A","text":"hi"}]`
  assert.equal(parsed('json', f(7 * 86_400_000)).length, 1)
  assertFailsAtWhole(f(2 ** 60), /utterances\[0\]\.end_ms: expected a number of milliseconds from 0 to 604,800,000 \(7 days\), got 1152921504606847000/)
  assertFailsAtWhole('[{"start_ms":0,"end_ms":1,"text":"a\\u0000b"}]', /utterances\[0\]\.text: expected text without control characters such as NUL/)
})

const assertFailsAtWhole = (text: string, mentions: RegExp) => {
  let message = ''
  try {
    read('json', text)
  } catch (e) {
    message = (e as Error).message
  }
  assert.match(message, mentions)
}

test.run()
