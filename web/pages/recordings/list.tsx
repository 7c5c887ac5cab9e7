import type { RecordingRow } from '../../api.js'
import { Empty, ErrorNote, Loading, PageHeader, Pager, StateBadge } from '../../components/feedback.js'
import { Filters, filtersOf, hasFilters, type ListFilters, queryOf } from '../../components/recording/filters.js'
import { isLive, ORIGIN_WORDS, progressWords, recordingHref } from '../../components/recording/labels.js'
import { MatchSnippet } from '../../components/recording/match-snippet.js'
import { type Column, DataTable } from '../../components/table/data-table.js'
import { formatDateTime, formatDuration } from '../../format.js'
import { Link, useQuery } from '../../router.js'
import { useSession } from '../../session.js'
import { useAsync, useInterval } from '../../use-async.js'

const PAGE_SIZE = 25

const COLUMNS: ReadonlyArray<Column<RecordingRow>> = [
  {
    label: 'Title',
    class: 'title-cell',
    cell: (r) => (
      <>
        <Link href={recordingHref(r.runId)} class="recording-title">
          {r.title}
        </Link>
        {r.sharedBy === null ? null : <span class="muted shared-by"> · shared by {r.sharedBy.name}</span>}
        {r.match === null ? null : <MatchSnippet runId={r.runId} match={r.match} />}
      </>
    ),
  },
  { label: 'When', class: 'nowrap', cell: (r) => formatDateTime(r.startsAt) },
  { label: 'Length', class: 'nowrap', cell: (r) => formatDuration(r.recordingSeconds) },
  { label: 'Origin', cell: (r) => ORIGIN_WORDS[r.origin] },
  {
    label: 'State',
    cell: (r) => (
      <>
        <StateBadge state={r.state} />
        {r.progress === null ? null : <span class="muted progress-words">{progressWords(r.progress)}</span>}
      </>
    ),
  },
]

const FirstSteps = () => (
  <Empty>
    <h2>No recordings yet</h2>
    <p>Notes appear here once a meeting has been recorded or a file has been processed. To get your first one:</p>
    <ul class="first-steps">
      <li>
        <Link href="/upload">Upload</Link> an audio file or a transcript (VTT, SRT, text) of a meeting you already had;
      </li>
      <li>
        <Link href="/bots">Send a bot</Link> to a Zoom, Google Meet or Teams meeting that is happening now;
      </li>
      <li>
        or add your calendar in <Link href="/meetings">Meetings</Link>, and bots join your meetings by themselves.
      </li>
    </ul>
  </Empty>
)

/** `/`: the recordings, searched and filtered through the address, live while one is under way. */
export const RecordingsPage = (_props: Record<string, string>) => {
  const { api, canWrite } = useSession()
  const [params, setParams] = useQuery()
  const filters = filtersOf(params)
  const offset = Math.max(0, Number(params.get('offset') ?? 0) || 0)
  const key = params.toString()
  const list = useAsync(async () => (await api.request('get', '/recordings', { query: { ...queryOf(filters), limit: PAGE_SIZE, offset } })).data, [key])
  const rows = list.data?.rows ?? []
  useInterval(() => void list.reload(true), 2500, rows.some((r) => isLive(r)))

  const change = (changes: Partial<Record<keyof ListFilters, string>>) => setParams({ ...changes, offset: null })
  const actions = canWrite ? (
    <>
      <Link href="/upload" class="button primary">
        Upload
      </Link>
      <Link href="/bots" class="button">
        Send a bot
      </Link>
    </>
  ) : undefined

  return (
    <>
      <PageHeader title="Recordings" actions={actions} />
      <Filters filters={filters} onChange={change} />
      <ErrorNote message={list.error} />
      {list.data === undefined ? (
        list.loading ? <Loading what="recordings" /> : null
      ) : list.data.total === 0 ? (
        hasFilters(filters) ? (
          <Empty>
            <p>No recording matches {filters.q === '' ? 'these filters' : `“${filters.q}”${hasFilters({ ...filters, q: '' }) ? ' with these filters' : ''}`}.</p>
            <button type="button" onClick={() => setParams({ q: null, from: null, to: null, origin: null, status: null, offset: null })}>
              Show every recording
            </button>
          </Empty>
        ) : (
          <FirstSteps />
        )
      ) : (
        <>
          <p class="muted list-count" aria-live="polite">
            {list.data.total === 1 ? '1 recording' : `${list.data.total} recordings`}
            {filters.q === '' ? '' : `, most relevant first`}
          </p>
          <DataTable rows={rows} rowKey={(r) => r.runId} columns={COLUMNS} layout="recordings" wrapClass="card flush" />
          <Pager page={list.data} label="Recordings" onChange={(o) => setParams({ offset: o === 0 ? null : String(o) })} />
        </>
      )}
    </>
  )
}
