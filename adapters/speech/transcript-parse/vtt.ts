import { createRequire } from 'node:module'
import * as E from 'fp-ts/lib/Either.js'
import webvtt from 'webvtt-parser'
import type { SkippedPart, TranscriptParseFailure } from '../../../src/core/ports/transcript-parser.js'
import { failAt, quote, splitLines } from './failure.js'
import { readCueText } from './cue-text.js'
import { type Draft, type Reading, reading } from './finish.js'
import { cuesUsePrefixes, noSpeaker, splitSpeaker, stretchesOf } from './speaker-prefix.js'

// The parser's built-in entity table lacks the trailing ";" and turns "&amp;" into "&;";
// the full HTML table it ships with does not.
const entities = createRequire(import.meta.url)('webvtt-parser/html-entities.json') as Record<`&${string}`, string>

// webvtt.js is a validator: it reports every departure from the spec, most of which still
// leave a usable cue. These are the ones that lose a cue (its timing cannot be read), so the
// cue is left out and noted, as browsers leave it out.
const BAD_TIMESTAMP = new Set([
  'No timestamp found.',
  'Timestamp must start with a character in the range 0-9.',
  'No time unit separator found.',
  'Must be exactly two digits.',
  'No seconds found or minutes is greater than 59.',
  'No decimal separator (".") found.',
  'Milliseconds must be given in three digits.',
  'You cannot have more than 59 minutes.',
  'You cannot have more than 59 seconds.',
  'No valid timestamp separator found.',
])
const ORPHAN_TEXT = new Set(['Cue identifier cannot be standalone.', 'Cue identifier needs to be followed by timestamp.'])
const ENDS_BEFORE_START = 'End timestamp is not greater than start timestamp.'
const NO_SIGNATURE = /^No valid signature/
// A timing written with a wrong arrow; plain includes() so a line of dashes costs one pass.
const looksLikeTiming = (line: string): boolean => /^\s*\d{1,3}:\d/.test(line) && (line.includes('->') || line.includes('—') || line.includes('–'))

type Problem = { readonly kind: 'refuse'; readonly failure: TranscriptParseFailure } | { readonly kind: 'skip'; readonly part: SkippedPart } | null

const skipAt = (line: number, message: string): Problem => ({ kind: 'skip', part: { line, message: `line ${line}: ${message}` } })

/** What a webvtt.js report means for the reader: the file refused, a part left out (as browsers leave it), or nothing lost. */
const describe = (lines: ReadonlyArray<string>, e: webvtt.Error): Problem => {
  const at = (n: number) => lines[n - 1] ?? ''
  if (NO_SIGNATURE.test(e.message)) return { kind: 'refuse', failure: failAt(1, `a WebVTT file must start with 'WEBVTT', found ${quote(at(1))}`) }
  // A bad timing with no text after it (a blank line, or a timing that starts the next cue, as
  // after an id holding "-->") loses nothing: there is nothing to note.
  if (BAD_TIMESTAMP.has(e.message) && (at(e.line + 1).trim() === '' || at(e.line + 1).includes('-->'))) return null
  if (BAD_TIMESTAMP.has(e.message))
    return skipAt(e.line, `${quote(at(e.line))} is not a valid cue timing (${e.message.replace(/\.$/, '').toLowerCase()}); the cue was left out`)
  if (e.message === ENDS_BEFORE_START) return skipAt(e.line, `the cue ${quote(at(e.line))} does not end after it starts; it was left out`)
  if (ORPHAN_TEXT.has(e.message)) {
    // Reported on the line after the stray one. A timing written with a wrong arrow also lands
    // here, as the stray line itself or as the line after a cue id.
    const candidates = e.message.endsWith('timestamp.') ? [e.line - 1, e.line] : [e.line - 1]
    const timing = candidates.find((n) => looksLikeTiming(at(n)))
    if (timing !== undefined) return skipAt(timing, `${quote(at(timing))} is not a valid cue timing (the separator must be '-->'); the cue was left out`)
    return skipAt(e.line - 1, `${quote(at(e.line - 1))} is text outside any cue (a cue needs a timing line such as '00:00:01.000 --> 00:00:04.000'); it was left out`)
  }
  return null
}

