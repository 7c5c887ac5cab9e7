import * as E from 'fp-ts/lib/Either.js'
import type { TranscriptParseFailure } from '../../src/core/ports/transcript-parser.js'
import { failAt, quote, splitLines } from './failure.js'
import type { Draft } from './finish.js'
import { splitSpeaker } from './speaker-prefix.js'

// "00:00:01,000 --> 00:00:04,000", hours of any width; a "." separator is tolerated because
// many tools write it; trailing position hints (X1:... Y2:...) are ignored.
const STAMP = String.raw`(\d{1,3}):([0-5]\d):([0-5]\d)[,.](\d{3})`
const TIMING = new RegExp(String.raw`^\s*${STAMP}\s*-->\s*${STAMP}(?:\s.*)?$`)
const CUE_NUMBER = /^\s*\d+\s*$/
const TAG = /<\/?[a-zA-Z][^>]*>|\{\\[^}]*\}/g

const ms = (h: string, m: string, s: string, f: string): number =>
  ((Number(h) * 60 + Number(m)) * 60 + Number(s)) * 1000 + Number(f)

interface OpenCue {
  start_ms: number
  end_ms: number
  lines: string[]
}

/**
 * SubRip: numbered cues, a timing line, text lines, a blank line. Text after a blank line that
 * does not start a new cue is kept with the previous cue (editors often leave blank lines
 * inside captions); a line with "-->" that is not a valid timing fails naming its line.
 */
export const parseSrt = (text: string): E.Either<TranscriptParseFailure, ReadonlyArray<Draft>> => {
  const lines = splitLines(text)
  const cues: OpenCue[] = []
  let current: OpenCue | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const n = i + 1
    if (line.trim() === '') {
      current = null
      continue
    }
    const startsCue = line.includes('-->') || (CUE_NUMBER.test(line) && lines[i + 1]?.includes('-->') === true)
    if (startsCue) {
      const timingIndex = line.includes('-->') ? i : i + 1
      const timingLine = lines[timingIndex]!
      const t = TIMING.exec(timingLine)
      if (t === null) return E.left(failAt(timingIndex + 1, `${quote(timingLine)} is not a valid cue timing (expected '00:00:01,000 --> 00:00:04,000')`))
      const cue: OpenCue = { start_ms: ms(t[1]!, t[2]!, t[3]!, t[4]!), end_ms: ms(t[5]!, t[6]!, t[7]!, t[8]!), lines: [] }
      if (cue.end_ms < cue.start_ms) return E.left(failAt(timingIndex + 1, `the cue ${quote(timingLine)} ends before it starts`))
      cues.push(cue)
      current = cue
      i = timingIndex
      continue
    }
    const previous: OpenCue | undefined = current ?? cues[cues.length - 1]
    if (previous === undefined)
      return E.left(failAt(n, `expected a cue number or a timing such as '00:00:01,000 --> 00:00:04,000', found ${quote(line)}`))
    previous.lines.push(line)
    current = previous
  }
  return E.right(cues.flatMap(cueDrafts))
}

/** A cue may hold several speakers, one `Name: text` line each (common in two-line captions). */
const cueDrafts = (cue: OpenCue): Draft[] => {
  const drafts: Array<{ speaker: string | null; text: string }> = []
  for (const raw of cue.lines) {
    const { speaker, text } = splitSpeaker(raw.replace(TAG, ''))
    const last = drafts[drafts.length - 1]
    if (speaker !== null || last === undefined) drafts.push({ speaker, text })
    else last.text += ` ${text}`
  }
  return drafts.map((d) => ({ start_ms: cue.start_ms, end_ms: cue.end_ms, ...d }))
}
