import type { RunOrigin, RunState } from './run.js'

/** The longest `q` accepted, in characters. */
export const MAX_SEARCH_LENGTH = 200

/**
 * Words that are never searched: Postgres's `english` stop words, so every store
 * drops the same ones (SQLite and memory would otherwise require them).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  ('i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself it its itself ' +
    'they them their theirs themselves what which who whom this that these those am is are was were be been being have has had having ' +
    'do does did doing a an the and but if or because as until while of at by for with about against between into through during before ' +
    'after above below to from up down in out on off over under again further then once here there when where why how all any both each ' +
    'few more most other some such no nor not only own same so than too very s t can will just don should now').split(' '),
)

/** The words of a text as every store splits them: runs of letters and digits, lowercased. */
export const wordsOf = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []

/**
 * A search: the text asked and its words (lowercased, no stop words, no repeats).
 * A recording is found when all of them occur in it, stemmed, taking its title,
 * summaries, action item titles and transcript together (see SEARCH_TIERS).
 */
export interface RecordingSearch {
  readonly text: string
  readonly words: ReadonlyArray<string>
}

/**
 * What narrows a list of recordings; every part is optional (null: no
 * narrowing) and they combine (all must hold). `states` is already the meet of
 * the asked states and phases. `from` is inclusive and `to` exclusive, both on
 * the run's start, as ISO instants.
 */
export interface RecordingFilter {
  readonly search: RecordingSearch | null
  readonly from: string | null
  readonly to: string | null
  readonly origins: ReadonlyArray<RunOrigin> | null
  readonly states: ReadonlyArray<RunState> | null
  readonly owned: 'mine' | 'shared' | null
}

export const NO_FILTER: RecordingFilter = { search: null, from: null, to: null, origins: null, states: null, owned: null }

export const isUnfiltered = (f: RecordingFilter | undefined): boolean =>
  f === undefined || (f.search === null && f.from === null && f.to === null && f.origins === null && f.states === null && f.owned === null)

/** Where a search found a recording. */
export type MatchField = 'title' | 'summary' | 'actionItem' | 'transcript'

/**
 * Why a recording was found: the field, a stretch of its text with the matched
 * words marked by character offsets, and for a transcript hit the utterance's
 * start (ms) and speaker, so an app can seek there.
 */
export interface SearchMatch {
  readonly field: MatchField
  readonly snippet: string
  readonly highlights: ReadonlyArray<{ readonly start: number; readonly end: number }>
  readonly atMs: number | null
  readonly speaker: string | null
}

/**
 * How found recordings are ordered, the same on every store: those whose notes
 * (title, summaries, action item titles) alone hold all the words first, then
 * those that need the transcript; within a tier, newest start first (then
 * created, id). A recording shared at summary scope is found by its notes only.
 */
export const SEARCH_TIERS = { notes: 2, transcript: 1 } as const
