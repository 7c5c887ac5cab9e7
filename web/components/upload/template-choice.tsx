/** An upload's summary template: the account's default unless one is chosen; and who will write the notes. */
import { nextNotes, readNotesSettings, templateName } from '../../notes-api.js'
import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'

export const TemplateChoice = (props: { value: string; onChange: (id: string) => void; disabled: boolean }) => {
  const { api } = useSession()
  const settings = useAsync(() => readNotesSettings(api), [])
  const next = useAsync(() => nextNotes(api), [])
  const s = settings.data
  // Without the catalogue there is nothing to choose from: the upload gets the default, as with no choice.
  if (s === undefined || s.templates.length === 0) return null
  const writer = next.data == null ? null : next.data.analyzer === 'builtin' ? 'the built-in analyzer' : `${next.data.model ?? 'a server'} (OpenAI-compatible)`
  return (
    <div class="field">
      <label>
        <span>
          Notes template <span class="muted">(optional)</span>
        </span>
        <select value={props.value} disabled={props.disabled} aria-describedby="template-choice-hint" onChange={(e) => props.onChange(e.currentTarget.value)}>
          <option value="">The default ({templateName(s.templates, s.defaultTemplate)})</option>
          {s.templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      </label>
      <span class="hint" id="template-choice-hint">
        What the notes cover: a standup's blockers, a sales call's next steps.{writer === null ? '' : ` Notes are written by ${writer}.`}
      </span>
    </div>
  )
}
