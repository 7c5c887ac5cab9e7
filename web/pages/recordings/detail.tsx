import { useEffect, useRef, useState } from 'preact/hooks'
import { messageOf, type Utterance } from '../../api.js'
import { ErrorNote, Loading, PageHeader, StateBadge, Words } from '../../components/feedback.js'
import { ActionItems } from '../../components/recording/action-items.js'
import { DeleteRecording } from '../../components/recording/delete-recording.js'
import { Failure } from '../../components/recording/failure.js'
import { FallbackNotice, MadeBy } from '../../components/recording/made-by.js'
import { audioUrl, botHref, exportUrl, isLive, ORIGIN_WORDS, progressWords } from '../../components/recording/labels.js'
import { Attendees, Decisions, Summary, Topics } from '../../components/recording/notes.js'
import { TitleEditor } from '../../components/recording/corrections.js'
import { Shares } from '../../components/recording/shares.js'
import { RoughEngineBanner } from '../../components/speech/rough-engine-banner.js'
import { Speakers } from '../../components/recording/speakers.js'
import { type Seek, TranscriptPlayer } from '../../components/recording/transcript-player.js'
import { formatDateTime, formatDuration } from '../../format.js'
import { madeByOf } from '../../notes-api.js'
import { Link, useQuery } from '../../router.js'
import { useSession } from '../../session.js'
import { useAsync, useInterval } from '../../use-async.js'

/** Lines fetched per "Show more" (the transcript route answers 100 at a time). */
const MORE_LINES = 500
const PAGE = 100

const Downloads = (props: { runId: string; transcript: boolean }) => (
  <nav class="downloads" aria-label="Download">
    <span class="muted">Download</span>
    <a class="button" href={exportUrl(props.runId, 'md')} download="">
      Markdown
    </a>
    {props.transcript ? (
      <>
        <a class="button" href={exportUrl(props.runId, 'vtt')} download="">
          VTT
        </a>
        <a class="button" href={exportUrl(props.runId, 'srt')} download="">
          SRT
        </a>
      </>
    ) : null}
  </nav>
)

