import { useEffect, useState } from 'preact/hooks'
import { Empty, ErrorNote, FieldNote, invalidProps, Loading, PageHeader, Pager, StateBadge } from '../components/feedback.js'
import { PLATFORM_WORDS } from '../components/manage/decision.js'
import { useAction } from '../components/manage/use-action.js'
import { formatDateTime } from '../format.js'
import { botHref, recordingHref } from '../components/recording/labels.js'
import { Link, navigate, useQuery } from '../router.js'
import { useSession } from '../session.js'
import { useAsync, useInterval } from '../use-async.js'

const PAGE = 10

const SendBot = (props: { onSent: (runId: string) => void }) => {
  const { api } = useSession()
  const action = useAction()
  const [joinUrl, setJoinUrl] = useState('')
  const [title, setTitle] = useState('')
  const submit = (e: Event) => {
    e.preventDefault()
    void action.run(async () => {
      const bot = await api.bots.send({ joinUrl: joinUrl.trim(), ...(title.trim() === '' ? {} : { title: title.trim() }) })
      setJoinUrl('')
      setTitle('')
      props.onSent(bot.runId)
    })
  }
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="send-title">
      <h2 id="send-title">Send a bot to a meeting now</h2>
      <label>
        Meeting link
        <input type="url" required value={joinUrl} placeholder="https://zoom.us/j/123456789" onInput={(e) => setJoinUrl(e.currentTarget.value)} {...invalidProps(action.problem, 'joinUrl')} />
        <FieldNote problem={action.problem} field="joinUrl" />
        <span class="hint">A Zoom, Google Meet or Microsoft Teams link of a meeting under way.</span>
      </label>
      <label>
        <span>
          Title <span class="muted">(optional)</span>
        </span>
        <input type="text" value={title} onInput={(e) => setTitle(e.currentTarget.value)} {...invalidProps(action.problem, 'title')} />
        <FieldNote problem={action.problem} field="title" />
      </label>
      <ErrorNote message={action.error} />
      <div>
        <button type="submit" class="primary" disabled={action.busy}>
          {action.busy ? 'Sending…' : 'Send the bot'}
        </button>
      </div>
    </form>
  )
}

/** Bots not finished yet (pending, in a meeting, processing), read every 3 s while there are some. */
const LiveBots = () => {
  const { api } = useSession()
  const [offset, setOffset] = useState(0)
  const live = useAsync(
    async () => (await api.request('get', '/recordings', { query: { origin: 'manual,calendar', phase: 'pending,in_call,processing', limit: PAGE, offset } })).data,
    [offset],
  )
  useInterval(() => void live.reload(true), 3000, (live.data?.rows.length ?? 0) > 0)
  return (
    <section aria-labelledby="live-title">
      <h2 id="live-title">Bots under way</h2>
      <ErrorNote message={live.error} />
      {live.data === undefined ? (
        live.loading ? <Loading what="the bots" /> : null
      ) : live.data.rows.length === 0 ? (
        <Empty>
          <p>No bot is in a meeting or being processed right now.</p>
          <p>Send one with the form above, or let the calendar send them: see <Link href="/meetings">Meetings</Link>.</p>
        </Empty>
      ) : (
        <>
          <ul class="plain live-bots">
            {live.data.rows.map((r) => (
              <li key={r.runId} class="card live-bot">
                <div>
                  {/* In or on its way to its meeting: its live page; processing: the recording, where its notes will be. */}
                  <Link href={r.phase === 'processing' ? recordingHref(r.runId) : botHref(r.runId)}>{r.title}</Link>
                  <p class="muted">
                    {r.platform === null ? '' : `${PLATFORM_WORDS[r.platform]} · `}
                    {r.origin === 'calendar' ? 'from the calendar' : 'sent by hand'} · {formatDateTime(r.startsAt)}
                  </p>
                </div>
                <StateBadge state={r.state} />
              </li>
            ))}
          </ul>
          <Pager page={live.data} onChange={setOffset} label="Bots" />
        </>
      )}
    </section>
  )
}

/** Send a bot to a meeting link now, then watch it on its own page; the bots under way, each linked to theirs. */
export const BotsPage = (_props: Record<string, string>) => {
  const { canWrite } = useSession()
  const [query] = useQuery()
  // `/bots?run=<id>`, where a bot used to be followed: its own page now.
  const followed = query.get('run')
  useEffect(() => {
    if (followed !== null) navigate(botHref(followed), { replace: true })
  }, [followed])
  return (
    <>
      <PageHeader title="Send a bot" />
      {canWrite ? <SendBot onSent={(runId) => navigate(botHref(runId))} /> : <p class="notice">This session is read-only: it can watch bots but not send them.</p>}
      <LiveBots />
    </>
  )
}
