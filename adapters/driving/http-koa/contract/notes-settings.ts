/** The wire shapes of /notes-settings: the settings as answered, the body that saves them, and the notes server test. */
import * as t from 'io-ts'
import { MAX_CONTEXT_TOKENS, MIN_CONTEXT_TOKENS } from '../../../../src/core/domain/notes/notes-settings.js'
import type { ServerTestResult } from '../../../../src/core/ports/notes-engines.js'
import type { NotesSettingsView } from '../../../../src/core/recordings/index.js'
import { annotate } from '../openapi/codec-schema.js'

const Analyzer = annotate(t.keyof({ builtin: null, openai: null }, 'AnalyzerKind'), {
  description: '`builtin`: the offline analyzer in this server. `openai`: an OpenAI-compatible chat-completions server (Ollama, llama.cpp server, vLLM, OpenAI), with the built-in notes as the fallback when it fails.',
})
const Url = annotate(t.string, {
  description:
    'The server\'s root (requests go to `{url}/v1/chat/completions`), http or https. It passes the outbound address policy webhooks use: a private or loopback address (an Ollama on 127.0.0.1) and plain http only when the operator sets NOTETAKER_ALLOW_PRIVATE_URLS=true; a cloud metadata address never.',
})
const Model = annotate(t.string, { description: 'The model asked for, e.g. `llama3.1:8b` or `gpt-4o-mini`; 1 to 200 characters.' })
const ContextTokens = annotate(t.Int, {
  minimum: MIN_CONTEXT_TOKENS,
  maximum: MAX_CONTEXT_TOKENS,
  description: `The model's context length in tokens (${MIN_CONTEXT_TOKENS} to ${MAX_CONTEXT_TOKENS}): a long meeting is read in chunks that fit it.`,
})
const Key = annotate(t.string, { description: 'The server\'s API key. Absent: the saved key is kept. "" (empty): the saved key is removed. Stored encrypted and never answered.' })

const ServerView = t.exact(t.type({ url: t.string, model: t.string, contextTokens: t.number, hasKey: annotate(t.boolean, { description: 'Whether a key is saved; the key itself is never answered.' }) }), 'NotesServer')
const TemplateView = t.exact(
  t.type({
    id: t.string,
    name: t.string,
    source: annotate(t.keyof({ builtin: null, operator: null }), { description: '`builtin` (general, standup, sales-call, one-on-one, interview) or `operator` (a file in NOTETAKER_NOTES_TEMPLATES_DIR).' }),
  }),
  'NotesTemplate',
)

export const NotesSettingsCodec = t.exact(
  t.type({
    analyzer: Analyzer,
    openai: annotate(t.union([ServerView, t.null]), { description: 'The OpenAI-compatible server (kept while `analyzer` is `builtin`, so switching back needs nothing typed again); null when none is set.' }),
    defaultTemplate: annotate(t.string, { description: 'The template a recording gets when its upload or bot names none; `general` until changed.' }),
    templates: annotate(t.array(TemplateView), { description: 'Every template this server knows: the built-in ones, then the operator\'s.' }),
    scope: annotate(t.keyof({ organization: null, account: null }), { description: '`organization`: the settings of the caller\'s organization, for every member\'s recordings. `account`: the caller is in no organization; its own.' }),
    canEdit: annotate(t.boolean, { description: 'Whether the caller may change them (PUT): the organization\'s owners and admins with an organization-wide key or a signed-in session; the account itself outside any organization; never a read-only key.' }),
    source: annotate(t.keyof({ saved: null, server: null }), { description: '`saved`: set with PUT. `server`: none saved yet; what the server\'s configuration makes notes with (NOTETAKER_ANALYZER and its settings).' }),
  }),
  'NotesSettings',
)

const ServerBody = t.exact(t.intersection([t.type({ url: Url, model: Model, contextTokens: ContextTokens }), t.partial({ key: Key })]), 'NotesServerInput')
export const NotesSettingsBody = t.exact(
  t.intersection([
    t.type({ analyzer: Analyzer }),
    t.partial({
      openai: annotate(t.union([ServerBody, t.null]), { description: 'The server. Absent: the saved one is kept. null: removed (with its key). Required (here or saved) when `analyzer` is `openai`.' }),
      defaultTemplate: annotate(t.string, { description: 'A template id of `templates`; absent: kept as saved (`general` at first).' }),
    }),
  ]),
  'NotesSettingsInput',
)
export const TestBody = t.exact(
  t.partial({ url: Url, model: Model, contextTokens: ContextTokens, key: Key }),
  'NotesServerTestInput',
)
export const TestResult = t.exact(
  t.intersection([
    t.type({
      ok: annotate(t.boolean, { description: 'Whether the server answered the sample.' }),
      ms: annotate(t.number, { description: 'How long the test took, in milliseconds.' }),
    }),
    t.partial({
      answer: annotate(t.string, { description: 'With `ok` true: what the model answered.' }),
      error: annotate(t.string, { description: 'With `ok` false: what went wrong, in words (not reachable, refused, timed out, an HTTP error, not the expected answer).' }),
    }),
  ]),
  'NotesServerTest',
)

export const notesSettingsView = (v: NotesSettingsView): t.TypeOf<typeof NotesSettingsCodec> => ({
  ...v,
  openai: v.openai === null ? null : { ...v.openai },
  templates: v.templates.map((x) => ({ ...x })),
})
export const serverTestView = (r: ServerTestResult): t.TypeOf<typeof TestResult> => (r.ok ? { ok: true, ms: r.ms, answer: r.answer } : { ok: false, ms: r.ms, error: r.error })
