/**
 * Notes settings per organization (per account outside any): the analyzer, the OpenAI-compatible
 * server (its key sealed by the secret box) and the default template; and the template a run was
 * given when it was made (an upload's or a bot's), null for the scope's default at analysis time.
 */
export const sql = `
CREATE TABLE notes_settings (
  scope_kind TEXT NOT NULL CHECK (scope_kind IN ('organization', 'account')),
  scope_id TEXT NOT NULL,
  analyzer TEXT NOT NULL CHECK (analyzer IN ('builtin', 'openai')),
  openai_url TEXT,
  openai_model TEXT,
  openai_context_tokens INTEGER,
  openai_sealed_key TEXT,
  default_template TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (scope_kind, scope_id)
);
ALTER TABLE runs ADD COLUMN template TEXT;
`
