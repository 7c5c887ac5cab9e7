import type { ComponentChildren } from 'preact'
import { useEffect, useRef, useState } from 'preact/hooks'
import { ErrorNote, Loading } from '../../components/feedback.js'
import { ModelRow } from '../../components/speech/model-row.js'
import { useSession } from '../../session.js'
import { readSpeechModels, readSpeechToText, type SpeechModel, type SpeechToText } from '../../speech-api.js'
import { useAsync, useInterval } from '../../use-async.js'

/** After a change, the engine follows within a few seconds (the server re-reads its models folder): the page reads again until then. */
const SETTLE_MS = 10_000

const ACCURACY_WORDS: Readonly<Record<'rough' | 'accurate', string>> = { rough: 'Rough', accurate: 'Accurate' }

/** Which engine transcribes audio, with its accuracy in words. */
const EngineLine = (props: { s: SpeechToText }) => {
  const s = props.s
  return (
    <div class="card engine-line" aria-live="polite">
      <p class="muted">Audio is transcribed by</p>
      <p class="engine-name">
        <strong>{s.available ? (s.description ?? s.engine) : 'nothing: this server cannot transcribe audio yet'}</strong>{' '}
        {s.accuracy === null ? null : <span class={`badge ${s.accuracy === 'accurate' ? 'good' : 'busy'}`}>{ACCURACY_WORDS[s.accuracy]}</span>}
      </p>
      {s.accuracy === 'rough' ? <p class="hint">Many words come out wrong. A Whisper model gives accurate transcripts; the next transcription uses it, with no restart.</p> : null}
      {!s.available ? <p class="hint">Only transcript files can be uploaded until a speech model is added.</p> : null}
    </div>
  )
}

/** What someone who cannot manage the models is told. */
const NotManaging = (props: { s: SpeechToText; readonlySession: boolean }) => (
  <p class="muted">
    {props.readonlySession
      ? 'This session is read-only: if you administer this server, sign in with your password or a full-access key to manage its speech models.'
      : props.s.accuracy === 'accurate'
        ? "Only this server's administrators manage its speech models."
        : "Ask this server's administrator to add an accurate model: Whisper base.en gives accurate English transcripts."}
  </p>
)

const ModelList = (props: { title: string; hint: ComponentChildren; models: ReadonlyArray<SpeechModel>; onChanged: () => Promise<void> }) =>
  props.models.length === 0 ? null : (
    <section class="card" aria-label={props.title}>
      <h3>{props.title}</h3>
      <p class="hint">{props.hint}</p>
      <ul class="plain models">
        {props.models.map((m) => (
          <ModelRow key={m.name} model={m} onChanged={props.onChanged} />
        ))}
      </ul>
    </section>
  )

/** An administrator's view: the engine line and the models, read every second while a download runs. `engine`: GET /server's, until the models are read. */
const Manager = (props: { engine: SpeechToText }) => {
  const { api } = useSession()
  const list = useAsync(() => readSpeechModels(api), [])
  const [settleUntil, setSettleUntil] = useState(0)
  const v = list.data
  const downloading = v?.models.some((m) => m.state === 'downloading') === true
  const wasDownloading = useRef(false)
  // A download that just ended: keep reading a little, until the engine has switched to the new model.
  useEffect(() => {
    if (wasDownloading.current && !downloading) setSettleUntil(Date.now() + SETTLE_MS)
    wasDownloading.current = downloading
  }, [downloading])
  useInterval(() => void list.reload(true), 1000, downloading || Date.now() < settleUntil)
  const changed = async () => {
    setSettleUntil(Date.now() + SETTLE_MS)
    await list.reload(true)
  }
  if (v === undefined)
    return (
      <>
        <EngineLine s={props.engine} />
        {list.loading ? <Loading what="the speech models" /> : <ErrorNote message={list.error} />}
      </>
    )
  return (
    <>
      <EngineLine s={v.speechToText} />
      <ErrorNote message={list.error} />
      <ModelList
        title="Whisper models"
        hint={
          <>
            Downloaded by this server from <span class="wrap-anywhere">{v.mirror}</span>, and checked (size, SHA-256, and that Whisper can read it) before use. The engine follows at once: nothing needs restarting.
          </>
        }
        models={v.models.filter((m) => m.kind === 'whisper')}
        onChanged={changed}
      />
      <ModelList
        title="Telling speakers apart"
        hint="With both of these, transcripts say who spoke (Speaker 1, Speaker 2, …); without them, everything is under one speaker."
        models={v.models.filter((m) => m.kind !== 'whisper')}
        onChanged={changed}
      />
      <p class="hint">
        No internet on this server? Download the model's file on another computer (from <span class="wrap-anywhere">{v.mirror}</span>) and use <strong>Add a model file</strong>: it is checked the same way.
      </p>
    </>
  )
}

/** Settings → Speech: which engine transcribes audio and how accurately; administrators manage the models. */
export const SpeechSection = () => {
  const { api, canWrite } = useSession()
  const server = useAsync(() => readSpeechToText(api), [])
  const s = server.data
  return (
    <section aria-labelledby="speech-title">
      <h2 id="speech-title">Speech</h2>
      {s === undefined ? (
        server.loading ? <Loading what="the speech settings" /> : <ErrorNote message={server.error} />
      ) : s.canManageModels ? (
        <Manager engine={s} />
      ) : (
        <>
          <EngineLine s={s} />
          <NotManaging s={s} readonlySession={!canWrite} />
        </>
      )}
    </section>
  )
}
