/** Who spoke and how much; the owner of the recording gives speakers their names. */
import { useState } from 'preact/hooks'
import { messageOf, type Recording } from '../../api.js'
import { formatDuration, wholePercents } from '../../format.js'
import { useSession } from '../../session.js'
import { ErrorNote } from '../feedback.js'
import { EditorButtons } from './editor-buttons.js'
import { ShareBar } from './notes.js'

type Speaker = Recording['speakers'][number]

const Rename = (props: { speaker: Speaker; onSave: (name: string) => Promise<void>; onCancel: () => void }) => {
  const [name, setName] = useState(props.speaker.name)
  const [busy, setBusy] = useState(false)
  return (
    <form
      class="rename"
      onSubmit={async (e) => {
        e.preventDefault()
        setBusy(true)
        await props.onSave(name.trim())
        setBusy(false)
      }}
    >
      <label>
        Name for {props.speaker.label}
        <input value={name} onInput={(e) => setName(e.currentTarget.value)} required maxLength={200} autoFocus />
      </label>
      <EditorButtons saveDisabled={busy || name.trim() === ''} onCancel={props.onCancel} />
    </form>
  )
}

export const Speakers = (props: { runId: string; speakers: Recording['speakers']; editable: boolean; onChanged: () => Promise<void> }) => {
  const { api } = useSession()
  const [editing, setEditing] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  if (props.speakers.length === 0) return null

  const rename = async (s: Speaker, name: string) => {
    setError(null)
    try {
      await api.request('patch', '/recordings/{runId}/speakers/{speakerId}', { path: { runId: props.runId, speakerId: s.id }, body: { name } })
      await props.onChanged()
      setEditing(null)
    } catch (e) {
      setError(messageOf(e))
    }
  }

  const percents = wholePercents(props.speakers.map((s) => s.share))
  return (
    <section class="card" aria-labelledby="speakers-title">
      <h2 id="speakers-title">Speakers</h2>
      <ErrorNote message={error} />
      <ul class="plain shares speakers">
        {props.speakers.map((s, i) => (
          <li key={s.id}>
            {editing === s.id ? (
              <Rename speaker={s} onSave={(name) => rename(s, name)} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <span class="share-label">
                  <span class="speaker-name">{s.name}</span>
                  {s.name === s.label ? null : <span class="muted"> ({s.label})</span>}
                  <span class="muted"> · {s.talkMs > 0 ? formatDuration(s.talkMs / 1000) : `${s.words} words`}</span>
                  {props.editable ? (
                    <button type="button" class="quiet small" onClick={() => setEditing(s.id)} aria-label={`Rename ${s.name}`}>
                      Rename
                    </button>
                  ) : null}
                </span>
                <ShareBar share={s.share} percent={percents[i] ?? 0} />
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
