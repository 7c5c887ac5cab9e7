import { useState } from 'preact/hooks'
import type { WebhookEndpoint } from '../../api.js'
import { formatDateTime } from '../../format.js'
import { useSession } from '../../session.js'
import { ErrorNote } from '../feedback.js'
import { ConfirmButton } from './confirm-button.js'
import { DeliveryLog } from './delivery-log.js'
import { OneTimeSecret } from './one-time-secret.js'
import { useAction } from './use-action.js'

/** One webhook endpoint: its events and health, enable/disable, rotate the secret, delete, and its delivery log. */
export const WebhookCard = (props: { endpoint: WebhookEndpoint; onChanged: () => Promise<void> }) => {
  const { api, canWrite } = useSession()
  const w = props.endpoint
  const action = useAction()
  const [secret, setSecret] = useState<string | null>(null)
  const [open, setOpen] = useState(false)
  const enabled = w.status === 'active'
  // The switch shows the asked-for position until the server's answer replaces it.
  const [asked, setAsked] = useState<boolean | null>(null)
  // Bumped by each test sent, so an open log starts watching for its delivery again.
  const [tests, setTests] = useState(0)
  const [tested, setTested] = useState<string | null>(null)
  const headingId = `webhook-${w.id}`
  const logId = `log-${w.id}`
  return (
    <section class="card webhook" aria-labelledby={headingId}>
      <div class="row-head">
        <h3 id={headingId} class="webhook-url">
          {w.url}
        </h3>
        <span class={`badge ${enabled ? 'good' : 'bad'}`}>{enabled ? 'Enabled' : 'Disabled'}</span>
      </div>
      {w.description === null || w.description === '' ? null : <p>{w.description}</p>}
      <p class="events">
        {w.events.map((e) => (
          <code key={e}>{e}</code>
        ))}
      </p>
      <p class="muted">
        {w.lastDeliveryAt === null ? 'Nothing sent yet.' : `Last delivery ${formatDateTime(w.lastDeliveryAt)}, answered ${w.lastStatus ?? 'nothing'}.`}
        {w.consecutiveFailures > 0 ? ` ${w.consecutiveFailures} failures in a row.` : ''}
        {w.disabledReason === null ? '' : ` ${w.disabledReason}`}
        {w.previousSecretExpiresAt === null ? '' : ` The previous secret still signs until ${formatDateTime(w.previousSecretExpiresAt)}.`}
      </p>
      {secret === null ? null : <OneTimeSecret title="The new signing secret" value={secret} note="Deliveries are signed with it (and, for 24 hours, with the old one too)." onDone={() => setSecret(null)} />}
      <ErrorNote message={action.error} />
      {tested === null ? null : (
        <p class="notice" role="status">
          {tested}
        </p>
      )}
      <div class="toolbar">
        <button type="button" aria-expanded={open} aria-controls={logId} onClick={() => setOpen(!open)}>
          {open ? 'Hide the delivery log' : 'Delivery log'}
        </button>
        {canWrite ? (
          <>
            <label class="inline">
              <input
                type="checkbox"
                class="switch"
                checked={asked ?? enabled}
                disabled={action.busy}
                onChange={(e) => {
                  const on = e.currentTarget.checked
                  setAsked(on)
                  void action
                    .run(async () => {
                      await api.webhooks.update(w.id, { status: on ? 'active' : 'disabled' })
                      await props.onChanged()
                    })
                    .finally(() => setAsked(null))
                }}
              />
              Enabled<span class="visually-hidden"> {w.url}</span>
            </label>
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void action.run(async () => {
                  setTested(null)
                  await api.webhooks.sendTest(w.id)
                  setTested('A test event is on its way; its delivery shows in the log below.')
                  setTests((n) => n + 1)
                  setOpen(true)
                })
              }
            >
              Send a test event<span class="visually-hidden"> to {w.url}</span>
            </button>
            <button
              type="button"
              disabled={action.busy}
              onClick={() =>
                void action.run(async () => {
                  setSecret((await api.webhooks.rotateSecret(w.id)).secret)
                  await props.onChanged()
                })
              }
            >
              Rotate the secret
            </button>
            <ConfirmButton
              label="Delete"
              name={`Delete the webhook ${w.url}`}
              confirmLabel="Yes, delete it and its log"
              disabled={action.busy}
              onConfirm={() =>
                void action.run(async () => {
                  await api.webhooks.delete(w.id)
                  await props.onChanged()
                })
              }
            />
          </>
        ) : null}
      </div>
      <div id={logId}>{open ? <DeliveryLog endpointId={w.id} url={w.url} enabled={enabled} tests={tests} onNewDeliveries={() => void props.onChanged()} /> : null}</div>
    </section>
  )
}
