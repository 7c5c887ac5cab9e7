import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import * as assert from 'uvu/assert'
import { parseTranscriptText } from '../../../../adapters/speech/transcript-parse/index.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import type { SkippedPart, TranscriptFormat, TranscriptParseFailure } from '../../../../src/core/ports/transcript-parser.js'

/** As the service reads them, with its default utterance limit. */
export const parser = { parse: (format: TranscriptFormat, text: string) => parseTranscriptText(format, text, { maxUtterances: 100_000 }) }

export const fixture = (name: string): string =>
  readFileSync(new URL(`../../../../fixtures/transcripts/${name}`, import.meta.url), 'utf8')

/** The utterances and the parts left out; throws when the file is refused. */
export const read = (format: TranscriptFormat, text: string): { utterances: ReadonlyArray<Utterance>; skipped: ReadonlyArray<SkippedPart> } => {
  const result = parser.parse(format, text)
  if (E.isLeft(result)) throw new Error(`expected a transcript, got: ${result.left.message}`)
  return result.right
}

/** The utterances of a file read whole (nothing left out). */
export const parsed = (format: TranscriptFormat, text: string): ReadonlyArray<Utterance> => {
  const r = read(format, text)
  if (r.skipped.length > 0) throw new Error(`expected nothing left out, got: ${r.skipped.map((s) => s.message).join('; ')}`)
  return r.utterances
}

/** Asserts one part was left out, at `line`, with a message naming that line and saying `mentions`. */
export const assertSkipsAt = (format: TranscriptFormat, text: string, line: number, mentions: RegExp): ReadonlyArray<Utterance> => {
  const r = read(format, text)
  assert.equal(r.skipped.map((s) => s.line), [line], JSON.stringify(r.skipped))
  assert.ok(r.skipped[0]!.message.startsWith(`line ${line}: `), r.skipped[0]!.message)
  assert.match(r.skipped[0]!.message, mentions)
  return r.utterances
}

export const failure = (format: TranscriptFormat, text: string): TranscriptParseFailure => {
  const result = parser.parse(format, text)
  if (E.isRight(result)) throw new Error(`expected a failure, got ${JSON.stringify(result.right)}`)
  return result.left
}

/** Asserts the failure names `line` both in its field and at the start of its message. */
export const assertFailsAt = (format: TranscriptFormat, text: string, line: number, mentions: RegExp): void => {
  const f = failure(format, text)
  assert.is(f.line, line)
  assert.ok(f.message.startsWith(`line ${line}: `), f.message)
  assert.match(f.message, mentions)
}

export const assertInTimeOrder = (utterances: ReadonlyArray<Utterance>): void => {
  for (let i = 1; i < utterances.length; i++)
    assert.ok(utterances[i]!.start_ms >= utterances[i - 1]!.start_ms, `utterance ${i} starts before utterance ${i - 1}`)
  for (const u of utterances) assert.ok(u.end_ms >= u.start_ms, `${JSON.stringify(u)} ends before it starts`)
}
