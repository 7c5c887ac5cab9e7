/**
 * One model of the server's catalog in Settings → Speech: what it is, its size, where it stands
 * (a download's progress, a problem in words), and what an administrator can do with it:
 * Download (or Resume), Add a model file (with the transfer's progress), Remove (asked again).
 */
import { useEffect, useRef, useState } from 'preact/hooks'
import { useSession } from '../../session.js'
import { megabytes, modelTitle, pullModel, removeModel, sendModelFile, type SpeechModel } from '../../speech-api.js'
import { ErrorNote } from '../feedback.js'
import { ConfirmButton } from '../manage/confirm-button.js'
import { useAction } from '../manage/use-action.js'

const STATE_WORDS: Readonly<Record<SpeechModel['state'], string>> = {
  absent: 'Not on this server',
  downloading: 'Downloading',
  partial: 'Download stopped',
  present: 'On this server',
  unusable: 'Unusable',
}
const STATE_TONE: Readonly<Record<SpeechModel['state'], string>> = { absent: '', downloading: 'busy', partial: 'busy', present: 'good', unusable: 'bad' }

const percent = (part: number, whole: number): number => Math.floor((100 * part) / Math.max(1, whole))

/** "52.3 MB of 148 MB (35 %)". */
const progressWords = (part: number, whole: number): string => `${megabytes(part, 1)} of ${megabytes(whole)} (${percent(part, whole)} %)`

const languageWords = (m: SpeechModel): string | null => (m.kind !== 'whisper' ? null : m.multilingual ? 'many languages' : 'English only')

/** Where a file chosen here stands: being sent, then checked by the server. */
type Sending = { readonly sent: number; readonly total: number } | null

/** A file input drawn as a button; the file goes to the server with its progress, and the server checks it before keeping it. */
const AddFile = (props: { model: SpeechModel; run: (work: () => Promise<unknown>) => void; onSending: (s: Sending) => void; disabled: boolean }) => {
  const { session } = useSession()
  const abort = useRef<(() => void) | null>(null)
  useEffect(() => () => abort.current?.(), [])
  const id = `file-${props.model.name}`
  const choose = (input: HTMLInputElement) => {
    const file = input.files?.[0]
    input.value = ''
    if (file === undefined) return
    props.run(async () => {
      props.onSending({ sent: 0, total: file.size })
      const s = sendModelFile({ name: props.model.name, file, csrfToken: session.csrfToken, onProgress: (sent, total) => props.onSending({ sent, total }) })
      abort.current = s.abort
      try {
        await s.done
      } finally {
        abort.current = null
        props.onSending(null)
      }
    })
  }
  return (
    <label class={`button file-button${props.disabled ? ' disabled' : ''}`} for={id}>
      Add a model file
      <input id={id} type="file" class="visually-hidden" disabled={props.disabled} onChange={(e) => choose(e.currentTarget)} />
    </label>
  )
}

export const ModelRow = (props: { model: SpeechModel; onChanged: () => Promise<void> }) => {
  const { api } = useSession()
  const m = props.model
  const action = useAction()
  const [sending, setSending] = useState<Sending>(null)
  const title = modelTitle(m)
  const titleId = `model-${m.name}`
  const languages = languageWords(m)
  const busy = action.busy || sending !== null || m.state === 'downloading'
  const change = (work: () => Promise<unknown>) =>
    void action.run(async () => {
      try {
        await work()
      } finally {
        await props.onChanged()
      }
    })

  return (
    <li class="model" aria-labelledby={titleId}>
      <div class="row-head">
        <h4 id={titleId}>{title}</h4>
        <span class="model-badges">
          {m.inUse ? <span class="badge good">In use</span> : null}
          <span class={`badge ${STATE_TONE[m.state]}`}>{STATE_WORDS[m.state]}</span>
        </span>
      </div>
      <p class="model-facts">
        {m.description}
        <span class="muted">
          {' · '}
          {megabytes(m.bytes)}
          {languages === null ? '' : ` · ${languages}`}
          {m.source === 'operator' ? ' · from this server’s own catalog' : ''}
        </span>
      </p>
      {m.state === 'downloading' ? (
        <div class="model-progress">
          <progress value={m.receivedBytes} max={Math.max(1, m.bytes)} aria-label={`Downloading ${title}`} />
          <span class="muted">Downloading: {progressWords(m.receivedBytes, m.bytes)}</span>
        </div>
      ) : m.state === 'partial' ? (
        <p class="muted">The download stopped at {progressWords(m.receivedBytes, m.bytes)}. Resume goes on from there.</p>
      ) : null}
      {sending !== null ? (
        <div class="model-progress">
          <progress value={sending.sent} max={Math.max(1, sending.total)} aria-label={`Sending the file for ${title}`} />
          <span class="muted">{sending.sent < sending.total ? `Sending the file: ${progressWords(sending.sent, sending.total)}` : 'Sent; the server is checking the file…'}</span>
        </div>
      ) : null}
      {m.problem === null ? null : (
        <p class={m.state === 'unusable' ? 'error' : 'notice-warn'} role={m.state === 'unusable' ? 'alert' : 'status'}>
          {m.problem}
        </p>
      )}
      {/* The model may keep the same refusal as its `problem`: said once. */}
      <ErrorNote message={action.error === m.problem ? null : action.error} />
      <div class="form-buttons model-actions">
        {m.state === 'absent' || m.state === 'partial' ? (
          <button type="button" class="primary" disabled={busy} aria-describedby={titleId} onClick={() => change(() => pullModel(api, m.name))}>
            {m.state === 'partial' ? 'Resume' : 'Download'}
          </button>
        ) : null}
        {m.state !== 'present' && m.state !== 'downloading' ? <AddFile model={m} run={change} onSending={setSending} disabled={busy} /> : null}
        {m.state === 'present' || m.state === 'partial' || m.state === 'unusable' ? (
          <ConfirmButton label="Remove" confirmLabel={`Yes, remove ${title}`} name={`Remove ${title}`} disabled={busy} onConfirm={() => change(() => removeModel(api, m.name))} />
        ) : null}
      </div>
    </li>
  )
}
