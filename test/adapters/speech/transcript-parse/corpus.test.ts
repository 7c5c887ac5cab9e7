/**
 * The regression corpus (fixtures/transcripts/corpus, sources and licences in its README):
 * - vttjs/: mozilla/vtt.js's WebVTT test files, held against vtt.js's own expectations (cue times,
 *   and the rendered text where vtt.js recorded it); the files where the WebVTT spec (and so
 *   webvtt.js and browsers) reads differently from vtt.js are listed below with our outcome;
 * - own/, pysubs2/ and wpt/: SubRip and WebVTT files for each case of issue #29 (speaker styles, cue
 *   markup, bad cues, encodings, loose SubRip), held against expected.json: every utterance,
 *   every note, the guessed encoding, or the refusal.
 */
import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parseTranscript } from '../../../../adapters/speech/transcript-parse/index.js'
import type { ParsedTranscript, TranscriptParseFailure } from '../../../../src/core/ports/transcript-parser.js'

const CORPUS = new URL('../../../../fixtures/transcripts/corpus/', import.meta.url)
const json = <T>(path: string): T => JSON.parse(readFileSync(new URL(path, CORPUS), 'utf8')) as T
const read = (path: string): E.Either<TranscriptParseFailure, ParsedTranscript> =>
  parseTranscript(path.endsWith('.srt') ? 'srt' : 'vtt', readFileSync(new URL(path, CORPUS)), { maxUtterances: 100_000 })

interface VttJsExpectation {
  readonly times?: ReadonlyArray<readonly [number, number]>
  readonly texts?: ReadonlyArray<string>
}

/** Where the WebVTT spec (webvtt.js, browsers) and vtt.js disagree, what we do, and why. */
const SPEC_DIFFERS: Readonly<Record<string, { readonly outcome: RegExp | number; readonly why: string }>> = {
  'cue-times/min-top-digits.vtt': { outcome: /^line 3: '000:00.000 --> 00:02.000' is not a valid cue timing/, why: 'three minute digits make hours per the spec; vtt.js accepts them' },
  'cue-times/minimum-spots-over-sixty.vtt': { outcome: /^line 3: '120:00.000 --> 120:10.000' is not a valid cue timing/, why: 'as above' },
  'cuetext/timestamp/no-end-gt.vtt': { outcome: /^the transcript has no utterances$/, why: 'an unclosed timestamp tag runs to the end of the cue text (spec tokenizer), leaving no text' },
  'integration/id.vtt': { outcome: 5, why: 'after a bad timing line, a line holding "-->" starts the next cue (spec); vtt.js drops that cue' },
}

const cueKey = (u: { start_ms: number; end_ms: number }) => `${u.start_ms}-${u.end_ms}`

/** Our utterances as cues: consecutive utterances with the same timing joined, as one cue's text. */
const asCues = (p: ParsedTranscript) => {
  const cues: Array<{ key: string; text: string }> = []
  for (const u of p.utterances) {
    const last = cues[cues.length - 1]
    if (last !== undefined && last.key === cueKey(u)) last.text += ` ${u.text}`
    else cues.push({ key: cueKey(u), text: u.text })
  }
  return cues
}

test('vtt.js corpus: each file read as vtt.js expects, refused in words when nothing readable remains, or one of the listed spec differences', () => {
  const expected = json<Record<string, VttJsExpectation>>('vttjs/vttjs-expected.json')
  const tally = { tried: 0, right: 0, refusedInWords: 0, specDiffers: 0 }
  for (const [file, want] of Object.entries(expected)) {
    tally.tried++
    const result = read(`vttjs/${file}`)
    const differs = SPEC_DIFFERS[file]
    if (differs !== undefined) {
      if (typeof differs.outcome === 'number') assert.is(E.isRight(result) ? asCues(result.right).length : -1, differs.outcome, file)
      else assert.match(E.isLeft(result) ? result.left.message : '(read)', differs.outcome, file)
      tally.specDiffers++
      continue
    }
    // vtt.js keeps cues that do not end after they start, and cues with no text; we leave them out.
    const keep = (i: number) => (want.times === undefined || want.times[i]![1] > want.times[i]![0]) && (want.texts === undefined || want.texts[i] !== '')
    const count = (want.times ?? want.texts ?? []).length
    const wanted = Array.from({ length: count }, (_, i) => i).filter(keep)
    if (wanted.length === 0) {
      assert.ok(E.isLeft(result), `${file}: nothing readable, so refused`)
      tally.refusedInWords++
      continue
    }
    if (E.isLeft(result)) throw new Error(`${file}: refused: ${result.left.message}`)
    const cues = asCues(result.right)
    assert.is(cues.length, wanted.length, `${file}: cue count`)
    wanted.forEach((i, n) => {
      if (want.times !== undefined) assert.is(cues[n]!.key, `${want.times[i]![0]}-${want.times[i]![1]}`, `${file}: cue ${n} timing`)
      if (want.texts !== undefined) assert.is(cues[n]!.text, want.texts[i], `${file}: cue ${n} text`)
    })
    tally.right++
  }
  assert.equal(tally, { tried: 208, right: 189, refusedInWords: 15, specDiffers: 4 })
})

interface OwnExpectation {
  readonly utterances?: ReadonlyArray<readonly [number, number, string, string]>
  readonly skipped?: ReadonlyArray<string>
  readonly guessedEncoding?: string | null
  readonly refused?: { readonly line: number | null; readonly message: string }
}

test('own, pysubs2 and web-platform-tests corpus: every utterance, note, guessed encoding or refusal as expected', () => {
  for (const [file, want] of Object.entries(json<Record<string, OwnExpectation>>('expected.json'))) {
    const result = read(file)
    if (want.refused !== undefined) {
      assert.equal(E.isLeft(result) ? { line: result.left.line, message: result.left.message } : '(read)', want.refused, file)
      continue
    }
    if (E.isLeft(result)) throw new Error(`${file}: refused: ${result.left.message}`)
    assert.equal(
      {
        utterances: result.right.utterances.map((u) => [u.start_ms, u.end_ms, u.speaker, u.text]),
        skipped: result.right.skipped.map((s) => s.message),
        guessedEncoding: result.right.guessedEncoding,
      },
      want,
      file,
    )
  }
})

test.run()
