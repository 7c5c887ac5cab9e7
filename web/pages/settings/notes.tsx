import { useState } from 'preact/hooks'
import { ErrorNote, Loading } from '../../components/feedback.js'
import { ServerTest } from '../../components/manage/server-test.js'
import { useAction } from '../../components/manage/use-action.js'
import { type AnalyzerKind, type NotesSettings, type NotesSettingsInput, readNotesSettings, saveNotesSettings, templateName } from '../../notes-api.js'
import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'

/** Suits an 8k local model (Ollama's and llama.cpp server's usual context); the server's default too. */
const DEFAULT_CONTEXT = 8192

const ANALYZER_WORDS: Readonly<Record<AnalyzerKind, string>> = {
  builtin: 'Built-in (offline)',
  openai: 'OpenAI-compatible server',
}

/** Who may change the settings, said to someone who may not. */
const whoMayChange = (s: NotesSettings, readonlySession: boolean): string =>
  readonlySession
    ? 'This session is read-only: sign in with your password or a full-access key to change them.'
    : s.scope === 'organization'
      ? "Only the organization's owners and admins can change them."
      : 'Only the account itself can change them, with a full-access session.'

const TemplateOption = (props: { id: string; name: string; source: string }) => (
  <option value={props.id}>
    {props.name}
    {props.source === 'operator' ? ' (this server’s own)' : ''}
  </option>
)

/** What a member (or a read-only session) sees: the settings in force, and who can change them. */
const ReadOnly = (props: { settings: NotesSettings; readonlySession: boolean }) => {
  const s = props.settings
  return (
    <div class="card">
      <dl class="facts">
        <dt>Notes are written by</dt>
        <dd>{ANALYZER_WORDS[s.analyzer]}</dd>
        {s.analyzer === 'openai' && s.openai !== null ? (
          <>
            <dt>Server</dt>
            <dd class="wrap-anywhere">{s.openai.url}</dd>
            <dt>Model</dt>
            <dd>{s.openai.model}</dd>
            <dt>Context length</dt>
            <dd>{s.openai.contextTokens.toLocaleString()} tokens</dd>
            <dt>API key</dt>
            <dd>{s.openai.hasKey ? 'A key is saved' : 'None'}</dd>
          </>
        ) : null}
        <dt>Default template</dt>
        <dd>{templateName(s.templates, s.defaultTemplate)}</dd>
      </dl>
      <p class="muted">{whoMayChange(s, props.readonlySession)}</p>
    </div>
  )
}

