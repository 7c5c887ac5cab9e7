import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'

const ENGINE_WORDS: Readonly<Record<string, string>> = {
  pocketsphinx: 'PocketSphinx, offline on this server',
  whisper: 'Whisper, offline on this server',
  openai: 'a speech-to-text service the operator connected',
}

/** Which engine will transcribe an audio file; nothing when there is none (the page's RoughEngineBanner says so, and what to do). */
export const SpeechEngine = () => {
  const { api } = useSession()
  const server = useAsync(async () => (await api.request('get', '/server')).data.speechToText, [])
  const s = server.data
  if (s === undefined || !s.available) return null
  return (
    <p class="muted">
      Audio is transcribed with {ENGINE_WORDS[s.engine] ?? s.engine}
      {s.model === null ? '' : ` (model ${s.model})`}.
    </p>
  )
}
