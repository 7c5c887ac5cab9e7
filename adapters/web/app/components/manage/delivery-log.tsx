import { useEffect, useState } from 'preact/hooks'
import type { WebhookDelivery } from '../../api.js'
import { formatDateTime } from '../../format.js'
import { useSession } from '../../session.js'
import { useAsync, useInterval } from '../../use-async.js'
import { Empty, ErrorNote, Loading, Pager } from '../feedback.js'
import { useAction } from './use-action.js'

const PAGE = 10
/** How long after opening the log or resending it keeps reading, to show attempts about to happen. */
const WATCH_MS = 30_000

const OUTCOME: Readonly<Record<WebhookDelivery['outcome'], readonly [string, string]>> = {
  succeeded: ['Delivered', 'good'],
  will_retry: ['Will retry', 'busy'],
  failed: ['Failed', 'bad'],
}

/** An endpoint's delivery log, newest first, one row per attempt, each with "Resend". */
export const DeliveryLog = (props: { endpointId: string; url: string; enabled: boolean; onNewDeliveries: () => void }) => {
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
      ) : log.data.rows.length === 0 ? (
        <Empty>
          <p>Nothing sent to this endpoint yet. Deliveries show here when one of its events happens, e.g. when a recording is ready.</p>
        </Empty>
      ) : (
        <>
          <div class="table-wrap">
            <table class="stack">
              <caption class="visually-hidden">Deliveries to {props.url}</caption>
              <thead>
                <tr>
                  <th scope="col">Time</th>
                  <th scope="col">Event</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempt</th>
                  {canWrite ? <th scope="col"><span class="visually-hidden">Actions</span></th> : null}
                </tr>
              </thead>
              <tbody>
                {log.data.rows.map((d) => {
                  const [words, tone] = OUTCOME[d.outcome]
                  return (
                    <tr key={d.id}>
                      <td data-label="Time">{formatDateTime(d.createdAt)}</td>
                      <td data-label="Event">
                        <code>{d.eventType}</code>
                        {d.trigger === 'resend' ? <span class="muted"> (resent)</span> : null}
                      </td>
                      <td data-label="Outcome">
                        <span class={`badge ${tone}`}>{words}</span>
                        {d.error === null ? null : <div class="muted small">{d.error}</div>}
                        {d.nextAttemptAt === null ? null : <div class="muted small">next try {formatDateTime(d.nextAttemptAt)}</div>}
                      </td>
                      <td data-label="Status">{d.statusCode ?? '—'}</td>
                      <td data-label="Attempt">
                        {d.attempt} <span class="muted small">({d.durationMs} ms)</span>
                      </td>
                      {canWrite ? (
                        <td class="actions">
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
                        </td>
                      ) : null}
                    </tr>
                  )
                })}
              </tbody>
            </table>
          </div>
          <Pager page={log.data} onChange={setOffset} label="Deliveries" />
        </>
      )}
    </div>
  )
}
