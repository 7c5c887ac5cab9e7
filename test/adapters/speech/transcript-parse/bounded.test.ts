/**
 * Every reader is linear in its input (issue #29: a 400 KB SubRip line of "<a" held the processing
 * thread 148 s). No clock here: each worst case is read at 1 MB, a size at which the quadratic
 * readers replaced here would not finish within the test run (the old SubRip stripper took 11 s
 * at 100 KB, the old WebVTT entity lookup 10 s at 50 KB; `npm run bench:parsers` has the figures
 * at several sizes). And a fuzz per reader: whatever the bytes, an answer in words, never a throw.
 */
import * as fc from 'fast-check'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseTranscript } from '../../../../adapters/speech/transcript-parse/index.js'
import type { TranscriptFormat } from '../../../../src/core/ports/transcript-parser.js'
import { parser } from './helpers.js'
import { WORST_CASES } from './worst-cases.js'

const MB = 1024 * 1024

test('each worst case is read at 1 MB, with its words or a refusal in words', () => {
  for (const c of WORST_CASES) {
    const text = c.build(MB)
    const result = parser.parse(c.format, text)
    if (E.isLeft(result)) assert.match(result.left.message, /\w/, c.name)
    else {
      assert.ok(result.right.utterances.length > 0, c.name)
      // Nothing is made up: the words read never outgrow the file.
      assert.ok(result.right.utterances.reduce((n, u) => n + u.text.length, 0) <= text.length, c.name)
    }
  }
})

// Fragments that steer readers into their slow or fragile paths, joined at random.
const fragment = fc.constantFrom(
  '<a', '<', '>', '</', '< u>', '{\\', '}', '&a;', '&amp;', '&#', '&', '<c>', '<v a>', '</v>', '<ruby>', '<rt>', '<00:00:01.000>',
  '-->', '->', '-', ':', '[', ']', '(', ')', '1', '00:00:01,000', '00:00:02.000', ' ', '\t', '\n', '\n\n', '\r', '\0', '\u0001',
  'WEBVTT', 'NOTE', 'STYLE', 'REGION', 'Ann:', 'Ann', 'a:b', '"', '{', '[{"start_ms":', '"text":', ',', '\uFEFF', 'é', '\uE000',
)
const hostile = fc.array(fragment, { maxLength: 400 }).map((parts) => parts.join(''))

for (const format of ['vtt', 'srt', 'txt', 'json'] as const satisfies ReadonlyArray<TranscriptFormat>) {
  test(`${format}: fuzzed text and bytes never throw; answers are well-formed and bounded by the input`, () => {
    fc.assert(
      fc.property(fc.oneof(hostile.map((s) => new TextEncoder().encode(s)), fc.uint8Array({ maxLength: 600 })), (bytes) => {
        const result = parseTranscript(format, bytes, { maxUtterances: 100_000 })
        if (E.isLeft(result)) {
          assert.ok(result.left.message.length > 0)
          if (result.left.line !== null) assert.ok(result.left.message.startsWith(`line ${result.left.line}: `), result.left.message)
          return
        }
        const { utterances, skipped } = result.right
        const lines = bytes.length + 1
        assert.ok(utterances.length > 0 && utterances.length <= lines && skipped.length <= lines)
        for (const u of utterances) {
          assert.ok(u.text !== '' && !/[\0-\x08]/.test(u.text) && u.end_ms >= u.start_ms && u.start_ms >= 0)
        }
        for (const s of skipped) assert.ok(s.message.startsWith(`line ${s.line}: `), s.message)
      }),
      { numRuns: 400 },
    )
  })
}

test.run()
