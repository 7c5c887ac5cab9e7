/**
 * Recognises the `Speaker Name: words` convention of Zoom, SRT captions and chat-style text.
 * A name starts with a letter and is at most six words without sentence punctuation, so that
 * "Note: ..." still reads as a name (unavoidable) but "at 10:30 we meet" or a URL does not.
 * Whether a file follows the convention at all is decided for the whole file (cuesUsePrefixes, textUsesPrefixes).
 */
// Every quantifier is bounded or followed by a literal it cannot match, so a match costs at most
// a few hundred steps whatever the line's length (the name is at most 63 characters).
const PREFIX = /^\s*(?:>>\s*)?(\p{L}[\p{L}\p{M}\p{N} .'’\-_()@&]{0,62}?)\s{0,16}:(?:\s+(.*)|\s*)$/su

export interface SpeakerLine {
  readonly speaker: string | null
  readonly text: string
}

export const splitSpeaker = (line: string): SpeakerLine => {
  const match = PREFIX.exec(line)
  if (match === null) return { speaker: null, text: line.trim() }
  const name = match[1]!.trim()
  if (name.split(/\s+/).length > 6 || /^https?$/i.test(name)) return { speaker: null, text: line.trim() }
  return { speaker: name, text: (match[2] ?? '').trim() }
}

export const noSpeaker = (line: string): SpeakerLine => ({ speaker: null, text: line.trim() })

interface PrefixCount {
  readonly lines: number
  readonly named: number
  readonly repeated: boolean
}

const countPrefixes = (lines: ReadonlyArray<string>): PrefixCount => {
  const counts = new Map<string, number>()
  let named = 0
  for (const line of lines) {
    const { speaker } = splitSpeaker(line)
    if (speaker === null) continue
    named++
    counts.set(speaker.toLowerCase(), (counts.get(speaker.toLowerCase()) ?? 0) + 1)
  }
  return { lines: lines.length, named, repeated: [...counts.values()].some((n) => n >= 2) }
}

/**
 * Whether subtitles (SRT, WebVTT) name their speakers with `Name:` prefixes, judged from the
 * first line of each cue: names repeat over at least a fifth of the cues, or (a file too short
 * for names to repeat) most cues start with a name. One line ending in ":" ("The rule is
 * simple:") among a film's cues is neither, so it stays text.
 */
export const cuesUsePrefixes = (firstLines: ReadonlyArray<string>): boolean => {
  const c = countPrefixes(firstLines)
  return c.named > 0 && (c.repeated ? c.named / c.lines >= 0.2 : c.named / c.lines > 0.5)
}

/**
 * Whether plain text names its speakers with `Name:` prefixes: at least two lines start with a
 * name, or most do. A transcript in text is written that way; a lone "Agenda:" in prose is not.
 */
export const textUsesPrefixes = (lines: ReadonlyArray<string>): boolean => {
  const c = countPrefixes(lines)
  return c.named >= 2 || (c.named > 0 && c.named / c.lines > 0.5)
}

/**
 * The lines of one cue as speaker stretches: a `Name:` line starts a stretch (its words on the
 * same line or the lines after, as Google Meet writes), other lines continue the last one.
 * A name line with no words after it anywhere in the cue stays text, so no words vanish.
 */
export const stretchesOf = (lines: ReadonlyArray<string>, split: (line: string) => SpeakerLine): SpeakerLine[] => {
  const out: Array<{ speaker: string | null; text: string; raw: string }> = []
  for (const line of lines) {
    const { speaker, text } = split(line)
    const last = out[out.length - 1]
    if (speaker !== null || last === undefined) out.push({ speaker, text, raw: line.trim() })
    else last.text = last.text === '' ? text : `${last.text} ${text}`
  }
  return out.map((s) => (s.speaker !== null && s.text === '' ? { speaker: null, text: s.raw } : { speaker: s.speaker, text: s.text }))
}

/** Collapses runs of whitespace (including the newlines of multi-line cues) to single spaces. */
export const normaliseText = (text: string): string => text.replace(/\s+/g, ' ').trim()
