import { useEffect, useRef, useState } from 'preact/hooks'
import { newIdempotencyKey, type Problem, problemOf, type Upload } from '../api.js'
import { ErrorNote, FieldNote, invalidProps, PageHeader, Words } from '../components/feedback.js'
import { recordingHref } from '../components/recording/labels.js'
import { DropZone } from '../components/upload/drop-zone.js'
import { sendContent } from '../components/upload/send-content.js'
import { RoughEngineBanner } from '../components/speech/rough-engine-banner.js'
import { SpeechEngine } from '../components/upload/speech-engine.js'
import { type StepName, Steps, stepOf } from '../components/upload/stages.js'
import { TemplateChoice } from '../components/upload/template-choice.js'
import { Link } from '../router.js'
import { useSession } from '../session.js'
import { useInterval } from '../use-async.js'

/** Where an upload stands on this page. A failure remembers what failed, so Retry redoes just that. */
type Phase =
  | { readonly kind: 'choosing' }
  | { readonly kind: 'creating' }
  | { readonly kind: 'sending'; readonly upload: Upload; readonly bytes: number; readonly total: number }
  | { readonly kind: 'processing'; readonly upload: Upload }
  | { readonly kind: 'ready'; readonly upload: Upload }
  | {
      readonly kind: 'failed'
      readonly step: 'create' | 'send' | 'process'
      readonly upload: Upload | null
      readonly at: StepName
      /** What went wrong; Retry is offered only if it can help (not for a file refused for its type or size, which stays refused). */
      readonly problem: Problem
    }

