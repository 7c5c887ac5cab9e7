import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { groupAtPauses, parseTimedWords, progressReader } from '../../../../adapters/speech/transcribe-pocketsphinx/index.js'

// Verbatim shape of `pocketsphinx_continuous -time yes` (Debian 0.8+5prealpha): a hypothesis
// line, then one line per word with start, end (seconds) and confidence, per stretch of speech.
const FREE = `and we want
<s> 0.000 0.290 0.999800
and(2) 0.300 0.450 0.054659
we 0.460 0.580 0.452218
want 0.590 0.810 0.084594
</s> 0.820 1.260 1.000000
eating thought i'll queue
<s> 2.540 2.850 1.000100
eating 2.860 3.140 0.092193
thought 3.150 3.490 0.026566
<sil> 3.500 3.620 1.000200
[NOISE] 3.620 3.630 1.000000
i'll 3.630 3.880 0.124352
<sil> 3.890 4.490 1.000100
queue 4.500 4.670 0.002982
</s> 4.680 5.060 1.000000
`

// Keyword spotting (-kws) prints detections newest first, with a doubled space.
const KWS = `project  meeting 
project  5.890 6.520 0.842131
meeting  2.370 2.770 0.827272
`

test('word lines become timed words; fillers, silences and pronunciation marks are dropped', () => {
  assert.equal(
    parseTimedWords(FREE).map((w) => [w.word, w.startMs, w.endMs]),
    [['and', 300, 450], ['we', 460, 580], ['want', 590, 810], ['eating', 2860, 3140], ['thought', 3150, 3490], ["i'll", 3630, 3880], ['queue', 4500, 4670]],
  )
})

test('keyword spotting output is read and put in time order', () => {
  assert.equal(parseTimedWords(KWS).map((w) => [w.word, w.startMs]), [['meeting', 2370], ['project', 5890]])
})

test('words are grouped into utterances at pauses of at least pauseMs', () => {
  const words = parseTimedWords(FREE)
  assert.equal(groupAtPauses(words, { pauseMs: 700, speaker: 'Room', durationMs: 6000 }), [
    { start_ms: 300, end_ms: 810, speaker: 'Room', text: 'and we want' },
    { start_ms: 2860, end_ms: 4670, speaker: 'Room', text: "eating thought i'll queue" },
  ])
  assert.is(groupAtPauses(words, { pauseMs: 600, speaker: 'Room', durationMs: 6000 }).length, 3, "the 620 ms gap before 'queue' splits")
  assert.is(groupAtPauses(words, { pauseMs: 5000, speaker: 'Room', durationMs: 6000 }).length, 1)
})

test('times are clamped to the audio; nothing recognised means no utterances', () => {
  const [u] = groupAtPauses([{ word: 'late', startMs: 900, endMs: 1300 }], { pauseMs: 700, speaker: 'S', durationMs: 1000 })
  assert.equal(u, { start_ms: 900, end_ms: 1000, speaker: 'S', text: 'late' })
  assert.equal(groupAtPauses(parseTimedWords('\n<s> 0.000 0.500 1.0\n</s> 0.5 0.9 1.0\n'), { pauseMs: 700, speaker: 'S', durationMs: 1000 }), [])
})

test('progress follows the last word end over the duration, from output cut anywhere', () => {
  const seen: number[] = []
  const read = progressReader(10_000, (f) => seen.push(f))
  // The output arrives in pieces that split lines (and numbers) anywhere.
  for (let i = 0; i < FREE.length; i += 7) read(FREE.slice(i, i + 7))
  assert.ok(seen.length >= 3, JSON.stringify(seen))
  assert.equal(seen, [...seen].sort((a, b) => a - b), 'never backwards')
  assert.ok(seen.every((f, i) => i === 0 || f > seen[i - 1]!), 'reported only when it moved')
  // Every timed line counts, silences and sentence marks too: they say how far the recogniser has read.
  const lastEnd = Math.max(...FREE.split('\n').flatMap((l) => /^\S+ [\d.]+ ([\d.]+) /.exec(l)?.[1] ?? []).map((x) => Math.round(Number(x) * 1000)))
  assert.is(seen[seen.length - 1], lastEnd / 10_000)
  const none: number[] = []
  progressReader(0, (f) => none.push(f))('<s> 0.000 0.290 0.999800\n')
  assert.equal(none, [], 'no duration, no fraction')
  const capped: number[] = []
  progressReader(1_000, (f) => capped.push(f))('word 1.000 2.500 0.5\n')
  assert.equal(capped, [1], 'never above 1')
})

test.run()