// REGION definition blocks (and the old `REGION:` form) are not understood by webvtt.js; turning
// their first line into a NOTE makes it skip the block while every line keeps its number.
const neutraliseRegions = (lines: ReadonlyArray<string>): string =>
  lines.map((l, i) => (/^REGION($|[ \t:])/.test(l) && (i === 0 || lines[i - 1] === '') ? 'NOTE' : l)).join('\n')

// webvtt.js reads the file's structure (signature, blocks, cue timings) as the spec does; the
// cue text it would also parse, one character at a time into a recursive tree, is read here
// instead (cue-text.ts), in one pass. Each cue text line (a line after a timing line, up to a
// blank line or the next line holding "-->", as webvtt.js collects them) reaches webvtt.js as a
// short placeholder naming its line; other lines have '<' and '&' masked, and timing lines lose
// their cue settings (we ignore them; webvtt.js checks them for duplicates in quadratic time).
// Line count and numbers are unchanged.
const PLACEHOLDER = '\uE002'

const forStructure = (lines: ReadonlyArray<string>): string[] => {
  const out: string[] = []
  let inCue = false
  for (const [i, line] of lines.entries()) {
    if (line.includes('-->')) {
      out.push(withoutSettings(line.replace(/[<&]/g, '\uE000')))
      inCue = true
    } else if (line === '') {
      out.push(line)
      inCue = false
    } else out.push(inCue ? `${PLACEHOLDER}${i.toString(36)}` : line.replace(/[<&]/g, '\uE000'))
  }
  return out
}

const withoutSettings = (line: string): string => {
  let end = line.indexOf('-->') + 3
  while (end < line.length && (line[end] === ' ' || line[end] === '\t' || line[end] === '\f')) end++
  while (end < line.length && /[0-9:.]/.test(line[end]!)) end++
  return line.slice(0, end)
}

/** The cue's text lines as the file has them. */
const cueText = (lines: ReadonlyArray<string>, text: string): string =>
  text
    .split('\n')
    .map((l) => (l.startsWith(PLACEHOLDER) ? (lines[parseInt(l.slice(1), 36)] ?? '') : l))
    .join('\n')

/** A block is reported once, at its first line: stray lines after a reported line are part of it. */
const mergeStrays = (parts: SkippedPart[]): SkippedPart[] =>
  parts.filter((p, i) => !(i > 0 && (p.line === parts[i - 1]!.line || (p.line === parts[i - 1]!.line + 1 && p.message.includes('text outside any cue')))))

/**
 * WebVTT, its structure read by the W3C's webvtt.js; see the module README for the accepted
 * styles. As browsers do, a cue that cannot be read (a bad timing, text outside any cue, a cue
 * that does not end after it starts) is left out and noted; only a file without the WEBVTT
 * signature is refused outright.
 */
export const parseVtt = (text: string): E.Either<TranscriptParseFailure, Reading> => {
  const lines = splitLines(text)
  const result = new webvtt.WebVTTParser(entities).parse(neutraliseRegions(forStructure(lines)), 'metadata')
  const problems = result.errors.map((e) => describe(lines, e)).filter((p): p is NonNullable<Problem> => p !== null)
  const refusal = problems.find((p) => p.kind === 'refuse')
  if (refusal !== undefined) return E.left(refusal.failure)
  const skipped = mergeStrays(problems.flatMap((p) => (p.kind === 'skip' ? [p.part] : [])).sort((a, b) => a.line - b.line))
  const cues = result.cues
    .filter((cue) => cue.endTime > cue.startTime)
    .map((cue) => ({ start_ms: Math.round(cue.startTime * 1000), end_ms: Math.round(cue.endTime * 1000), spans: readCueText(cueText(lines, cue.text), entities) }))
  // Speakers by `Name:` prefix only where the file writes them so, judged on spans without a voice.
  const firstLines = cues.flatMap((c) => c.spans.filter((s) => s.speaker === null).map((s) => s.text.trimStart().split('\n', 1)[0]!))
  const split = cuesUsePrefixes(firstLines) ? splitSpeaker : noSpeaker
  const drafts = cues.flatMap((cue): Draft[] =>
    cue.spans.flatMap((span) =>
      (span.speaker !== null ? [{ speaker: span.speaker, text: span.text }] : stretchesOf(span.text.split('\n'), split)).map((s) => ({
        start_ms: cue.start_ms,
        end_ms: cue.end_ms,
        speaker: s.speaker,
        text: s.text,
      })),
    ),
  )
  return E.right(reading(drafts, skipped))
}
