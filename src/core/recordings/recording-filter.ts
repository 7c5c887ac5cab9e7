import * as E from 'fp-ts/lib/Either.js'
import {
  MAX_SEARCH_LENGTH, NO_FILTER, type RecordingFilter, type RecordingSearch, STOP_WORDS, wordsOf,
} from '../domain/recordings/recording-filter.js'
import { calendarProblem } from '../domain/ids.js'
import { phaseOf, RUN_STATES, type RunOrigin, type RunPhase, type RunState } from '../domain/recordings/run.js'
import { type AppError, type FieldIssue, validation } from '../errors.js'

/** The filters of a recordings list as asked (lists empty and values null when not given). */
export interface RecordingListFilters {
  readonly q?: string | null
  readonly from?: string | null
  readonly to?: string | null
  readonly origin?: ReadonlyArray<RunOrigin>
  readonly state?: ReadonlyArray<RunState>
  readonly phase?: ReadonlyArray<RunPhase>
  readonly owned?: 'mine' | 'shared' | null
}

const readSearch = (q: string): E.Either<FieldIssue, RecordingSearch> => {
  const text = q.trim()
  if (text === '') return E.left({ path: 'q', message: 'must not be empty' })
  if (text.length > MAX_SEARCH_LENGTH) return E.left({ path: 'q', message: `must be at most ${MAX_SEARCH_LENGTH} characters` })
  const words = [...new Set(wordsOf(text).filter((w) => !STOP_WORDS.has(w)))]
  if (words.length === 0) return E.left({ path: 'q', message: 'has no word to search for (only punctuation or common words like "the")' })
  return E.right({ text, words })
}

/** States that satisfy both the asked states and the asked phases; null when neither was asked. */
const statesOf = (states: ReadonlyArray<RunState>, phases: ReadonlyArray<RunPhase>): ReadonlyArray<RunState> | null => {
  if (states.length === 0 && phases.length === 0) return null
  const all = Object.keys(RUN_STATES) as RunState[]
  return all.filter((s) => (states.length === 0 || states.includes(s)) && (phases.length === 0 || phases.includes(phaseOf(s))))
}

const instant = (s: string | null | undefined): string | null => (s == null || Number.isNaN(Date.parse(s)) ? null : new Date(s).toISOString())

/** Checks the asked filters (422 naming each bad field) and turns them into what the stores narrow by. */
export const readRecordingFilter = (f: RecordingListFilters): E.Either<AppError, RecordingFilter> => {
  const issues: FieldIssue[] = []
  const search = f.q == null ? null : readSearch(f.q)
  if (search !== null && E.isLeft(search)) issues.push(search.left)
  const from = instant(f.from)
  const to = instant(f.to)
  for (const [path, v] of [['from', f.from], ['to', f.to]] as const) {
    const problem = v == null ? null : calendarProblem(v)
    if (problem !== null) issues.push({ path, message: problem })
    else if (v != null && Number.isNaN(Date.parse(v))) issues.push({ path, message: 'must be an ISO 8601 date-time' })
  }
  if (issues.length === 0 && from !== null && to !== null && to <= from) issues.push({ path: 'to', message: 'must be later than from' })
  if (issues.length > 0) return E.left(validation(issues))
  return E.right({
    ...NO_FILTER,
    search: search === null ? null : (search as E.Right<RecordingSearch>).right,
    from,
    to,
    origins: f.origin === undefined || f.origin.length === 0 ? null : f.origin,
    states: statesOf(f.state ?? [], f.phase ?? []),
    owned: f.owned ?? null,
  })
}
