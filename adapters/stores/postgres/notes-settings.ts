import * as O from 'fp-ts/lib/Option.js'
import type { NotesSettingsStore } from '../../../src/core/ports/notes-settings-store.js'
import { NOTES_SETTINGS_COLUMNS, NOTES_SETTINGS_UPDATES, type NotesSettingsRow, notesSettingsValues, toNotesSettings } from '../shared/rows/notes-settings.js'
import { attempt, first, type Pool } from './database.js'

export const postgresNotesSettingsStore = (pool: Pool): NotesSettingsStore => ({
  find: (scope) =>
    attempt(async () =>
      O.map(toNotesSettings)(O.fromNullable(await first<NotesSettingsRow>(pool, 'SELECT * FROM notes_settings WHERE scope_kind = $1 AND scope_id = $2', [scope.kind, scope.id]))),
    ),
  save: (scope, s) =>
    attempt(async () => {
      await pool.query(
        `INSERT INTO notes_settings (${NOTES_SETTINGS_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (scope_kind, scope_id) DO UPDATE SET ${NOTES_SETTINGS_UPDATES}`,
        [scope.kind, scope.id, ...notesSettingsValues(s)],
      )
      return s
    }),
})
