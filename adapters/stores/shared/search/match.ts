// What every store shares about a search: the two parts of a recording's search document, the stems, and the match
// shown (snippet and highlights), so the same data is found, ordered and shown alike on every store.
import { stemmer } from 'stemmer'
import type { MatchField, RecordingSearch, SearchMatch } from '../../../../src/core/domain/recordings/recording-filter.js'

/** The longest snippet, in characters; a longer field is cut around its first matched word. */
export const SNIPPET_LENGTH = 200
/** Characters kept before the first matched word when a field is cut. */
const LEAD = 60

const WORD = /[\p{L}\p{N}]+/gu

/** A word's English stem (Porter), as the SQLite tokenizer `porter unicode61` makes it (diacritics dropped). */
export const stemOf = (word: string): string => stemmer(word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase())

/** The stems a search needs, every one of which the recording must hold. */
export const searchStems = (search: RecordingSearch): ReadonlyArray<string> => [...new Set(search.words.map(stemOf))]

/** The stems of a text. */
export const stemsOf = (text: string): Set<string> => new Set(Array.from(text.matchAll(WORD), (m) => stemOf(m[0])))

export const holdsAny = (text: string, stems: ReadonlyArray<string>): boolean => {
  const have = stemsOf(text)
  return stems.some((s) => have.has(s))
}

/**
 * Lowercase stretches of which every word with one of these stems holds at least
 * one: a stem less its last two letters (at least two kept), since Porter rewrites
 * at most that much of a word's end (happy → happi, possibility → possibl). A store
 * narrows a run's utterances with them (LIKE) before checking stems here.
 */
export const stemPatterns = (stems: ReadonlyArray<string>): ReadonlyArray<string> =>
  [...new Set(stems.map((s) => s.slice(0, Math.max(Math.min(2, s.length), s.length - 2))))]

/** What a search reads of a recording's notes (the notes as people edited them: applyNotesEdits). */
export interface SearchedNotes {
  readonly shortSummary: string
  readonly detailedSummary: string
  readonly actionItems: ReadonlyArray<{ readonly title: string }>
}

/** The short fields of a recording, in the order a match is looked for when the transcript has none. */
export const noteFieldsOf = (title: string, notes: SearchedNotes | null): ReadonlyArray<{ readonly field: MatchField; readonly text: string }> => [
  { field: 'title', text: title },
  ...(notes === null
    ? []
    : [
        { field: 'summary' as const, text: notes.shortSummary },
        { field: 'summary' as const, text: notes.detailedSummary },
        ...notes.actionItems.map((a) => ({ field: 'actionItem' as const, text: a.title })),
      ]),
]

/** The notes part of a recording's search document: its short fields, one per line. */
export const notesPartOf = (title: string, notes: SearchedNotes): string => noteFieldsOf(title, notes).map((f) => f.text).join('\n')

/**
 * The two parts of a recording's search document: `notes` (title, both summaries,
 * action item titles) and `transcript` (every utterance's text). A recording is
 * found when all the words occur in the two together; it ranks first (tier 2)
 * when its notes part alone holds them all. SQLite indexes the transcript part's
 * distinct chunks instead, which its index finds alike (adapters/stores/sqlite/transcript-chunks.ts).
 */
export const searchDocumentOf = (title: string, notes: SearchedNotes, utterances: ReadonlyArray<{ readonly text: string }>) => ({
  notes: notesPartOf(title, notes),
  transcript: utterances.map((u) => u.text).join('\n'),
})

const cut = (text: string, firstHit: number): { start: number; end: number } => {
  if (text.length <= SNIPPET_LENGTH) return { start: 0, end: text.length }
  let start = Math.max(0, firstHit - LEAD)
  while (start > 0 && /\S/.test(text[start - 1]!)) start++ // begin on a word
  start = Math.min(start, firstHit)
  let end = Math.min(text.length, start + SNIPPET_LENGTH)
  while (end < text.length && end > start && /\S/.test(text[end]!) && /\S/.test(text[end - 1]!)) end-- // end on a word
  return { start, end }
}

/** The match of a field's text: a stretch of at most SNIPPET_LENGTH characters (… where cut) with each word of the search marked. */
export const matchOf = (
  field: MatchField,
  text: string,
  search: RecordingSearch,
  at: { atMs: number; speaker: string } | null = null,
): SearchMatch => {
  const stems = new Set(searchStems(search))
  const hits = Array.from(text.matchAll(WORD)).filter((m) => stems.has(stemOf(m[0])))
  const span = cut(text, hits[0]?.index ?? 0)
  const before = span.start > 0 ? '…' : ''
  const snippet = before + text.slice(span.start, span.end).trim() + (span.end < text.length ? '…' : '')
  const lead = text.slice(span.start, span.end).length - text.slice(span.start, span.end).trimStart().length
  const shift = before.length - span.start - lead
  const highlights = hits
    .filter((m) => m.index! >= span.start && m.index! + m[0].length <= span.end)
    .map((m) => ({ start: m.index! + shift, end: m.index! + m[0].length + shift }))
  return { field, snippet, highlights, atMs: at?.atMs ?? null, speaker: at?.speaker ?? null }
}

export interface SpokenText {
  readonly start_ms: number
  readonly speaker: string
  readonly text: string
}

/** The first of these utterances (in spoken order) holding any of the words, as a match; null when none does. */
export const utteranceMatch = (search: RecordingSearch, utterances: Iterable<SpokenText>): SearchMatch | null => {
  const stems = searchStems(search)
  for (const u of utterances) {
    if (holdsAny(u.text, stems)) return matchOf('transcript', u.text, search, { atMs: u.start_ms, speaker: u.speaker })
  }
  return null
}

/** The first note field holding any of the words (the title when none does), as a match. */
export const noteMatch = (search: RecordingSearch, noteFields: ReadonlyArray<{ readonly field: MatchField; readonly text: string }>): SearchMatch => {
  const stems = searchStems(search)
  const field = noteFields.find((f) => holdsAny(f.text, stems)) ?? noteFields[0]!
  return matchOf(field.field, field.text, search)
}

/**
 * The match shown for a found recording: the first utterance (in spoken order)
 * holding any of the words, when the transcript may be searched (`utterances`
 * not null: read lazily, so a store stops at the first hit), else the first
 * note field holding one.
 */
export const firstMatch = (
  search: RecordingSearch,
  utterances: Iterable<SpokenText> | null,
  noteFields: ReadonlyArray<{ readonly field: MatchField; readonly text: string }>,
): SearchMatch => (utterances === null ? null : utteranceMatch(search, utterances)) ?? noteMatch(search, noteFields)
