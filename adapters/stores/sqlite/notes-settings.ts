import * as O from 'fp-ts/lib/Option.js'
import type { NotesSettingsStore } from '../../../src/core/ports/notes-settings-store.js'
import { NOTES_SETTINGS_COLUMNS, NOTES_SETTINGS_UPDATES, type NotesSettingsRow, notesSettingsValues, toNotesSettings } from '../shared/rows/notes-settings.js'
import { attempt, type Db } from './database.js'

export const sqliteNotesSettingsStore = (db: Db): NotesSettingsStore => {
  const find = db.prepare<[string, string], NotesSettingsRow>('SELECT * FROM notes_settings WHERE scope_kind = ? AND scope_id = ?')
  const save = db.prepare(
    `INSERT INTO notes_settings (${NOTES_SETTINGS_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (scope_kind, scope_id) DO UPDATE SET ${NOTES_SETTINGS_UPDATES}`,
  )
  return {
    find: (scope) => attempt(() => O.map(toNotesSettings)(O.fromNullable(find.get(scope.kind, scope.id)))),
    save: (scope, s) => attempt(() => (save.run(scope.kind, scope.id, ...notesSettingsValues(s)), s)),
  }
}