/** `/recordings/:id`: the notes, the transcript with its audio, sharing; live while the recording is under way. */
export const RecordingPage = (props: Record<string, string>) => {
  const runId = props['id'] ?? ''
  const { api, canWrite } = useSession()
  const [params] = useQuery()
  const rec = useAsync(async () => {
    const r = await api.recordings.get(runId, { transcript: true })
    setMore([])
    return r
  }, [runId])
  const r = rec.data
  const [more, setMore] = useState<Utterance[]>([])
  const [loadingMore, setLoadingMore] = useState(false)
  const [moreError, setMoreError] = useState<string | null>(null)
  const [seek, setSeek] = useState<Seek | null>(null)
  const [renaming, setRenaming] = useState(false)

  useInterval(() => void rec.reload(true), 2500, r !== undefined && isLive(r))


  const t = params.get('t')
  const loaded = (r?.transcript?.length ?? 0) + more.length
  const lastStart = more.at(-1)?.start_ms ?? r?.transcript?.at(-1)?.start_ms ?? 0
  const beyond = t !== null && r !== undefined && loaded < (r.transcriptTotal ?? 0) && Number(t) > lastStart

  /** The next part of the transcript (MORE_LINES lines, in pages of the route's largest size). */
  const loadMore = async () => {
    setLoadingMore(true)
    setMoreError(null)
    try {
      const got: Utterance[] = []
      for (let offset = loaded; got.length < MORE_LINES && offset < (r?.transcriptTotal ?? 0); offset += PAGE) {
        const page = (await api.request('get', '/recordings/{runId}/transcript', { path: { runId }, query: { limit: PAGE, offset } })).data
        got.push(...page.rows)
        if (page.rows.length === 0) break
      }
      setMore((m) => [...m, ...got])
    } catch (e) {
      setMoreError(messageOf(e))
    } finally {
      setLoadingMore(false)
    }
  }

  // `?t=<ms>` opens the recording at that moment, once the transcript holds it (fetching further parts first).
  const appliedT = useRef<string | null>(null)
  useEffect(() => {
    if (t === null || loaded === 0 || appliedT.current === t) return
    if (beyond) {
      if (!loadingMore) void loadMore()
      return
    }
    const ms = Number(t)
    appliedT.current = t
    if (Number.isFinite(ms) && ms >= 0) setSeek((s) => ({ ms, play: false, n: (s?.n ?? 0) + 1 }))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [t, loaded, beyond, loadingMore])

  if (r === undefined) return rec.loading ? <Loading what="the recording" /> : <ErrorNote message={rec.error} />

  const lines = [...(r.transcript ?? []), ...more]
  const total = r.transcriptTotal ?? lines.length
  const editable = canWrite && r.owned
  const quietReload = () => rec.reload(true)
  // the owner with a full-access key corrects the notes; readers (read-only keys, shares) get no controls
  const edit = editable ? { runId, onChanged: quietReload } : null

  const done = r.phase === 'done'
  const ended = done && r.state !== 'ready'
  const fallback = r.hasNotes && madeByOf(r)?.fallbackReason != null
  // The recording says whether it has audio (none for a transcript upload or a summary share): nothing to ask, no 404.
  const player = r.hasAudio ? audioUrl(runId) : null
  const onSeek = lines.length > 0 ? (ms: number) => setSeek((s) => ({ ms, play: player !== null, n: (s?.n ?? 0) + 1 })) : null

  return (
    <>
      <p class="back">
        <Link href="/">← Recordings</Link>
      </p>
      <PageHeader
        title={r.title}
        actions={
          editable ? (
            <>
              <button type="button" onClick={() => setRenaming(true)} disabled={renaming} aria-label="Rename the recording">
                Rename
              </button>
              <DeleteRecording runId={runId} title={r.title} />
            </>
          ) : undefined
        }
      >
        <p class="meta">
          <span>{formatDateTime(r.startsAt)}</span>
          {r.recordingSeconds === null ? null : <span>{formatDuration(r.recordingSeconds)}</span>}
          <span>{ORIGIN_WORDS[r.origin]}</span>
          <StateBadge state={r.state} />
          {r.sharedBy === null ? null : (
            <span>
              Shared by {r.sharedBy.name}
              {r.scope === 'summary' ? ' (summary only)' : ''}
            </span>
          )}
        </p>
      </PageHeader>
      {renaming && edit !== null ? <TitleEditor edit={edit} title={r.title} onClose={() => setRenaming(false)} /> : null}
      <ErrorNote message={rec.error} />
      {/* Its words came from this server's speech engine: while that is the rough one, the way to an accurate one. */}
      {r.hasAudio ? <RoughEngineBanner /> : null}
      {r.hasNotes ? <Downloads runId={runId} transcript={r.scope === 'full'} /> : null}

      {!done ? (
        <section class="card live" aria-labelledby="live-title" aria-live="polite">
          <h2 id="live-title">
            <StateBadge state={r.state} /> {r.progress === null ? 'Under way' : progressWords(r.progress)}
          </h2>
          {r.progress === null ? null : <progress value={r.progress.fraction} max={1} aria-labelledby="live-title" />}
          <p class="muted">{r.detail === null ? 'This page updates by itself; the notes appear here when they are ready.' : <Words text={r.detail} />}</p>
          {r.origin !== 'upload' && (r.phase === 'pending' || r.phase === 'in_call') ? (
            <p>
              <Link href={botHref(runId)}>Watch the live transcript</Link>
            </p>
          ) : null}
        </section>
      ) : null}
      {/* Notes the built-in analyzer wrote in place of a failed server: that notice, with its own Retry, instead of the failure's. */}
      {fallback ? <FallbackNotice recording={r} editable={editable} onRetried={quietReload} /> : ended ? <Failure recording={r} editable={editable} onRetried={quietReload} /> : null}

      <div class="columns recording">
        <div class="notes">
          <Summary recording={r} edit={r.hasNotes ? edit : null} />
          <ActionItems runId={runId} items={r.actionItems} editable={editable && r.hasNotes} onChanged={quietReload} />
          <Decisions recording={r} onSeek={onSeek} edit={edit} />
          <Topics runId={runId} topics={r.topics} edit={edit} />
          <MadeBy recording={r} />
          <Speakers runId={runId} speakers={r.speakers} editable={editable} onChanged={quietReload} />
          <Attendees attendees={r.attendees} />
          {r.hasNotes && r.shortSummary === '' && r.actionItems.length === 0 && r.topics.length === 0 ? <p class="muted">The notes of this recording are empty.</p> : null}
        </div>
        <section class="card transcript-card" aria-labelledby="transcript-title">
          <h2 id="transcript-title">Transcript</h2>
          {r.speakerSeparation === 'none' && lines.length > 0 ? (
            <p class="muted speakers-note">Speakers were not told apart: everything is under one speaker. Rename it, or upload a stereo recording with one voice per channel.</p>
          ) : null}
          {r.scope === 'summary' ? (
            <p class="muted">This recording was shared with you as a summary: its transcript and audio are not included.</p>
          ) : lines.length === 0 && !r.hasNotes ? (
            <p class="muted">{done ? 'There is no transcript.' : 'The transcript appears here once the recording is processed.'}</p>
          ) : (
            <TranscriptPlayer lines={lines} total={total} audioSrc={player} seek={seek} loadingMore={loadingMore} onMore={() => void loadMore()} />
          )}
          <ErrorNote message={moreError} />
        </section>
        {/* Managing comes after reading: under the notes on a wide screen, after the transcript on a phone. */}
        {r.owned ? (
          <div class="manage">
            <Shares runId={runId} />
          </div>
        ) : null}
      </div>
    </>
  )
}