/** `/upload`: a file (chosen or dropped) becomes a recording with notes, each step shown as it happens. */
export const UploadPage = (_props: Record<string, string>) => {
  const { api, session, canWrite } = useSession()
  const [file, setFile] = useState<File | null>(null)
  const [title, setTitle] = useState('')
  /** '' is the account's default template (the server picks it). */
  const [template, setTemplate] = useState('')
  const [phase, setPhase] = useState<Phase>({ kind: 'choosing' })
  const keyOf = useRef(new Map<string, string>())
  const sending = useRef<{ abort: () => void } | null>(null)

  // Leaving mid-transfer loses the file: the browser asks first. Leaving the page stops the transfer.
  useEffect(() => {
    if (phase.kind !== 'sending') return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    addEventListener('beforeunload', warn)
    return () => removeEventListener('beforeunload', warn)
  }, [phase.kind])
  useEffect(() => () => sending.current?.abort(), [])

  const send = async (upload: Upload, f: File) => {
    setPhase({ kind: 'sending', upload, bytes: 0, total: f.size })
    // One key per upload, kept across retries, so a repeat after a lost answer replays the first success.
    const key = keyOf.current.get(upload.id) ?? newIdempotencyKey()
    keyOf.current.set(upload.id, key)
    const s = sendContent({
      uploadId: upload.id,
      file: f,
      csrfToken: session.csrfToken,
      idempotencyKey: key,
      onProgress: (bytes, total) => setPhase((p) => (p.kind === 'sending' ? { ...p, bytes, total } : p)),
    })
    sending.current = s
    try {
      const stored = await s.done
      setPhase({ kind: 'processing', upload: stored })
    } catch (e) {
      setPhase({ kind: 'failed', step: 'send', problem: problemOf(e), upload, at: 'send' })
    } finally {
      sending.current = null
    }
  }

  const start = async (f: File) => {
    setPhase({ kind: 'creating' })
    try {
      const upload = await api.uploads.create({
        filename: f.name,
        byteSize: f.size,
        ...(title.trim() === '' ? {} : { title: title.trim() }),
        ...(f.type === '' ? {} : { contentType: f.type }),
        ...(template === '' ? {} : { template }),
      })
      await send(upload, f)
    } catch (e) {
      setPhase({ kind: 'failed', step: 'create', problem: problemOf(e), upload: null, at: 'send' })
    }
  }

  const poll = async () => {
    if (phase.kind !== 'processing') return
    try {
      const u = await api.uploads.get(phase.upload.id)
      if (u.stage === 'ready') setPhase({ kind: 'ready', upload: u })
      // `stored` is done once the file is in; processing that fails from there fails at transcribing.
      // The server keeps the file and offers to process it again (POST /uploads/{id}/retry).
      else if (u.stage === 'failed')
        setPhase({
          kind: 'failed',
          step: 'process',
          problem: { message: u.error ?? 'Processing failed.', fields: {}, retryable: true },
          upload: u,
          at: phase.upload.stage === 'stored' ? 'transcribing' : stepOf(phase.upload.stage),
        })
      else setPhase((p) => (p.kind === 'processing' ? { kind: 'processing', upload: u } : p))
    } catch {
      // A missed poll is tried again at the next tick.
    }
  }
  useInterval(() => void poll(), 1500, phase.kind === 'processing')

  const retry = async () => {
    if (phase.kind !== 'failed') return
    if (phase.step === 'create' || phase.upload === null) {
      if (file !== null) await start(file)
    } else if (phase.step === 'send') {
      if (file !== null) await send(phase.upload, file)
    } else {
      const upload = phase.upload
      setPhase({ kind: 'processing', upload: { ...upload, stage: 'stored' } })
      try {
        setPhase({ kind: 'processing', upload: await api.uploads.retry(upload.id) })
      } catch (e) {
        setPhase({ kind: 'failed', step: 'process', problem: problemOf(e), upload, at: phase.at })
      }
    }
  }

  const again = () => {
    setFile(null)
    setTitle('')
    setTemplate('')
    setPhase({ kind: 'choosing' })
  }

  if (!canWrite) {
    return (
      <>
        <PageHeader title="Upload" />
        <p class="notice">You are signed in with read-only access, which cannot upload. Sign in with your password or a full-access key to upload.</p>
      </>
    )
  }

  const busy = phase.kind !== 'choosing' && phase.kind !== 'failed'
  const problem = phase.kind === 'failed' ? phase.problem : null
  // The file is one field to a person; the API names it by its name, its declared size or its content.
  const fileProblem = problem?.fields['filename'] ?? problem?.fields['byteSize'] ?? problem?.fields['content']
  // The notes server failed and the built-in analyzer wrote the notes: they can be read, and Retry asks the server again.
  const fellBack = phase.kind === 'failed' && phase.step === 'process' && phase.upload?.failedStage === 'analysing' && phase.upload.hasNotes
  // Known from the upload once created; before, from the file's name as the API decides it.
  const upload = 'upload' in phase ? phase.upload : null
  const transcript = upload !== null ? upload.kind === 'transcript' : /\.(vtt|srt|txt|json)$/i.test(file?.name ?? '')
  const steps =
    phase.kind === 'sending' ? (
      <Steps at="send" failed={false} sent={{ bytes: phase.bytes, total: phase.total }} fraction={null} transcript={transcript} />
    ) : phase.kind === 'creating' ? (
      <Steps at="send" failed={false} sent={null} fraction={null} transcript={transcript} />
    ) : phase.kind === 'processing' ? (
      <Steps at={stepOf(phase.upload.stage)} failed={false} sent={null} fraction={phase.upload.progress !== null && phase.upload.progress.stage === phase.upload.stage ? phase.upload.progress.fraction : null} transcript={transcript} />
    ) : phase.kind === 'ready' ? (
      <Steps at="ready" failed={false} sent={null} fraction={null} transcript={transcript} />
    ) : phase.kind === 'failed' ? (
      <Steps at={phase.at} failed sent={null} fraction={null} transcript={transcript} />
    ) : null

  return (
    <>
      <PageHeader title="Upload a recording" />
      <p class="lead">Send the audio of a meeting, or a transcript of it, and get its notes: summary, action items, decisions, topics and who spoke.</p>
      <RoughEngineBanner />
      <div class="columns upload">
        <form
          class="card stack upload-form"
          onSubmit={(e) => {
            e.preventDefault()
            if (file !== null) void start(file)
          }}
        >
          <DropZone file={file} onFile={(f) => (busy ? undefined : (setFile(f), phase.kind === 'failed' ? setPhase({ kind: 'choosing' }) : undefined))} disabled={busy} problem={fileProblem} />
          <label>
            <span>
              Title <span class="muted">(optional)</span>
            </span>
            <input value={title} onInput={(e) => setTitle(e.currentTarget.value)} disabled={busy} placeholder="Weekly planning, 20 May" {...invalidProps(problem, 'title')} />
            <FieldNote problem={problem} field="title" />
          </label>
          <TemplateChoice value={template} onChange={setTemplate} disabled={busy} />
          <div class="form-buttons">
            <button type="submit" class="primary" disabled={file === null || busy}>
              Upload
            </button>
          </div>
        </form>
        {steps === null ? (
          <section class="card upload-help" aria-labelledby="how-title">
            <h2 id="how-title">What happens next</h2>
            <p>The file is sent, then transcribed (audio) or read (a transcript), then the notes are written. You can follow each step here, and the recording appears in your list at once.</p>
            <SpeechEngine />
          </section>
        ) : (
          <section class="card upload-progress" aria-labelledby="progress-title" aria-live="polite">
            <h2 id="progress-title">{phase.kind === 'ready' ? 'Your notes are ready' : fellBack ? 'The built-in analyzer wrote the notes instead' : phase.kind === 'failed' ? 'The upload did not go through' : file === null ? 'Uploading' : `Uploading ${file.name}`}</h2>
            {steps}
            {phase.kind === 'failed' && fellBack ? (
              <>
                <p class="notice-warn" role="status">
                  <Words text={phase.problem.message} />
                </p>
                <div class="form-buttons">
                  <Link href={recordingHref(phase.upload?.runId ?? '')} class="button primary">
                    Read the notes
                  </Link>
                  <button type="button" onClick={() => void retry()}>
                    Retry
                  </button>
                  <button type="button" onClick={again}>
                    Upload another
                  </button>
                </div>
              </>
            ) : phase.kind === 'failed' ? (
              <>
                <ErrorNote message={phase.problem.message} />
                <div class="form-buttons">
                  {phase.problem.retryable ? (
                    <button type="button" class="primary" onClick={() => void retry()}>
                      Retry
                    </button>
                  ) : null}
                  <button type="button" class={phase.problem.retryable ? undefined : 'primary'} onClick={again}>
                    Choose another file
                  </button>
                </div>
              </>
            ) : null}
            {phase.kind === 'ready' && phase.upload.warnings.length > 0 ? (
              <div class="notice-warn" role="status">
                <p>The file was read, with these notes:</p>
                <ul>
                  {phase.upload.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              </div>
            ) : null}
            {phase.kind === 'ready' ? (
              <div class="form-buttons">
                <Link href={recordingHref(phase.upload.runId)} class="button primary">
                  Read the notes
                </Link>
                <button type="button" onClick={again}>
                  Upload another
                </button>
              </div>
            ) : null}
            {phase.kind === 'processing' ? (
              <p class="muted">
                You may leave this page: processing goes on, and the recording is in <Link href="/">your list</Link>.
              </p>
            ) : null}
          </section>
        )}
      </div>
    </>
  )
}
