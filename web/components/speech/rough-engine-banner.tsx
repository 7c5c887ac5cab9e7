/**
 * On the pages where audio becomes a transcript (upload, a recording): while the engine's words
 * are rough, or audio cannot be transcribed at all, the way to an accurate model. An administrator
 * gets a link to Settings → Speech with the model and its size; anyone else, who to ask.
 * "Hide" hides it for this browser tab's session only, and only for the engine it was hidden for.
 */
import { useState } from 'preact/hooks'
import { Link } from '../../router.js'
import { useSession } from '../../session.js'
import { engineName, megabytes, modelTitle, readSpeechModels, readSpeechToText, type SpeechModel, type SpeechToText, suggestedModel } from '../../speech-api.js'
import { useAsync } from '../../use-async.js'

const HIDDEN_KEY = 'notetaker.rough-engine-banner.hidden'

/** The engine the banner was hidden for (sessionStorage can be refused: then it is simply not remembered). */
const hiddenFor = (): string | null => {
  try {
    return sessionStorage.getItem(HIDDEN_KEY)
  } catch {
    return null
  }
}
const hideFor = (engine: string): void => {
  try {
    sessionStorage.setItem(HIDDEN_KEY, engine)
  } catch {
    // Hidden until the page is left, then.
  }
}

/** What an administrator is offered: the suggested model to download, or how its download goes. */
const AdminWay = (props: { model: SpeechModel | undefined; unavailable: boolean }) => {
  const m = props.model
  const goal = props.unavailable ? 'to transcribe audio' : 'for accurate transcripts'
  if (m === undefined) return <Link href="/settings/speech">Add a Whisper model in Settings → Speech {goal}.</Link>
  if (m.state === 'present') return <>{modelTitle(m)} is on this server: the next transcription uses it.</>
  if (m.state === 'unusable') return <Link href="/settings/speech">{modelTitle(m)} is on this server but cannot be used: see why in Settings → Speech.</Link>
  if (m.state === 'downloading')
    return (
      <>
        {modelTitle(m)} is downloading ({Math.floor((100 * m.receivedBytes) / Math.max(1, m.bytes))} %); the next transcription after it finishes uses it. <Link href="/settings/speech">Follow it in Settings → Speech</Link>.
      </>
    )
  return (
    <Link href="/settings/speech">
      {m.state === 'partial' ? 'Resume the download of' : 'Download'} {modelTitle(m)} ({megabytes(m.bytes)}) {goal}.
    </Link>
  )
}

/** What anyone else is told: who can change it. */
const othersWay = (s: SpeechToText, readonlySession: boolean): string =>
  (readonlySession ? 'If you administer this server, sign in with your password or a full-access key to download an accurate model; otherwise ask' : 'Ask') +
  ` this server's administrator to add an accurate model (Whisper) in Settings → Speech${s.available ? '.' : ', or upload a transcript file instead.'}`

export const RoughEngineBanner = () => {
  const { api, canWrite } = useSession()
  const server = useAsync(() => readSpeechToText(api), [])
  const s = server.data
  const manages = s?.canManageModels === true
  // Only administrators may read the models, and only they need the suggested one's size.
  const models = useAsync(async () => (manages ? (await readSpeechModels(api)).models : []), [manages])
  const [hidden, setHidden] = useState(hiddenFor())
  if (s === undefined) return null
  const rough = s.accuracy === 'rough'
  if (s.available && !rough) return null
  const engine = s.description ?? s.engine
  if (hidden === engine) return null
  if (manages && models.data === undefined && models.loading) return null
  return (
    <div class="notice-warn engine-banner">
      <p>
        <strong>{s.available ? `Transcripts are rough: this server uses ${engineName(s)}.` : 'Audio cannot be transcribed on this server yet: only transcript files can be read.'}</strong>{' '}
        {manages ? <AdminWay model={suggestedModel(models.data ?? [])} unavailable={!s.available} /> : othersWay(s, !canWrite)}
      </p>
      <button
        type="button"
        class="quiet"
        onClick={() => {
          hideFor(engine)
          setHidden(engine)
        }}
      >
        Hide for now
      </button>
    </div>
  )
}
