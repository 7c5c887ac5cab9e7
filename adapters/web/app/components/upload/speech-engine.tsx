import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'

const ENGINE_WORDS: Readonly<Record<string, string>> = {
  pocketsphinx: 'PocketSphinx, offline on this server',
  whisper: 'Whisper, offline on this server',
  openai: 'a speech-to-text service the operator connected',
}

/** Which engine will transcribe an audio file, or, when there is none, that only transcripts can be read and why. */
export const SpeechEngine = () => {
  const { api } = useSession()
  const server = useAsync(async () => (await api.request('get', '/server')).data.speechToText, [])
  const s = server.data
  if (s === undefined) return null
  if (!s.available)
    return (
      <p class="notice-warn">
        This server cannot transcribe audio yet, so only transcript files can be uploaded. {s.setupHint ?? 'Ask its operator to add a speech-to-text engine.'}
      </p>
    )
  return (
    <p class="muted">
      Audio is transcribed with {ENGINE_WORDS[s.engine] ?? s.engine}
      {s.model === null ? '' : ` (model ${s.model})`}.
    </p>
  )
}
