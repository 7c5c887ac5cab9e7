/**
 * Whisper's best-known failure: on music, noise or a long pause it falls into a loop and writes
 * one phrase over and over ("Thank you. Thank you. Thank you. ..."), inside a segment or as the
 * same segment again and again. Loops are cut to one occurrence; a transcript that is mostly
 * one phrase gets a warning, as its words are probably not what was said.
 */
import type { WhisperSegment } from './binding.js'

/** Longest phrase (in words) looked for as a loop. */
const MAX_PHRASE_WORDS = 12
/** A phrase of two or more words said three times running is a loop; a single word, four ("no, no, no" is speech). */
const minRepeats = (words: number) => (words === 1 ? 4 : 3)
/** Segments with the same text this many times in a row are a loop. */
const SEGMENT_REPEATS = 3

/** A word as compared: lower case, letters and digits only ("Thank" and "thank," are the same word). */
const norm = (word: string) => word.toLowerCase().replace(/[^\p{L}\p{N}']/gu, '')

const sameWords = (words: ReadonlyArray<string>, a: number, b: number, length: number) => {
  for (let k = 0; k < length; k++) if (words[a + k] !== words[b + k]) return false
  return true
}

/** How many times the phrase of `length` words at `at` is said running. */
const repeatsAt = (words: ReadonlyArray<string>, at: number, length: number) => {
  let n = 1
  while (at + (n + 1) * length <= words.length && sameWords(words, at, at + n * length, length)) n++
  return n
}

/** A text with its loops (a phrase said over and over without a break) cut to one saying. */
export const cutLoopsInText = (text: string): string => {
  const tokens = text.trim().split(/\s+/).filter((t) => t !== '')
  const words = tokens.map(norm)
  const out: string[] = []
  let i = 0
  while (i < tokens.length) {
    let best = { length: 0, covered: 0 }
    for (let length = 1; length <= MAX_PHRASE_WORDS && i + length * 2 <= tokens.length; length++) {
      if (words.slice(i, i + length).every((w) => w === '')) continue
      const n = repeatsAt(words, i, length)
      if (n >= minRepeats(length) && n * length > best.covered) best = { length, covered: n * length }
    }
    if (best.length === 0) {
      out.push(tokens[i]!)
      i += 1
    } else {
      out.push(...tokens.slice(i, i + best.length))
      i += best.covered
    }
  }
  return out.join(' ')
}

const normText = (text: string) => text.split(/\s+/).map(norm).filter((w) => w !== '').join(' ')

/**
 * Segments with their loops cut: inside each segment, and the same text three or more times in
 * a row across segments (kept once, the first, stretched to where the loop ended).
 */
export const cutLoops = (segments: ReadonlyArray<WhisperSegment>): WhisperSegment[] => {
  const cut = segments.map((s) => ({ ...s, text: cutLoopsInText(s.text) }))
  const out: WhisperSegment[] = []
  let i = 0
  while (i < cut.length) {
    const key = normText(cut[i]!.text)
    let j = i + 1
    while (key !== '' && j < cut.length && normText(cut[j]!.text) === key) j++
    if (j - i >= SEGMENT_REPEATS) {
      out.push({ ...cut[i]!, t1: Math.max(cut[i]!.t1, cut[j - 1]!.t1) })
      i = j
    } else {
      out.push(cut[i]!)
      i += 1
    }
  }
  return out
}

/** Below this many words a transcript is too short to call mostly one phrase. */
const MIN_WORDS = 20
const MOSTLY = 0.5
const LONGEST_PHRASE = 8

/**
 * The phrase most of these texts are, when one phrase (of up to eight words) said three or more
 * times makes up at least half their words, and they hold at least 20 words; else null.
 */
export const mostlyOnePhrase = (texts: ReadonlyArray<string>): string | null => {
  const tokens = texts.flatMap((t) => t.split(/\s+/)).filter((t) => norm(t) !== '')
  const words = tokens.map(norm)
  if (words.length < MIN_WORDS) return null
  let best: { covered: number; at: number; length: number } | null = null
  for (let length = 1; length <= LONGEST_PHRASE; length++) {
    const counts = new Map<string, { n: number; at: number; next: number }>()
    for (let i = 0; i + length <= words.length; i++) {
      const key = words.slice(i, i + length).join(' ')
      const seen = counts.get(key) ?? { n: 0, at: i, next: 0 }
      // Occurrences that do not overlap ("ha ha ha" holds "ha ha" once).
      if (i >= seen.next) counts.set(key, { n: seen.n + 1, at: seen.at, next: i + length })
    }
    for (const c of counts.values())
      if (c.n >= 3 && (best === null || c.n * length > best.covered)) best = { covered: c.n * length, at: c.at, length }
  }
  if (best === null || best.covered < MOSTLY * words.length) return null
  return tokens.slice(best.at, best.at + best.length).join(' ').replace(/[.,!?;:]+$/, '')
}

/** The warning for a transcript that is mostly `phrase`, in a user's words. */
export const repetitionWarning = (phrase: string): string =>
  `Much of this transcript is one phrase repeated ("${phrase}"). The speech engine does this on music, noise or long silences, so these words are probably not what was said; check the recording.`
