import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { NotesScope, NotesSettings } from '../../../src/core/domain/notes/notes-settings.js'
import type { NotesSettingsStore } from '../../../src/core/ports/notes-settings-store.js'

export const memoryNotesSettingsStore = (): NotesSettingsStore => {
  const settings = new Map<string, NotesSettings>()
  const keyOf = (scope: NotesScope) => `${scope.kind}\u0000${scope.id}`
  return {
    find: (scope) => TE.right(O.fromNullable(settings.get(keyOf(scope)))),
    save: (scope, s) =>
      TE.fromIO(() => {
        settings.set(keyOf(scope), s)
        return s
      }),
  }
}
