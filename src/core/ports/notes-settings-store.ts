import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { NotesScope, NotesSettings } from '../domain/notes/notes-settings.js'
import type { StoreFailure } from '../errors.js'

/**
 * The notes settings of each organization, and of each account in none (GET and PUT /notes-settings).
 * A scope that never saved any has none: the server's configuration applies. Scopes of the two kinds
 * never see each other's settings, even under the same id.
 */
export interface NotesSettingsStore {
  find(scope: NotesScope): TE.TaskEither<StoreFailure, O.Option<NotesSettings>>
  /** Writes the scope's settings whole (the OpenAI key as given: sealed, or null). */
  save(scope: NotesScope, settings: NotesSettings): TE.TaskEither<StoreFailure, NotesSettings>
}
