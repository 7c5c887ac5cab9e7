import { useEffect, useState } from 'preact/hooks'
import type { WebhookDelivery } from '../../api.js'
import { formatDateTime } from '../../format.js'
import { useSession } from '../../session.js'
import { useAsync, useInterval } from '../../use-async.js'
import { ErrorNote, Loading, Pager } from '../feedback.js'
import { DataTable, rowActions } from '../table/data-table.js'
import { useAction } from './use-action.js'

const PAGE = 10
/** How long after opening the log or resending it keeps reading, to show attempts about to happen. */
const WATCH_MS = 30_000

const OUTCOME: Readonly<Record<WebhookDelivery['outcome'], readonly [string, string]>> = {
  succeeded: ['Delivered', 'good'],
  will_retry: ['Will retry', 'busy'],
  failed: ['Failed', 'bad'],
}

/** The body sent, indented when it reads as JSON (a cut one does not, and shows as sent). */
const readable = (payload: string): string => {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2)
  } catch {
    return payload
  }
}

/** What an attempt sent and what came back, folded until asked for. */
const Exchange = (props: { d: WebhookDelivery }) => {
  const { payload, response } = props.d
  if (payload === null && response === null) return null
  return (
    <details class="exchange">
      <summary>
        What was sent<span class="visually-hidden"> with {props.d.eventType} of {formatDateTime(props.d.createdAt)}</span>
      </summary>
      {payload === null ? <p class="muted small">Not kept for attempts logged before this version.</p> : <pre class="payload" tabIndex={0}>{readable(payload)}</pre>}
      {response === null ? null : (
        <>
          <p class="small">The answer began:</p>
          <pre class="payload" tabIndex={0}>{response}</pre>
        </>
      )}
    </details>
  )
}

const Outcome = (props: { d: WebhookDelivery }) => {
  const { outcome, error, nextAttemptAt } = props.d
  const [words, tone] = OUTCOME[outcome]
  return (
    <>
      <span class={`badge ${tone}`}>{words}</span>
      {error === null ? null : <div class="muted small">{error}</div>}
      {nextAttemptAt === null ? null : <div class="muted small">next try {formatDateTime(nextAttemptAt)}</div>}
    </>
  )
}

const TRIGGER_WORDS: Readonly<Record<WebhookDelivery['trigger'], string | null>> = { event: null, resend: ' (resent)', test: ' (test)' }

/** An endpoint's delivery log, newest first, one row per attempt, each with "Resend" and what was sent. */
export const DeliveryLog = (props: { endpointId: string; url: string; enabled: boolean; tests: number; onNewDeliveries: () => void }) => {
  const { api, canWrite } = useSession()
  const [offset, setOffset] = useState(0)
  const [watchUntil, setWatchUntil] = useState(() => Date.now() + WATCH_MS)
  const resend = useAction()
  const [resent, setResent] = useState<string | null>(null)
  const log = useAsync(
    async () => (await api.request('get', '/webhooks/{id}/deliveries', { path: { id: props.endpointId }, query: { limit: PAGE, offset } })).data,
    [props.endpointId, offset],
  )
  // The endpoint's own summary (last delivery, failures) changes with its log.
  const total = log.data?.total
  useEffect(() => {
    if (total !== undefined) props.onNewDeliveries()
  }, [total])
  // A test was just sent: show the newest page and watch for its delivery.
  useEffect(() => {
    if (props.tests === 0) return
    setWatchUntil(Date.now() + WATCH_MS)
    setOffset(0)
    void log.reload(true)
  }, [props.tests])
  const retrying = log.data?.rows.some((d) => d.outcome === 'will_retry') ?? false
  useInterval(() => void log.reload(true), 2500, retrying || Date.now() < watchUntil)
  return (
    <div class="deliveries">
      <h4>Delivery log</h4>
      <ErrorNote message={log.error ?? resend.error} />
      {resent === null ? null : (
        <p class="notice" role="status">
          {resent}
        </p>
      )}
      {log.data === undefined ? (
        log.loading ? <Loading what="the deliveries" /> : null
      ) : (
        <>
          <DataTable
            rows={log.data.rows}
            rowKey={(d) => d.id}
            empty="Nothing sent to this endpoint yet. Deliveries show here when one of its events happens, e.g. when a recording is ready, or when you send a test event."
            caption={`Deliveries to ${props.url}`}
            columns={[
              { label: 'Time', cell: (d) => formatDateTime(d.createdAt) },
              {
                label: 'Event',
                cell: (d) => (
                  <>
                    <code>{d.eventType}</code>
                    {TRIGGER_WORDS[d.trigger] === null ? null : <span class="muted">{TRIGGER_WORDS[d.trigger]}</span>}
                    <Exchange d={d} />
                  </>
                ),
              },
              { label: 'Outcome', cell: (d) => <Outcome d={d} /> },
              { label: 'Status', cell: (d) => d.statusCode ?? '—' },
              {
                label: 'Attempt',
                cell: (d) => (
                  <>
                    {d.attempt} <span class="muted small">({d.durationMs} ms)</span>
                  </>
                ),
              },
              canWrite && {
                ...rowActions,
                cell: (d) => (
                  <button
                    type="button"
                    disabled={resend.busy || !props.enabled}
                    title={props.enabled ? undefined : 'Enable the endpoint to resend'}
                    onClick={() =>
                      void resend.run(async () => {
                        setResent(null)
                        await api.webhooks.resend(props.endpointId, d.id)
                        setResent(`Queued ${d.eventType} again.`)
                        setWatchUntil(Date.now() + WATCH_MS)
                        setOffset(0)
                        await log.reload(true)
                      })
                    }
                  >
                    Resend<span class="visually-hidden"> {d.eventType} of {formatDateTime(d.createdAt)}</span>
                  </button>
                ),
              },
            ]}
          />
          {log.data.rows.length === 0 ? null : <Pager page={log.data} onChange={setOffset} label="Deliveries" />}
        </>
      )}
    </div>
  )
}
