import { createRequire } from 'node:module'
import * as E from 'fp-ts/lib/Either.js'
import webvtt from 'webvtt-parser'
import type { Cue, TreeNode, TreeNodeObjectTagNameWithRt } from 'webvtt-parser'
import type { TranscriptParseFailure } from '../../src/core/ports/transcript-parser.js'
import { failAt, quote, splitLines } from './failure.js'
import type { Draft } from './finish.js'
import { splitSpeaker } from './speaker-prefix.js'

// The parser's built-in entity table lacks the trailing ";" and turns "&amp;" into "&;";
// the full HTML table it ships with does not.
const entities = createRequire(import.meta.url)('webvtt-parser/html-entities.json') as Record<`&${string}`, string>

// webvtt.js is a validator: it reports every departure from the spec, most of which still
// leave a usable cue. These are the ones that lose text or timing, so they fail the parse.
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
const LOOKS_LIKE_TIMING = /\d:\d{2}\S*\s*(-+>|[-–—]+)\s*\d/

const describe = (lines: ReadonlyArray<string>, e: webvtt.Error): TranscriptParseFailure | null => {
  const at = (n: number) => lines[n - 1] ?? ''
  if (NO_SIGNATURE.test(e.message)) return failAt(1, `a WebVTT file must start with 'WEBVTT', found ${quote(at(1))}`)
  if (BAD_TIMESTAMP.has(e.message))
    return failAt(e.line, `${quote(at(e.line))} is not a valid cue timing (${e.message.replace(/\.$/, '').toLowerCase()})`)
  if (e.message === ENDS_BEFORE_START) return failAt(e.line, `the cue ${quote(at(e.line))} does not end after it starts`)
  if (ORPHAN_TEXT.has(e.message)) {
    // Reported on the line after the stray one. A timing written with a wrong arrow also lands
    // here, as the stray line itself or as the line after a cue id.
    const candidates = e.message.endsWith('timestamp.') ? [e.line - 1, e.line] : [e.line - 1]
    const timing = candidates.find((n) => LOOKS_LIKE_TIMING.test(at(n)))
    if (timing !== undefined) return failAt(timing, `${quote(at(timing))} is not a valid cue timing (the separator must be '-->')`)
    return failAt(e.line - 1, `${quote(at(e.line - 1))} is text outside any cue (a cue needs a timing line such as '00:00:01.000 --> 00:00:04.000')`)
  }
  return null
}

// REGION definition blocks are not understood by webvtt.js; turning their first line into a
// NOTE makes it skip the block while every line keeps its number.
const neutraliseRegions = (lines: string[]): string =>
  lines.map((l, i) => (/^REGION($|[ \t])/.test(l) && (i === 0 || lines[i - 1] === '') ? 'NOTE' : l)).join('\n')

// webvtt.js decodes character references in cue text but not in voice names.
const decodeReferences = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1))
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole
    }
    return entities[`&${name};`] ?? whole
  })

const flatten = (nodes: ReadonlyArray<TreeNode<TreeNodeObjectTagNameWithRt>>): string =>
  nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'object' && n.name !== 'rt' ? flatten(n.children) : '')).join('')

interface Segment {
  speaker: string | null
  text: string
}

/** Voice spans (`<v Name>`, `<v.class Name>`) name speakers; elsewhere `Name: text` lines do. */
const segmentsOf = (cue: Cue): Segment[] => {
  const spans: Segment[] = []
  for (const node of cue.tree.children) {
    if (node.type === 'object' && node.name === 'v') spans.push({ speaker: decodeReferences(node.value).trim() || null, text: flatten(node.children) })
    else {
      const last = spans[spans.length - 1]
      if (last === undefined) spans.push({ speaker: null, text: flatten([node]) })
      else last.text += flatten([node])
    }
  }
  return spans.flatMap((span) => (span.speaker !== null ? [span] : byPrefix(span.text)))
}

const byPrefix = (text: string): Segment[] => {
  const out: Segment[] = []
  for (const line of text.split('\n')) {
    const { speaker, text: words } = splitSpeaker(line)
    const last = out[out.length - 1]
    if (speaker !== null || last === undefined) out.push({ speaker, text: words })
    else last.text += ` ${words}`
  }
  return out
}

/** WebVTT, parsed by the W3C's webvtt.js validator; see the module README for the accepted styles. */
export const parseVtt = (text: string): E.Either<TranscriptParseFailure, ReadonlyArray<Draft>> => {
  const lines = splitLines(text)
  const result = new webvtt.WebVTTParser(entities).parse(neutraliseRegions(lines), 'subtitles')
  const failures = result.errors
    .map((e) => describe(lines, e))
    .filter((f): f is TranscriptParseFailure => f !== null)
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
  if (failures[0] !== undefined) return E.left(failures[0])
  return E.right(
    result.cues.flatMap((cue) =>
      segmentsOf(cue).map((s) => ({
        start_ms: Math.round(cue.startTime * 1000),
        end_ms: Math.round(cue.endTime * 1000),
        speaker: s.speaker,
        text: s.text,
      })),
    ),
  )
}
