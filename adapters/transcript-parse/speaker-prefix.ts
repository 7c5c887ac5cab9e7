/**
 * Recognises the `Speaker Name: words` convention of Zoom, SRT captions and chat-style text.
 * A name starts with a letter and is at most six words without sentence punctuation, so that
 * "Note: ..." still reads as a name (unavoidable) but "at 10:30 we meet" or a URL does not.
 */
const PREFIX = /^\s*(?:>>\s*)?(\p{L}[\p{L}\p{M}\p{N} .'’\-_()@&]{0,62}?)\s*:(?:\s+(.*)|\s*)$/su

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

/** Collapses runs of whitespace (including the newlines of multi-line cues) to single spaces. */
export const normaliseText = (text: string): string => text.replace(/\s+/g, ' ').trim()
