/** Action items: done or not, who owes them and by when; the owner of the recording edits, adds and deletes them. */
import { useState } from 'preact/hooks'
import { messageOf, type Recording } from '../../api.js'
import { useSession } from '../../session.js'
import { ErrorNote } from '../feedback.js'
import { useAction } from '../manage/use-action.js'
import { EditorButtons } from './editor-buttons.js'

type Item = Recording['actionItems'][number]

const dueWords = (due: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(`${due}T00:00:00`))

type ItemFields = { title: string; owner: string | null; due: string | null }

/** The title, owner and due date of an item, or of a new one (`item` null). */
const ItemEditor = (props: { item: Item | null; onSave: (changes: ItemFields) => Promise<void>; onCancel: () => void }) => {
  const [title, setTitle] = useState(props.item?.title ?? '')
  const [owner, setOwner] = useState(props.item?.owner ?? '')
  const [due, setDue] = useState(props.item?.due ?? '')
  const [busy, setBusy] = useState(false)
  const submit = async (e: Event) => {
    e.preventDefault()
    setBusy(true)
    await props.onSave({ title: title.trim(), owner: owner.trim() === '' ? null : owner.trim(), due: due === '' ? null : due })
    setBusy(false)
  }
  return (
    <form class="item-editor" onSubmit={submit} aria-label={props.item === null ? 'New action item' : `Edit “${props.item.title}”`} onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}>
      <label class="grow">
        {props.item === null ? 'New action item' : 'Title'}
        <input value={title} onInput={(e) => setTitle(e.currentTarget.value)} required maxLength={500} autoFocus />
      </label>
      <label>
        Owner
        <input value={owner} onInput={(e) => setOwner(e.currentTarget.value)} maxLength={200} />
      </label>
      <label>
        Due
        <input type="date" value={due} onInput={(e) => setDue(e.currentTarget.value)} />
      </label>
      <EditorButtons saveDisabled={busy || title.trim() === ''} onCancel={props.onCancel} />
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
  /** The item whose deletion waits for a second click, asked in place. */
  const [confirming, setConfirming] = useState<string | null>(null)
  const [adding, setAdding] = useState(false)
  const action = useAction()
  if (props.items.length === 0 && !props.editable) return null

  /** Runs a change on one item (or 'new'), reads the recording again; the error in words. */
  const change = async (id: string, send: () => Promise<unknown>): Promise<boolean> => {
    setBusy(id)
    setError(null)
    const ok = await action.run(async () => (await send(), await props.onChanged()))
    setBusy(null)
    return ok
  }
  const add = async (fields: ItemFields) => {
    if (await change('new', () => api.request('post', '/recordings/{runId}/action-items', { path: { runId: props.runId }, body: fields }))) setAdding(false)
  }
  const remove = async (item: Item) => {
    if (await change(item.id, () => api.request('delete', '/recordings/{runId}/action-items/{itemId}', { path: { runId: props.runId, itemId: item.id } }))) setConfirming(null)
  }

  const edit = async (item: Item, body: Partial<Pick<Item, 'status' | 'title' | 'owner' | 'due'>>) => {
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
        Action items <span class="muted count">{props.items.length === 0 ? '' : open === 0 ? 'all done' : `${open} open`}</span>
      </h2>
      <ErrorNote message={error ?? action.error} />
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
                {props.editable && editing !== item.id && confirming !== item.id ? (
                  <span class="item-actions">
                    <button type="button" class="quiet small" onClick={() => setEditing(item.id)} aria-label={`Edit “${item.title}”`}>
                      Edit
                    </button>
                    <button type="button" class="quiet small" onClick={() => setConfirming(item.id)} aria-label={`Delete “${item.title}”`}>
                      Delete
                    </button>
                  </span>
                ) : null}
              </div>
              {confirming === item.id ? (
                <p class="confirm-delete" role="group" aria-label={`Delete “${item.title}”?`}>
                  <span>Delete this action item?</span>
                  <button type="button" class="danger small" disabled={busy === item.id} onClick={() => void remove(item)} autoFocus>
                    Delete it
                  </button>
                  <button type="button" class="small" onClick={() => setConfirming(null)}>
                    Keep it
                  </button>
                </p>
              ) : null}
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
      {props.items.length === 0 ? <p class="muted">No action items.</p> : null}
      {!props.editable ? null : adding ? (
        <ItemEditor item={null} onSave={add} onCancel={() => setAdding(false)} />
      ) : (
        <button type="button" class="small add-item" onClick={() => setAdding(true)}>
          Add an action item
        </button>
      )}
    </section>
  )
}
