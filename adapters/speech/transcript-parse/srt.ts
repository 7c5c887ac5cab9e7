import * as E from 'fp-ts/lib/Either.js'
import type { SkippedPart, TranscriptParseFailure } from '../../../src/core/ports/transcript-parser.js'
import { quote, splitLines } from './failure.js'
import { type Draft, type Reading, reading } from './finish.js'
import { cuesUsePrefixes, noSpeaker, splitSpeaker, stretchesOf } from './speaker-prefix.js'
import { stripMarkup } from './tags.js'

// Timestamps as pysubs2 and pysrt read them: H:M:S with one or two digits each (hours up to
// three), a fraction of 1-3 digits after ',' '.' or ':' read as a decimal (",46" is 460 ms, as
// pysubs2 reads it) or no fraction; or M:SS with a fraction and no hours.
const STAMP = String.raw`(?:(\d{1,3}):(\d{1,2}):(\d{1,2})(?:[,.:](\d{1,3}))?|(\d{1,2}):(\d{2})[,.](\d{1,3}))`
// Any short arrow between them ("-->", "->", "—>", "- >"); position hints after are ignored.
// Character classes that cannot overlap keep the match linear.
const TIMING = new RegExp(String.raw`^\s*${STAMP}[ \t]*[^\d\s]{1,3}(?:[ \t]?>)?[ \t]*${STAMP}(?:\s.*)?$`)
const CUE_NUMBER = /^\s*\d+\s*$/
const EXPECTED = "(expected e.g. '00:00:01,000 --> 00:00:04,000')"

const millis = (m: RegExpExecArray, at: number): number => {
  const [h, min, s, frac] = m[at] !== undefined ? [m[at], m[at + 1], m[at + 2], m[at + 3]] : ['0', m[at + 4], m[at + 5], m[at + 6]]
  const fraction = frac === undefined ? 0 : Math.round(Number(`0.${frac}`) * 1000)
  return ((Number(h) * 60 + Number(min)) * 60 + Number(s)) * 1000 + fraction
}

const looksLikeTiming = (line: string): boolean => line.includes('->') || line.includes('—>') || line.includes('–>')

interface OpenCue {
  readonly start_ms: number
  readonly end_ms: number
  readonly lines: string[]
}

/**
 * SubRip, as pysubs2 and pysrt read it: a cue is a timing line and the text lines after it;
 * cue numbers are optional. Text after a blank line that does not start a new cue stays with
 * the previous cue (editors leave blank lines inside captions). As browsers do with WebVTT, a
 * cue whose timing cannot be read, or that does not end after it starts, is left out with its
 * text and noted, as is text before the first cue; the rest of the file is read.
 */
export const parseSrt = (text: string): E.Either<TranscriptParseFailure, Reading> => {
  const lines = splitLines(text)
  const cues: OpenCue[] = []
  const skipped: SkippedPart[] = []
  const skip = (line: number, message: string) => skipped.push({ line, message: `line ${line}: ${message}` })
  let current: OpenCue | null = null
  let inBadCue = false
  // A bad cue is noted once a line of its text is met: one without text loses nothing (pysubs2
  // writes empty zero-length cues as placeholders; a stray arrow line may be a cue's id).
  let pendingNote: { line: number; message: string } | null = null
  let strayFrom: number | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trim() === '') {
      current = null
      inBadCue = false
      pendingNote = null
      strayFrom = null
      continue
    }
    const timing = TIMING.exec(line)
    if (timing !== null || looksLikeTiming(line)) pendingNote = null
    if (timing !== null) {
      const start = millis(timing, 1)
      const end = millis(timing, 8)
      if (end <= start) {
        pendingNote = { line: i + 1, message: `the cue ${quote(line)} does not end after it starts; it was left out` }
        current = null
        inBadCue = true
      } else {
        current = { start_ms: start, end_ms: end, lines: [] }
        cues.push(current)
        inBadCue = false
      }
      continue
    }
    if (looksLikeTiming(line)) {
      pendingNote = { line: i + 1, message: `${quote(line)} is not a valid cue timing ${EXPECTED}; the cue was left out` }
      current = null
      inBadCue = true
      continue
    }
    if (inBadCue) {
      if (pendingNote !== null) skip(pendingNote.line, pendingNote.message)
      pendingNote = null
      continue
    }
    // A number alone before a timing is the cue's number, not text.
    if (CUE_NUMBER.test(line) && i + 1 < lines.length && (TIMING.test(lines[i + 1]!) || looksLikeTiming(lines[i + 1]!))) continue
    const target: OpenCue | undefined = current ?? cues[cues.length - 1]
    if (target === undefined) {
      if (strayFrom === null) {
        strayFrom = i + 1
        skip(i + 1, `${quote(line)} is not part of any cue (a cue starts with a timing line ${EXPECTED}); it was left out`)
      }
      continue
    }
    target.lines.push(line)
    current = target
  }
  const texts = cues.map((cue) => cue.lines.map(stripMarkup))
  const split = cuesUsePrefixes(texts.map((t) => t[0] ?? '')) ? splitSpeaker : noSpeaker
  const drafts = cues.flatMap((cue, i): Draft[] =>
    stretchesOf(texts[i]!, split).map((s) => ({ start_ms: cue.start_ms, end_ms: cue.end_ms, speaker: s.speaker, text: s.text })),
  )
  return E.right(reading(drafts, skipped))
}
