/**
 * The query parameters that narrow and search a list of recordings
 * (GET /recordings, GET /bots). Unknown words and unreadable dates are 422
 * naming the parameter; the rules across them (q's words and length, from
 * before to) are the core's (readRecordingFilter), also 422.
 */
import type { RecordingListFilters } from '../../../../src/core/recordings/index.js'
import { calendarProblem } from '../../../../src/core/domain/ids.js'
import { MAX_SEARCH_LENGTH } from '../../../../src/core/domain/recordings/recording-filter.js'
import { RUN_PHASES, RUN_STATES, type RunOrigin, type RunPhase, type RunState } from '../../../../src/core/domain/recordings/run.js'
import { type Param, wordList } from '../dispatch/params.js'

const text = (description: string): Param<string | null> => ({
  schema: { type: 'string', maxLength: MAX_SEARCH_LENGTH },
  required: false,
  description,
  read: (raw) => ({ ok: true, value: raw ?? null }),
})

// Read as text, so that an unreadable date is a 422 naming the parameter (the core checks it).
const instant = (description: string): Param<string | null> => ({
  schema: { type: 'string', format: 'date-time' },
  required: false,
  description,
  read: (raw) => {
    if (raw === undefined) return { ok: true, value: null }
    const problem = calendarProblem(raw)
    if (problem !== null) return { ok: false, unreadable: false, message: problem }
    if (!/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2}))?$/.test(raw) || Number.isNaN(Date.parse(raw))) {
      return { ok: false, unreadable: false, message: `'${raw}' is not an ISO 8601 date-time (e.g. 2025-03-01 or 2025-03-01T09:00:00Z)` }
    }
    return { ok: true, value: raw }
  },
})

const owned: Param<'mine' | 'shared' | null> = {
  schema: { type: 'string', enum: ['mine', 'shared'] },
  required: false,
  description: '`mine`: only the caller\'s own recordings; `shared`: only those other accounts shared with the caller\'s email. Absent: both.',
  read: (raw) =>
    raw === undefined
      ? { ok: true, value: null }
      : raw === 'mine' || raw === 'shared'
        ? { ok: true, value: raw }
        : { ok: false, unreadable: false, message: `unknown value '${raw}'; allowed: mine, shared` },
}

export const recordingFilterQuery = {
  q: text(
    `Search words (at most ${MAX_SEARCH_LENGTH} characters). A recording is found when its title, a summary, one action item or one utterance of its transcript holds every word, ` +
      'compared by English stem ("budgets" finds "budget", "planning" finds "plan"); common words ("the", "and") are ignored, case and punctuation too. ' +
      'Rows then come most relevant first (title 8, each summary and action item 4, each utterance 1, summed), then newest start, and each carries `match`. ' +
      'A recording shared with you at `summary` scope is never found by its transcript. Empty, too long or without a searchable word: 422.',
  ),
  from: instant('Recordings starting at or after this instant (ISO 8601; a date alone is its midnight UTC).'),
  to: instant('Recordings starting before this instant (ISO 8601); must be later than `from`.'),
  origin: wordList<RunOrigin>({ words: ['calendar', 'manual', 'upload'], description: 'Comma-separated origins to keep: `calendar` (bots of calendar meetings), `manual` (bots sent to a link), `upload`.' }),
  state: wordList<RunState>({
    words: (Object.keys(RUN_STATES) as RunState[]).filter((s) => s !== 'superseded'),
    description: 'Comma-separated states to keep (see the recording `state`). With `phase` too, a recording must satisfy both.',
  }),
  phase: wordList<RunPhase>({ words: RUN_PHASES, description: 'Comma-separated phases to keep: `pending`, `in_call`, `processing`, `done`.' }),
  owned,
}

/** The filters as the core takes them. */
export const recordingFilters = (query: {
  readonly q: string | null
  readonly from: string | null
  readonly to: string | null
  readonly origin: ReadonlyArray<RunOrigin>
  readonly state: ReadonlyArray<RunState>
  readonly phase: ReadonlyArray<RunPhase>
  readonly owned: 'mine' | 'shared' | null
}): RecordingListFilters => query

export const RECORDING_FILTER_ERRORS =
  'A bad filter (VALIDATION_ERROR, `details[].path` names it): an unknown `origin`, `state`, `phase` or `owned` value; `from` or `to` not an ISO 8601 date-time; `to` not later than `from`; `q` empty, longer than ' +
  `${MAX_SEARCH_LENGTH} characters or without a searchable word; \`limit\` outside 1 to 100; an unknown query parameter.`
