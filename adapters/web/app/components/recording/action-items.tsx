/** Action items: done or not, who owes them and by when; the owner of the recording edits them. */
import { useState } from 'preact/hooks'
import { messageOf, type Recording } from '../../api.js'
import { useSession } from '../../session.js'
import { ErrorNote } from '../feedback.js'
import { EditorButtons } from './editor-buttons.js'

type Item = Recording['actionItems'][number]

const dueWords = (due: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(`${due}T00:00:00`))

const ItemEditor = (props: { item: Item; onSave: (changes: { owner: string | null; due: string | null }) => Promise<void>; onCancel: () => void }) => {
  const [owner, setOwner] = useState(props.item.owner ?? '')
  const [due, setDue] = useState(props.item.due ?? '')
  const [busy, setBusy] = useState(false)
  const submit = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    await props.onSave({ owner: owner.trim() === '' ? null : owner.trim(), due: due === '' ? null : due })
    setBusy(false)
  }
  return (
    <form class="item-editor" onSubmit={submit}>
      <label>
        Owner
        <input value={owner} onInput={(e) => setOwner(e.currentTarget.value)} maxLength={200} autoFocus />
      </label>
      <label>
        Due
        <input type="date" value={due} onInput={(e) => setDue(e.currentTarget.value)} />
      </label>
      <EditorButtons saveDisabled={busy} onCancel={props.onCancel} />
    </form>
  )
}

export const ActionItems = (props: { runId: string; items: Recording['actionItems']; editable: boolean; onChanged: () => Promise<void> }) => {
  const { api } = useSession()
  const [editing, setEditing] = useState<string | null>(null)
  const [busy, setBusy] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  /** A box just ticked shows ticked at once, until the server has answered. */
  const [ticked, setTicked] = useState<Readonly<Record<string, Item['status']>>>({})
  if (props.items.length === 0) return null

  const edit = async (item: Item, body: { status?: 'active' | 'done'; owner?: string | null; due?: string | null }) => {
    setBusy(item.id)
    setError(null)
    const status = body.status
    if (status !== undefined) setTicked((t) => ({ ...t, [item.id]: status }))
    try {
      await api.request('patch', '/recordings/{runId}/action-items/{itemId}', { path: { runId: props.runId, itemId: item.id }, body })
      await props.onChanged()
      setEditing(null)
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(null)
      setTicked(({ [item.id]: _, ...rest }) => rest)
    }
  }

  const statusOf = (i: Item) => ticked[i.id] ?? i.status
  const open = props.items.filter((i) => statusOf(i) !== 'done').length
  return (
    <section class="card" aria-labelledby="actions-title">
      <h2 id="actions-title">
        Action items <span class="muted count">{open === 0 ? 'all done' : `${open} open`}</span>
      </h2>
      <ErrorNote message={error} />
      <ul class="plain action-items">
        {props.items.map((item) => {
          const done = statusOf(item) === 'done'
          return (
            <li key={item.id} class={done ? 'done' : undefined}>
              <div class="item-head">
                {props.editable ? (
                  <label class="inline item-title">
                    <input type="checkbox" checked={done} disabled={busy === item.id} onChange={() => void edit(item, { status: done ? 'active' : 'done' })} />
                    <span>{item.title}</span>
                  </label>
                ) : (
                  <p class="item-title">
                    <span class="item-mark" aria-hidden="true">
                      {done ? '☑' : '☐'}
                    </span>
                    <span>{item.title}</span>
                    {done ? <span class="visually-hidden"> (done)</span> : null}
                  </p>
                )}
                {props.editable && editing !== item.id ? (
                  <button type="button" class="quiet small" onClick={() => setEditing(item.id)} aria-label={`Edit owner and due date of “${item.title}”`}>
                    Edit
                  </button>
                ) : null}
              </div>
              {editing === item.id ? (
                <ItemEditor item={item} onSave={(c) => edit(item, c)} onCancel={() => setEditing(null)} />
              ) : (
                <p class="item-meta muted">
                  {item.owner === null ? 'No owner' : item.owner}
                  {item.due === null ? null : <> · due {dueWords(item.due)}</>}
                </p>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}
