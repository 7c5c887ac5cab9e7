/**
 * Which engine made a recording's transcript and who wrote its notes, under them ("Transcript by Whisper
 * base.en. Notes by the built-in analyzer."); and, when the chosen server failed and the built-in analyzer
 * stood in, a notice that says so.
 */
import type { Recording } from '../../api.js'
import { madeByOf, type NotesMadeBy, readNotesSettings, templateName } from '../../notes-api.js'
import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'
import { ErrorNote } from '../feedback.js'
import { canRetry, useRetry } from './use-retry.js'

type TranscribedBy = NonNullable<Recording['transcribedBy']>

/** "Whisper base.en", "PocketSphinx (rough)", "the meeting's captions": a rough transcript is said to be one, as it may be worth processing again. */
const transcriberWords = (t: TranscribedBy): string => {
  const named =
    t.engine === 'whisper'
      ? `Whisper${t.model === null ? '' : ` ${t.model}`}`
      : t.engine === 'pocketsphinx'
        ? 'PocketSphinx'
        : t.engine === 'openai'
          ? `an OpenAI-compatible service${t.model === null ? '' : ` (${t.model})`}`
          : t.engine === 'captions'
            ? "the meeting's captions"
            : `${t.engine}${t.model === null ? '' : ` ${t.model}`}`
  return t.accuracy === 'rough' ? `${named} (rough)` : named
}

/** "the built-in analyzer", "llama3.1:8b (OpenAI-compatible)". */
const writerWords = (m: NotesMadeBy): string =>
  m.analyzer === 'builtin' ? 'the built-in analyzer' : m.analyzer === 'openai' ? (m.model === null ? 'an OpenAI-compatible server' : `${m.model} (OpenAI-compatible)`) : m.model ?? m.analyzer

/** The catalogue's names of templates ("Standup" for `standup`); ids until it is read, or when it cannot be. */
const useTemplateNames = () => {
  const { api } = useSession()
  return useAsync(async () => (await readNotesSettings(api).catch(() => null))?.templates, []).data ?? undefined
}

export const MadeBy = (props: { recording: Recording }) => {
  const m = props.recording.hasNotes ? madeByOf(props.recording) : null
  // Absent from a server older than the field: nothing said.
  const t = props.recording.transcribedBy ?? null
  const templates = useTemplateNames()
  if (m === null && t === null) return null
  return (
    <p class="made-by muted">
      {t === null ? null : `Transcript by ${transcriberWords(t)}.`}
      {t !== null && m !== null ? ' ' : null}
      {m === null ? null : (
        <>
          Notes by {writerWords(m)}
          {m.template === null ? '' : `, template ${templateName(templates, m.template)}`}
          {m.fallbackReason === null ? '' : ', because the notes server failed'}.
        </>
      )}
    </p>
  )
}

/** The notes are the built-in analyzer's because the server chosen failed: its reason in words, and Retry to ask it again. */
export const FallbackNotice = (props: { recording: Recording; editable: boolean; onRetried: () => Promise<void> }) => {
  const r = props.recording
  const m = madeByOf(r)
  const retry = useRetry(r, props.onRetried)
  if (m?.fallbackReason == null) return null
  // The run's error says it all when the run ended at the analysis; otherwise (a retry under way) the reason alone.
  const words = r.state === 'failed' && r.failedStage === 'analysing' && r.detail !== null ? r.detail : `${m.fallbackReason.replace(/[.\s]+$/, '')}; these notes were written by the built-in analyzer.`
  return (
    <section class="card state-note warn" aria-labelledby="fallback-title">
      <h2 id="fallback-title">These notes were written by the built-in analyzer</h2>
      <p>{words}</p>
      <ErrorNote message={retry.error} />
      {canRetry(r, props.editable) ? (
        <button type="button" class="primary" disabled={retry.busy} onClick={() => void retry.run()}>
          {retry.busy ? 'Retrying…' : 'Retry'}
        </button>
      ) : null}
    </section>
  )
}
