import * as E from 'fp-ts/lib/Either.js'
import type { TranscriptParseFailure } from '../../../src/core/ports/transcript-parser.js'
import { failAt, quote, splitLines } from './failure.js'
import { type Draft, type Reading, reading } from './finish.js'
import { noSpeaker, type SpeakerLine, splitSpeaker, textUsesPrefixes } from './speaker-prefix.js'

type Split = (line: string) => SpeakerLine
import { parseClock } from './timestamps.js'

/** Speech rate used to make up timings where the text has none (people talk ~150 words a minute). */
const MS_PER_WORD = 60_000 / 150

// The name is at most 63 characters and the spaces after it at most 16, so a line of spaces
// costs a bounded number of steps per line, not one per name length per space.
const NAME = String.raw`(\p{L}[\p{L}\p{M}\p{N} .'’\-_@&]{0,62}?)`
const CLOCK = String.raw`\d{1,3}:\d{2}(?::\d{2})?(?:[.,]\d{1,3})?`
const BRACKETED = /^[[(]([^\])]*)[\])]\s*(.*)$/su // "[00:01:02] rest" or "(01:02) rest"
const BARE_STAMP = new RegExp(String.raw`^(${CLOCK})(?:\s+(.*))?$`, 'su') // "00:01:02 rest"
const BARE_BAD = /^(\d{1,3}:\d{2}:\S*)(?:\s|$)/ // "00:01:xx ...": a clock gone wrong
const NAME_STAMP = new RegExp(String.raw`^${NAME}\s{0,16}[[(]([^\])]*)[\])]\s*(?::\s*(.*))?$`, 'su') // "Alice (00:01): text"
const HEADER = new RegExp(String.raw`^${NAME}(?:\s{2,16}|\t)(${CLOCK})$`, 'u') // Otter: "Alice Smith  0:03"
// A digit and a colon in either order (one line): two includes() instead of a regex that
// would rescan the rest of the line from every digit.
const looksLikeClock = (s: string): boolean => s.includes(':') && /\d/.test(s)

interface Entry {
  speaker: string | null
  text: string
  stamp: number | null
}

interface LineRead {
  readonly stamp: number | null
  readonly speaker: string | null
  readonly text: string
}

/** Reads one non-blank line; Left is the message for a timestamp that is present but invalid. */
const readLine = (line: string, split: Split): E.Either<string, LineRead | null> => {
  const bad = (token: string) => E.left(`${quote(token)} is not a valid timestamp (expected e.g. '01:02' or '00:01:02')`)
  const nameStamp = NAME_STAMP.exec(line)
  if (nameStamp !== null && looksLikeClock(nameStamp[2]!)) {
    const stamp = parseClock(nameStamp[2]!)
    if (stamp === null) return bad(nameStamp[2]!)
    return E.right({ stamp, speaker: nameStamp[1]!.trim(), text: nameStamp[3] ?? '' })
  }
  const header = HEADER.exec(line)
  if (header !== null) return E.right({ stamp: parseClock(header[2]!), speaker: header[1]!.trim(), text: '' })
  const bracketed = BRACKETED.exec(line)
  if (bracketed !== null && looksLikeClock(bracketed[1]!)) {
    const stamp = parseClock(bracketed[1]!)
    if (stamp === null) return bad(bracketed[1]!)
    return E.right(withSpeaker(stamp, bracketed[2] ?? '', split))
  }
  const bare = BARE_STAMP.exec(line)
  // A bare leading clock is a timestamp only in its long form or before a speaker name, so
  // prose such as "10:30 works for me" stays text.
  if (bare !== null && (bare[1]!.split(':').length === 3 || bare[2] === undefined || splitSpeaker(bare[2]).speaker !== null))
    return E.right(withSpeaker(parseClock(bare[1]!), bare[2] ?? '', split))
  if (bare === null && BARE_BAD.test(line)) return bad(BARE_BAD.exec(line)![1]!)
  return E.right(null)
}

const withSpeaker = (stamp: number | null, rest: string, split: Split): LineRead => {
  const { speaker, text } = split(rest)
  return { stamp, speaker, text }
}

/**
 * Plain text transcripts: `Speaker: text` lines, optionally stamped (`[00:01:02] Speaker: text`,
 * `00:01:02 Speaker: text`, `Speaker (00:01): text`, Otter's `Speaker  0:03` header line, or a
 * stamp alone on its line that dates what follows). Lines without a speaker continue the
 * previous utterance; after a blank line they start a new one by the same speaker.
 */
export const parsePlainText = (text: string): E.Either<TranscriptParseFailure, Reading> => {
  const lines = splitLines(text)
  // `Name:` starts an utterance only where the file writes speakers so (see textUsesPrefixes);
  // the first reading collects the text each line would take a name from.
  const candidates: string[] = []
  const first = readEntries(lines, (line) => (candidates.push(line), splitSpeaker(line)))
  if (E.isLeft(first) || textUsesPrefixes(candidates)) return E.map((entries: Entry[]) => reading(timed(entries)))(first)
  return E.map((entries: Entry[]) => reading(timed(entries)))(readEntries(lines, noSpeaker))
}

const readEntries = (lines: ReadonlyArray<string>, split: Split): E.Either<TranscriptParseFailure, Entry[]> => {
  const entries: Entry[] = []
  let pendingStamp: number | null = null
  let afterBlank = true
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim()
    if (line === '') {
      afterBlank = true
      continue
    }
    const read = readLine(line, split)
    if (E.isLeft(read)) return E.left(failAt(i + 1, read.left))
    const last = entries[entries.length - 1]
    const parsed = read.right ?? { stamp: null, ...split(line) }
    const speakerNamed = parsed.speaker !== null
    if (parsed.stamp !== null && !speakerNamed && parsed.text === '') pendingStamp = parsed.stamp // a stamp alone
    else if (speakerNamed || parsed.stamp !== null || afterBlank || last === undefined) {
      entries.push({ speaker: parsed.speaker ?? last?.speaker ?? null, text: parsed.text, stamp: parsed.stamp ?? pendingStamp })
      pendingStamp = null
    } else last.text += ` ${parsed.text}`
    afterBlank = false
  }
  return E.right(entries)
}

const wordCount = (text: string): number => text.split(/\s+/).filter((w) => w !== '').length

/** Stamped entries run until the next stamp; the rest get a length from their word count. */
const timed = (entries: ReadonlyArray<Entry>): Draft[] => {
  let cursor = 0
  return entries.map((entry, i) => {
    const start = entry.stamp ?? cursor
    const estimate = Math.max(1, wordCount(entry.text)) * MS_PER_WORD
    const next = entries[i + 1]?.stamp ?? null
    let end = start + estimate
    if (next !== null && next > start) end = entry.stamp !== null ? next : Math.min(end, next)
    cursor = end
    return { start_ms: start, end_ms: end, speaker: entry.speaker, text: entry.text }
  })
}
