import { readdirSync, readFileSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import { parseIcs } from '../../../../adapters/outbound/calendar-ics/parse-ics.js'
import type { CalendarWindow } from '../../../../src/core/ports/calendar-provider.js'

/** [startsAt, isAllDay, durationMinutes, title, join link or null] */
export type Occurrence = [string, boolean, number, string, string | null]

interface Expected {
  readonly window?: CalendarWindow
  readonly occurrences?: ReadonlyArray<Occurrence>
  readonly skipped?: number
  readonly notes?: number
  readonly refused?: string
}

export interface CorpusResult {
  readonly file: string
  /** Occurrences expected, and how many of them were read exactly (start, all-day, length, title, link). */
  readonly expected: number
  readonly right: number
  readonly refusedInWords: boolean
  /** What differs from the expectation, in words; [] when the file was read as expected. */
  readonly wrong: ReadonlyArray<string>
}

const DIR = new URL('../../../../fixtures/ics/corpus/', import.meta.url)
const DEFAULT_WINDOW: CalendarWindow = { from: '2024-03-01T00:00:00.000Z', to: '2024-05-01T00:00:00.000Z' }

/** The corpus's .ics files, as paths relative to its folder (subfolders included). */
export const corpusFiles = (): string[] =>
  (readdirSync(DIR, { recursive: true }) as string[]).filter((f) => f.endsWith('.ics')).map((f) => f.split('\\').join('/')).sort()

const expectations = (): Record<string, Expected> => JSON.parse(readFileSync(new URL('expected.json', DIR), 'utf8')) as Record<string, Expected>

/** One corpus file's text and the window its expectation is read in. */
export const corpusFeed = (file: string): { text: string; window: CalendarWindow } => ({
  text: readFileSync(new URL(file, DIR), 'utf8'),
  window: expectations()[file]?.window ?? DEFAULT_WINDOW,
})

/** Reads one corpus file and compares it with its entry in expected.json. */
export const checkCorpusFile = (file: string): CorpusResult => {
  const expected = expectations()[file]
  if (expected === undefined) return { file, expected: 0, right: 0, refusedInWords: false, wrong: ['no entry in expected.json'] }
  const feed = corpusFeed(file)
  const result = parseIcs(feed.text, feed.window, { ownerEmail: null })
  if (expected.refused !== undefined) {
    const words = E.isLeft(result) && new RegExp(expected.refused).test(result.left.message)
    return { file, expected: 0, right: 0, refusedInWords: words, wrong: words ? [] : [`expected a refusal matching /${expected.refused}/`] }
  }
  if (E.isLeft(result)) return { file, expected: expected.occurrences?.length ?? 0, right: 0, refusedInWords: false, wrong: [`refused: ${result.left.message}`] }
  const got: Occurrence[] = result.right.events.map((e) => [e.startsAt, e.isAllDay, e.durationMinutes, e.title, e.link])
  const want = expected.occurrences ?? []
  // Compared as multisets: a feed may hold the same occurrence twice (two UID-less events), and each must be read.
  const key = (o: Occurrence) => JSON.stringify(o)
  const unmatched = new Map<string, number>()
  for (const o of got) unmatched.set(key(o), (unmatched.get(key(o)) ?? 0) + 1)
  const missing: string[] = []
  for (const o of want) {
    const left = unmatched.get(key(o)) ?? 0
    if (left > 0) unmatched.set(key(o), left - 1)
    else missing.push(key(o))
  }
  const right = want.length - missing.length
  const wrong = [
    ...missing.map((k) => `missing ${k}`),
    ...[...unmatched].flatMap(([k, n]) => Array.from({ length: n }, () => `unexpected ${k}`)),
    ...(result.right.skipped.length === (expected.skipped ?? 0) ? [] : [`skipped ${result.right.skipped.length}, expected ${expected.skipped ?? 0}: ${result.right.skipped.join(' | ')}`]),
    ...(result.right.notes.length === (expected.notes ?? 0) ? [] : [`notes ${result.right.notes.length}, expected ${expected.notes ?? 0}: ${result.right.notes.join(' | ')}`]),
  ]
  return { file, expected: want.length, right, refusedInWords: false, wrong }
}
