/**
 * Notes settings per organization (per account outside any): the analyzer, the OpenAI-compatible
 * server (its key sealed by the secret box) and the default template; and the template a run was
 * given when it was made (an upload's or a bot's), null for the scope's default at analysis time
 * (SQLite migration 23).
 */
export const sql = `
CREATE TABLE notes_settings (
  scope_kind text NOT NULL CHECK (scope_kind IN ('organization', 'account')),
  scope_id text COLLATE "C" NOT NULL,
  analyzer text NOT NULL CHECK (analyzer IN ('builtin', 'openai')),
  openai_url text,
  openai_model text,
  openai_context_tokens integer,
  openai_sealed_key text,
  default_template text NOT NULL,
  updated_at text COLLATE "C" NOT NULL,
  PRIMARY KEY (scope_kind, scope_id)
);
ALTER TABLE runs ADD COLUMN template text;
`
