import { useState } from 'preact/hooks'
import { ErrorNote, FieldNote, invalidProps, Loading, Pager } from '../../components/feedback.js'
import { ConfirmButton } from '../../components/manage/confirm-button.js'
import { OneTimeSecret } from '../../components/manage/one-time-secret.js'
import { useAction } from '../../components/manage/use-action.js'
import { DataTable, rowActions } from '../../components/table/data-table.js'
import { formatDateTime } from '../../format.js'
import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'
import { useQuery } from '../../router.js'
import type { operations } from '../../../clients/typescript/src/schema.js'

type ApiKeyRow = operations['listApiKeys']['responses'][200]['content']['application/json']['data']['rows'][number]
type NewKey = NonNullable<operations['createApiKey']['requestBody']>['content']['application/json']

const PAGE = 25

const CreateKey = (props: { onCreated: (key: string) => Promise<void> }) => {
  const { session, api } = useSession()
  const action = useAction()
  const [name, setName] = useState('')
  const [access, setAccess] = useState<'full' | 'readonly'>('readonly')
  const [organizationWide, setOrganizationWide] = useState(false)
  const [days, setDays] = useState('')
  const submit = (e: Event) => {
    e.preventDefault()
    void action.run(async () => {
      const body: NewKey = { name, access, organizationWide, expiresInDays: days.trim() === '' ? null : Number(days) }
      const created = (await api.request('post', '/keys', { body })).data
      setName('')
      setDays('')
      await props.onCreated(created.key)
    })
  }
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="create-key-title">
      <h3 id="create-key-title">Create a key</h3>
      <label>
        Name
        <input type="text" required value={name} placeholder="e.g. CRM sync" onInput={(e) => setName(e.currentTarget.value)} {...invalidProps(action.problem, 'name')} />
        <FieldNote problem={action.problem} field="name" />
      </label>
      <fieldset class="access-choice">
        <legend>Access</legend>
        <label class="inline">
          <input type="radio" name="access" value="readonly" checked={access === 'readonly'} onChange={() => setAccess('readonly')} />
          Read-only
        </label>
        <label class="inline">
          <input type="radio" name="access" value="full" checked={access === 'full'} onChange={() => setAccess('full')} />
          Full (reads and writes)
        </label>
      </fieldset>
      {!session.organizationWide ? null : (
        <label class="inline">
          <input type="checkbox" checked={organizationWide} onChange={(e) => setOrganizationWide(e.currentTarget.checked)} />
          Organization-wide (reaches the organization's routes)
        </label>
      )}
      <label>
        Expires after (days)
        <input type="number" min={1} value={days} placeholder="never" onInput={(e) => setDays(e.currentTarget.value)} {...invalidProps(action.problem, 'expiresInDays')} />
        <FieldNote problem={action.problem} field="expiresInDays" />
        <span class="hint">Empty: the key works until you revoke it.</span>
      </label>
      <ErrorNote message={action.error} />
      <div>
        <button type="submit" class="primary" disabled={action.busy}>
          Create the key
        </button>
      </div>
    </form>
  )
}

const KeyStatus = (props: { k: ApiKeyRow }) => {
  const { revokedAt, expiresAt } = props.k
  const [words, tone] =
    revokedAt !== null ? ['Revoked', 'bad'] : expiresAt !== null && new Date(expiresAt) <= new Date() ? ['Expired', 'quiet'] : ['Active', 'good']
  return (
    <>
      <span class={`badge ${tone}`}>{words}</span>
      {props.k.revokedAt === null ? null : <div class="muted small">{formatDateTime(props.k.revokedAt)}</div>}
    </>
  )
}

/** The account's API keys: each shown once when created, revocable at any time. */
export const KeysSection = () => {
  const { canWrite, api } = useSession()
  const [query, setQuery] = useQuery()
  const offset = Math.max(0, Number.parseInt(query.get('offset') ?? '0', 10) || 0)
  const list = useAsync(async () => (await api.request('get', '/keys', { query: { limit: PAGE, offset } })).data, [offset])
  const [secret, setSecret] = useState<string | null>(null)
  const action = useAction()
  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">API keys</h2>
      <p class="muted">
        Programs use a key in <code>Authorization: Bearer</code> to call the API at <code>/ext/v1</code>. A key is shown only when it is created.
      </p>
      {secret === null ? null : <OneTimeSecret title="Your new API key" value={secret} note="Anyone holding it acts as you, within its access." onDone={() => setSecret(null)} />}
      <ErrorNote message={list.error ?? action.error} />
      {list.data === undefined ? (
        list.loading ? <Loading what="the keys" /> : null
      ) : (
        <>
          <DataTable
            rows={list.data.rows}
            rowKey={(k) => k.id}
            empty={`No keys.${canWrite ? ' Create one below.' : ''}`}
            // Positioned, so the visually hidden column label stays inside the scrolling box.
            wrapClass="card keys-table"
            columns={[
              { label: 'Name', cell: (k) => k.name },
              { label: 'Key', cell: (k) => <code>ntk_{k.publicId}_…</code> },
              { label: 'Access', cell: (k) => `${k.access === 'full' ? 'Full' : 'Read-only'}${k.organizationWide ? ', organization-wide' : ''}` },
              { label: 'Created', class: 'nowrap', cell: (k) => formatDateTime(k.createdAt) },
              { label: 'Expires', class: 'nowrap', cell: (k) => (k.expiresAt === null ? 'Never' : formatDateTime(k.expiresAt)) },
              { label: 'Status', cell: (k) => <KeyStatus k={k} /> },
              canWrite && {
                ...rowActions,
                cell: (k) =>
                  k.revokedAt === null ? (
                    <ConfirmButton
                      label="Revoke"
                      name={`Revoke ${k.name}`}
                      confirmLabel="Yes, revoke"
                      disabled={action.busy}
                      onConfirm={() =>
                        void action.run(async () => {
                          await api.request('delete', '/keys/{id}', { path: { id: k.id } })
                          await list.reload(true)
                        })
                      }
                    />
                  ) : null,
              },
            ]}
          />
          <Pager page={list.data} label="Keys" onChange={(o) => setQuery({ offset: o === 0 ? null : String(o) })} />
          {canWrite ? (
            <CreateKey
              onCreated={async (key) => {
                setSecret(key)
                await list.reload(true)
              }}
            />
          ) : null}
        </>
      )}
    </section>
  )
}