/** The form of an owner or admin: the analyzer, its server, the default template; Test and Save. */
const Editor = (props: { settings: NotesSettings; onSaved: () => Promise<void> }) => {
  const { api } = useSession()
  const s = props.settings
  const action = useAction()
  const [analyzer, setAnalyzer] = useState<AnalyzerKind>(s.analyzer)
  const [url, setUrl] = useState(s.openai?.url ?? '')
  const [model, setModel] = useState(s.openai?.model ?? '')
  const [context, setContext] = useState(String(s.openai?.contextTokens ?? DEFAULT_CONTEXT))
  // Write-only: what is typed here replaces the saved key; empty keeps it.
  const [key, setKey] = useState('')
  const [removeKey, setRemoveKey] = useState(false)
  const [template, setTemplate] = useState(s.defaultTemplate)
  const [saved, setSaved] = useState(false)

  const contextTokens = Number(context)
  const keyField = removeKey ? { key: '' } : key === '' ? {} : { key }
  const server = { url: url.trim(), model: model.trim(), contextTokens }
  // A server half typed while "built-in" is chosen is not sent: the saved one stays as it was.
  const sendsServer = analyzer === 'openai' || (server.url !== '' && server.model !== '')

  const submit = (e: Event) => {
    e.preventDefault()
    setSaved(false)
    const body: NotesSettingsInput = { analyzer, defaultTemplate: template, ...(sendsServer ? { openai: { ...server, ...keyField } } : {}) }
    void action.run(async () => {
      const kept = await saveNotesSettings(api, body)
      // The form shows what the server keeps (a trimmed address, the key now saved or not).
      setUrl(kept.openai?.url ?? server.url)
      setModel(kept.openai?.model ?? server.model)
      setKey('')
      setRemoveKey(false)
      setSaved(true)
      await props.onSaved()
    })
  }

  return (
    <form class="card stack notes-settings" onSubmit={submit} aria-labelledby="notes-form-title" onInput={() => setSaved(false)}>
      <h3 id="notes-form-title">How notes are written</h3>
      <fieldset class="access-choice">
        <legend>Analyzer</legend>
        {(['builtin', 'openai'] as const).map((k) => (
          <label key={k} class="inline">
            <input type="radio" name="analyzer" value={k} checked={analyzer === k} onChange={() => setAnalyzer(k)} />
            {ANALYZER_WORDS[k]}
          </label>
        ))}
        <p class="hint">
          {analyzer === 'builtin'
            ? 'Notes are written on this server, with no network and no model to run.'
            : 'Ollama, llama.cpp server, vLLM, OpenAI or any server that speaks the chat-completions API. If it does not answer, the built-in analyzer writes the notes and the recording says so.'}
        </p>
      </fieldset>
      {analyzer === 'openai' ? (
        <fieldset class="stack-fields" aria-describedby="server-hint">
          <legend>The server</legend>
          <p class="hint" id="server-hint">
            Its address, e.g. <code>http://127.0.0.1:11434</code> for Ollama or <code>http://127.0.0.1:8080</code> for llama.cpp server (a trailing <code>/v1</code> is fine).
          </p>
          <label>
            Server URL
            <input type="url" required value={url} placeholder="http://127.0.0.1:11434" onInput={(e) => setUrl(e.currentTarget.value)} />
          </label>
          <label>
            Model
            <input type="text" required value={model} placeholder="llama3.1:8b" onInput={(e) => setModel(e.currentTarget.value)} />
          </label>
          <div class="field">
            <label>
              <span>
                API key <span class="muted">(optional)</span>
              </span>
              <input
                type="password"
                autocomplete="off"
                value={key}
                disabled={removeKey}
                placeholder={s.openai?.hasKey === true ? 'A key is saved' : 'None'}
                aria-describedby="key-hint"
                onInput={(e) => setKey(e.currentTarget.value)}
              />
            </label>
            <span class="hint" id="key-hint">
              {s.openai?.hasKey === true ? 'A key is saved. It is never shown; type a new one to replace it, or leave this empty to keep it.' : 'Sent as a Bearer token. Never shown again once saved.'}
            </span>
          </div>
          {s.openai?.hasKey === true ? (
            <label class="inline">
              <input type="checkbox" checked={removeKey} onChange={(e) => setRemoveKey(e.currentTarget.checked)} />
              Remove the saved key
            </label>
          ) : null}
          <div class="field">
            <label>
              Context length (tokens)
              <input type="number" required min={2048} max={1_000_000} step={1} value={context} aria-describedby="context-hint" onInput={(e) => setContext(e.currentTarget.value)} />
            </label>
            <span class="hint" id="context-hint">
              8192 suits an 8k local model. A long meeting is read in parts of this size, then merged, so nothing is left out.
            </span>
          </div>
          <ServerTest probe={{ ...server, ...keyField }} />
        </fieldset>
      ) : null}
      <div class="field">
        <label>
          Default template
          <select value={template} aria-describedby="template-hint" onChange={(e) => setTemplate(e.currentTarget.value)}>
            {s.templates.map((t) => (
              <TemplateOption key={t.id} {...t} />
            ))}
          </select>
        </label>
        <span class="hint" id="template-hint">
          What the notes cover when an upload or a bot does not choose one.
        </span>
      </div>
      <ErrorNote message={action.error} />
      {saved ? (
        <p class="notice" role="status">
          Saved. The next recording's notes are written this way; nothing needs restarting.
        </p>
      ) : null}
      <div class="form-buttons">
        <button type="submit" class="primary" disabled={action.busy}>
          {action.busy ? 'Saving…' : 'Save'}
        </button>
      </div>
    </form>
  )
}

/** Settings → Notes: which analyzer writes the notes of the organization (or the account outside one). */
export const NotesSection = () => {
  const { api, canWrite } = useSession()
  const settings = useAsync(() => readNotesSettings(api), [])
  const s = settings.data
  return (
    <section aria-labelledby="notes-title">
      <h2 id="notes-title">Notes</h2>
      {s === undefined ? (
        settings.loading ? <Loading what="the notes settings" /> : <ErrorNote message={settings.error} />
      ) : (
        <>
          <p class="muted">
            {s.scope === 'organization' ? "For every recording of the organization's members. " : 'For your recordings. '}
            {s.source === 'server' ? "Nothing has been saved here yet: this server's own configuration applies." : ''}
          </p>
          <ErrorNote message={settings.error} />
          {s.canEdit && canWrite ? <Editor settings={s} onSaved={() => settings.reload(true)} /> : <ReadOnly settings={s} readonlySession={!canWrite} />}
        </>
      )}
    </section>
  )
}
