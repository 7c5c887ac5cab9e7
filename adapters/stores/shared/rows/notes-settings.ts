// The notes_settings row and its mapping, shared by the SQLite and Postgres stores.
import type { AnalyzerKind, NotesSettings } from '../../../../src/core/domain/notes/notes-settings.js'

export interface NotesSettingsRow {
  analyzer: AnalyzerKind
  openai_url: string | null
  openai_model: string | null
  openai_context_tokens: number | null
  openai_sealed_key: string | null
  default_template: string
  updated_at: string
}

/** The server fields are all there or all null (the key may be null alone). */
export const toNotesSettings = (r: NotesSettingsRow): NotesSettings => ({
  analyzer: r.analyzer,
  openai:
    r.openai_url === null || r.openai_model === null || r.openai_context_tokens === null
      ? null
      : { url: r.openai_url, model: r.openai_model, contextTokens: r.openai_context_tokens, key: r.openai_sealed_key },
  defaultTemplate: r.default_template,
  updatedAt: r.updated_at,
})

/** The columns after (scope_kind, scope_id), in order. */
export const notesSettingsValues = (s: NotesSettings) => [
  s.analyzer,
  s.openai?.url ?? null,
  s.openai?.model ?? null,
  s.openai?.contextTokens ?? null,
  s.openai?.key ?? null,
  s.defaultTemplate,
  s.updatedAt,
]

export const NOTES_SETTINGS_COLUMNS = 'scope_kind, scope_id, analyzer, openai_url, openai_model, openai_context_tokens, openai_sealed_key, default_template, updated_at'
export const NOTES_SETTINGS_UPDATES = `analyzer = excluded.analyzer, openai_url = excluded.openai_url, openai_model = excluded.openai_model,
  openai_context_tokens = excluded.openai_context_tokens, openai_sealed_key = excluded.openai_sealed_key,
  default_template = excluded.default_template, updated_at = excluded.updated_at`
