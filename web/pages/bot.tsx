/**
 * `/bots/:runId`: one bot while it is in its meeting: its state, the live transcript as it is
 * spoken, and after the meeting its processing, until the notes are ready and the page becomes
 * the recording's page.
 */
import { useEffect } from 'preact/hooks'
import type { Recording } from '../api.js'
import { ErrorNote, Loading, PageHeader, Words } from '../components/feedback.js'
import { LiveTranscript } from '../components/live/live-transcript.js'
import { endWords, LIVE_STATE_WORDS, type LiveView } from '../components/live/live-view.js'
import { type LiveConnection, useLiveStream } from '../components/live/use-live-stream.js'
import { BotProgress } from '../components/manage/bot-progress.js'
import { PLATFORM_WORDS } from '../components/manage/decision.js'
import { botHref, recordingHref } from '../components/recording/labels.js'
import { formatDateTime } from '../format.js'
import { Link, navigate } from '../router.js'
import { useSession } from '../session.js'
import { useAsync, useInterval } from '../use-async.js'

/** Before or in its meeting: the live stream may still bring something. */
const inMeeting = (r: Pick<Recording, 'phase'>) => r.phase === 'pending' || r.phase === 'in_call'

const CONNECTION_WORDS: Readonly<Partial<Record<LiveConnection, string>>> = {
  connecting: 'Connecting to the live transcript…',
  reconnecting: 'The connection dropped; reconnecting. Lines spoken meanwhile will appear, none twice.',
  unavailable: "The live transcript can't be shown for this bot. Its transcript will be on the recording's page after the meeting.",
}

/** What is happening now, in one sentence: the stream's news first, the recording's state otherwise. */
const nowWords = (r: Recording, view: LiveView): string => {
  if (view.end !== null) {
    const next = r.phase === 'processing' ? " The notes are being made; this page becomes the recording's page when they are ready." : ''
    return `${endWords(view.end)}${next}`
  }
  if (!inMeeting(r)) return ''
  return LIVE_STATE_WORDS[view.state ?? r.state] ?? (r.state === 'queued' || r.state === 'scheduled' ? 'The bot is waiting for its turn to join.' : '')
}

const BotLive = (props: { runId: string }) => {
  const { api } = useSession()
  const { runId } = props
  const rec = useAsync(() => api.recordings.get(runId), [runId])
  const r = rec.data
  const { view, connection } = useLiveStream(runId, () => r === undefined || inMeeting(r))

  // The stream tells a change of state or the end at once; the recording follows without waiting for its next read.
  useEffect(() => {
    if (view.state !== null || view.end !== null) void rec.reload(true)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view.state, view.end])
  useInterval(() => void rec.reload(true), 2000, r !== undefined && r.phase !== 'done')
  // The notes are ready (or this is an upload, which has no bot): this is the recording's page now, replaced so Back does not come here again.
  useEffect(() => {
    if (r?.state === 'ready' || r?.origin === 'upload') navigate(recordingHref(runId), { replace: true })
  }, [r?.state, r?.origin, runId])

  if (r === undefined) return rec.loading ? <Loading what="the bot" /> : <ErrorNote message={rec.error} />
  const now = nowWords(r, view)
  const connectionWords = view.end === null && inMeeting(r) ? CONNECTION_WORDS[connection] : connection === 'unavailable' ? CONNECTION_WORDS.unavailable : undefined

  return (
    <>
      <p class="back">
        <Link href="/bots">← Send a bot</Link>
      </p>
      <PageHeader title={r.title}>
        <p class="meta">
          {r.platform === null ? null : <span>{PLATFORM_WORDS[r.platform]}</span>}
          <span>{r.origin === 'calendar' ? 'From the calendar' : 'Sent by hand'}</span>
          <span>{formatDateTime(r.startsAt)}</span>
        </p>
      </PageHeader>
      <ErrorNote message={rec.error} />
      <BotProgress recording={r} heading="The bot" onChanged={() => rec.reload(true)} onRetried={(again) => navigate(botHref(again))} />
      <section class="card live-card" aria-labelledby="live-transcript-title">
        <h2 id="live-transcript-title">Live transcript</h2>
        <p class="muted">
          A preview from the meeting's captions, line by line as they are spoken. The transcript made after the meeting is the reference: it comes with the notes, on{' '}
          <Link href={recordingHref(runId)}>the recording's page</Link>.
        </p>
        <p role="status" class="live-now" data-testid="live-now">
          {now === '' ? null : <Words text={now} />}
        </p>
        {/* Not in the status above: a screen reader would hear every change of speaker on top of every line. */}
        {view.end === null && view.speaker !== null && r.state === 'recording' ? <p class="muted">Speaking now: {view.speaker}</p> : null}
        {connectionWords === undefined ? null : <p class="muted">{connectionWords}</p>}
        <LiveTranscript view={view} waiting={inMeeting(r) ? 'Lines appear here as they are spoken.' : 'No line of this meeting is still kept for a live view.'} />
      </section>
    </>
  )
}

export const BotPage = (props: Record<string, string>) => {
  const runId = props['runId'] ?? ''
  // A new bot (Try again) is a new stream and a new transcript: nothing carried over from the last one.
  return <BotLive key={runId} runId={runId} />
}
