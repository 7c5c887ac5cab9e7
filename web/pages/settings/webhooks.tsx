import { useState } from 'preact/hooks'
import { Empty, ErrorNote, FieldNote, invalidProps, Loading } from '../../components/feedback.js'
import { OneTimeSecret } from '../../components/manage/one-time-secret.js'
import { useAction } from '../../components/manage/use-action.js'
import { WebhookCard } from '../../components/manage/webhook-card.js'
import { DEFAULT_EVENT_TYPES, EVENT_TYPES, EVENT_WORDS, type SubscribableEvent } from '../../components/manage/webhook-events.js'
import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'

const AddWebhook = (props: { onAdded: (secret: string) => Promise<void> }) => {
  const { api } = useSession()
  const action = useAction()
  const [url, setUrl] = useState('')
  const [description, setDescription] = useState('')
  const [events, setEvents] = useState<ReadonlySet<SubscribableEvent>>(new Set(DEFAULT_EVENT_TYPES))
  const toggle = (e: SubscribableEvent, on: boolean) => {
    const next = new Set(events)
    if (on) next.add(e)
    else next.delete(e)
    setEvents(next)
  }
  const submit = (e: Event) => {
    e.preventDefault()
    void action.run(async () => {
      const created = await api.webhooks.create({ url: url.trim(), events: EVENT_TYPES.filter((t) => events.has(t)), ...(description.trim() === '' ? {} : { description: description.trim() }) })
      setUrl('')
      setDescription('')
      await props.onAdded(created.secret)
    })
  }
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="add-webhook-title">
      <h3 id="add-webhook-title">Add an endpoint</h3>
      <label>
        Endpoint URL
        <input type="url" required value={url} placeholder="https://example.com/notetaker" onInput={(e) => setUrl(e.currentTarget.value)} {...invalidProps(action.problem, 'url')} />
        <FieldNote problem={action.problem} field="url" />
      </label>
      <label>
        <span>
          Description <span class="muted">(optional)</span>
        </span>
        <input type="text" value={description} onInput={(e) => setDescription(e.currentTarget.value)} />
      </label>
      <fieldset class="event-choice">
        <legend>Events to send</legend>
        {EVENT_TYPES.map((t) => (
          <label key={t} class="inline">
            <input type="checkbox" checked={events.has(t)} onChange={(e) => toggle(t, e.currentTarget.checked)} />
            <span>
              {EVENT_WORDS[t]} <code>{t}</code>
            </span>
          </label>
        ))}
      </fieldset>
      <ErrorNote message={action.error} />
      <div>
        <button type="submit" class="primary" disabled={action.busy}>
          {action.busy ? 'Adding…' : 'Add the endpoint'}
        </button>
      </div>
    </form>
  )
}

/** Endpoints that receive signed event deliveries, their delivery logs, and their secrets. */
export const WebhooksSection = () => {
  const { api, canWrite } = useSession()
  const list = useAsync(() => api.webhooks.list(), [])
  const [secret, setSecret] = useState<string | null>(null)
  return (
    <section aria-labelledby="webhooks-title">
      <h2 id="webhooks-title">Webhooks</h2>
      <p class="muted">
        Notetaker POSTs each event to your endpoints, signed the Standard Webhooks way with the endpoint's secret, and retries for a while when they fail.
      </p>
      {secret === null ? null : <OneTimeSecret title="The endpoint's signing secret" value={secret} note="Verify deliveries with it." onDone={() => setSecret(null)} />}
      <ErrorNote message={list.error} />
      {list.data === undefined ? (
        list.loading ? <Loading what="the webhooks" /> : null
      ) : list.data.length === 0 ? (
        <Empty>
          <p>No endpoint yet.{canWrite ? ' Add one below to hear when notes are ready.' : ''}</p>
        </Empty>
      ) : (
        list.data.map((w) => <WebhookCard key={w.id} endpoint={w} onChanged={() => list.reload(true)} />)
      )}
      {canWrite ? (
        <AddWebhook
          onAdded={async (s) => {
            setSecret(s)
            await list.reload(true)
          }}
        />
      ) : null}
    </section>
  )
}
