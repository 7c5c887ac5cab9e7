import { useEffect, useState } from 'preact/hooks'
import type { RecordingRow } from '../api.js'
import { Empty, ErrorNote, FieldNote, invalidProps, Loading, PageHeader, Pager, StateBadge } from '../components/feedback.js'
import { BotProgress } from '../components/manage/bot-progress.js'
import { PLATFORM_WORDS } from '../components/manage/decision.js'
import { useAction } from '../components/manage/use-action.js'
import { formatDateTime } from '../format.js'
import { Link, useQuery } from '../router.js'
import { useSession } from '../session.js'
import { useAsync, useInterval } from '../use-async.js'

const UNDER_WAY = (phase: RecordingRow['phase']) => phase !== 'done'
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

/** The bot followed in the address (`?run=`), read every 2 s while it is under way. */
const FollowedBot = (props: { runId: string; onState: () => void; onRetried: (runId: string) => void }) => {
  const { api } = useSession()
  const bot = useAsync(() => api.recordings.get(props.runId), [props.runId])
  // The list of bots under way follows each change of state at once rather than at its next poll.
  const state = bot.data?.state
  useEffect(() => {
    if (state !== undefined) props.onState()
  }, [state])
  useInterval(() => void bot.reload(true), 2000, bot.data !== undefined && UNDER_WAY(bot.data.phase))
  if (bot.data === undefined) return bot.loading ? <Loading what="the bot" /> : <ErrorNote message={bot.error} />
  return <BotProgress recording={bot.data} onChanged={() => bot.reload(true)} onRetried={props.onRetried} />
}

/** Bots not finished yet (pending, in a meeting, processing), read every 3 s while there are some. */
const LiveBots = (props: { followed: string | null; onFollow: (runId: string) => void; refresh: number }) => {
  const { api } = useSession()
  const [offset, setOffset] = useState(0)
  const live = useAsync(
    async () => (await api.request('get', '/recordings', { query: { origin: 'manual,calendar', phase: 'pending,in_call,processing', limit: PAGE, offset } })).data,
    [offset, props.refresh],
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
                  <Link href={`/recordings/${r.runId}`}>{r.title}</Link>
                  <p class="muted">
                    {r.platform === null ? '' : `${PLATFORM_WORDS[r.platform]} · `}
                    {r.origin === 'calendar' ? 'from the calendar' : 'sent by hand'} · {formatDateTime(r.startsAt)}
                  </p>
                </div>
                <StateBadge state={r.state} />
                {props.followed === r.runId ? null : (
                  <button type="button" class="quiet" onClick={() => props.onFollow(r.runId)}>
                    Follow<span class="visually-hidden"> {r.title}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
          <Pager page={live.data} onChange={setOffset} label="Bots" />
        </>
      )}
    </section>
  )
}

/** Send a bot to a meeting link now and watch it join, record and turn into notes. */
export const BotsPage = (_props: Record<string, string>) => {
  const { canWrite } = useSession()
  const [query, setQuery] = useQuery()
  const followed = query.get('run')
  const [refresh, setRefresh] = useState(0)
  const follow = (runId: string) => {
    setQuery({ run: runId })
    setRefresh((n) => n + 1)
  }
  return (
    <>
      <PageHeader title="Send a bot" />
      {canWrite ? <SendBot onSent={follow} /> : <p class="notice">This session is read-only: it can watch bots but not send them.</p>}
      {followed === null ? null : <FollowedBot key={followed} runId={followed} onState={() => setRefresh((n) => n + 1)} onRetried={follow} />}
      <LiveBots followed={followed} onFollow={follow} refresh={refresh} />
    </>
  )
}
