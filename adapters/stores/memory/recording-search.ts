// The memory store's filters and search: the same rules as the SQL stores, on plain arrays.
import * as O from 'fp-ts/lib/Option.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type RecordingFilter, SEARCH_TIERS, type SearchMatch } from '../../../src/core/domain/recordings/recording-filter.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import type { StoreFailure } from '../../../src/core/errors.js'
import { NO_EDITS } from '../../../src/core/domain/notes/notes-edits.js'
import type { NotesEditStore } from '../../../src/core/ports/notes-edit-store.js'
import type { NotesStore, StoredNotes } from '../../../src/core/ports/recording-stores.js'
import { applyNotesEdits } from '../../../src/core/recordings/index.js'
import type { ReachableRun } from '../../../src/core/ports/share-store.js'
import { firstMatch, noteFieldsOf, searchDocumentOf, searchStems, stemsOf } from '../shared/search/match.js'

/** Whether a reachable run passes the filter's conditions other than the search. */
export const passes = (f: RecordingFilter, r: ReachableRun): boolean =>
  (f.from === null || r.run.startsAt >= f.from) &&
  (f.to === null || r.run.startsAt < f.to) &&
  (f.origins === null || f.origins.includes(r.run.origin)) &&
  (f.states === null || f.states.includes(r.run.state)) &&
  (f.owned === null || (f.owned === 'mine') === (r.share === null))

const ALL = { limit: Number.MAX_SAFE_INTEGER, offset: 0 }

/** The run's tier (SEARCH_TIERS) and match, or None when its search document does not hold every word (or it has none: no notes). */
export const searchRun = (notes: NotesStore, edits: NotesEditStore | undefined, f: RecordingFilter, r: ReachableRun): TE.TaskEither<StoreFailure, O.Option<{ tier: number; match: SearchMatch }>> => {
  const search = f.search!
  const stems = searchStems(search)
  const fullScope = r.share === null || r.share.scope === 'full'
  return pipe(
    TE.Do,
    TE.apS('stored', notes.find(r.run.id)),
    TE.apS('edits', edits === undefined ? TE.right(NO_EDITS) : edits.find(r.run.id)),
    // the notes as people edited them, as the SQL stores' search documents hold them
    TE.let('notes', ({ stored, edits: e }) => O.map((n: StoredNotes) => applyNotesEdits(r.run.id, n, e))(stored)),
    TE.apS('utterances', TE.map((p: { rows: ReadonlyArray<Utterance> }) => p.rows)(notes.transcript(r.run.id, ALL))),
    TE.map(({ notes: n, utterances }) => {
      if (O.isNone(n)) return O.none
      const doc = searchDocumentOf(r.run.title, n.value, utterances)
      const inNotes = stemsOf(doc.notes)
      const inTranscript = stemsOf(doc.transcript)
      const tier = stems.every((s) => inNotes.has(s))
        ? SEARCH_TIERS.notes
        : fullScope && stems.every((s) => inNotes.has(s) || inTranscript.has(s))
          ? SEARCH_TIERS.transcript
          : null
      if (tier === null) return O.none
      return O.some({ tier, match: firstMatch(search, fullScope ? utterances : null, noteFieldsOf(r.run.title, n.value)) })
    }),
  )
}
