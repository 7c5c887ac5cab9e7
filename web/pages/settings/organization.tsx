import { useState } from 'preact/hooks'
import { type GetData, NotetakerApiError } from '../../api.js'
import { Empty, ErrorNote, Loading, Pager } from '../../components/feedback.js'
import { ConfirmButton } from '../../components/manage/confirm-button.js'
import { LinkToPassOn } from '../../components/manage/link-to-pass-on.js'
import { useAction } from '../../components/manage/use-action.js'
import { DataTable, rowActions } from '../../components/table/data-table.js'
import { formatDateTime } from '../../format.js'
import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'

type Role = GetData<'/organization/members'>['rows'][number]['role']
const ROLES: ReadonlyArray<readonly [Role, string]> = [
  ['member', 'Member (reads)'],
  ['admin', 'Admin (members and invites)'],
  ['owner', 'Owner (everything)'],
]
const PAGE = 25

type Sent = { to: string; link: string; mailed: boolean; problem: string | null }

const Invite = (props: { mayInviteOwner: boolean; onInvited: (sent: Sent) => Promise<void> }) => {
  const { api } = useSession()
  const action = useAction()
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('member')
  const submit = (e: Event) => {
    e.preventDefault()
    void action.run(async () => {
      const invite = (await api.request('post', '/organization/invites', { body: { email: email.trim(), role } })).data
      setEmail('')
      await props.onInvited({ to: invite.email, link: invite.link, mailed: invite.mailed, problem: invite.mailProblem })
    })
  }
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="invite-title">
      <h3 id="invite-title">Invite someone</h3>
      <label>
        Email
        <input type="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} />
      </label>
      <label>
        Role
        <select value={role} onChange={(e) => setRole(e.currentTarget.value as Role)}>
          {ROLES.filter(([r]) => r !== 'owner' || props.mayInviteOwner).map(([r, words]) => (
            <option key={r} value={r}>
              {words}
            </option>
          ))}
        </select>
      </label>
      <ErrorNote message={action.error} />
      <div>
        <button type="submit" class="primary" disabled={action.busy}>
          Create the invite
        </button>
      </div>
    </form>
  )
}

const Outside = (props: { why: string }) => (
  <section aria-labelledby="org-title">
    <h2 id="org-title">Organization</h2>
    <Empty>
      <p>{props.why}</p>
    </Empty>
  </section>
)

/** A server administrator in no organization founds one; everyone else is told who can. */
const Create = (props: { onCreated: () => Promise<void> }) => {
  const { api, canWrite } = useSession()
  const me = useAsync(async () => (await api.request('get', '/me')).data, [])
  const action = useAction()
  const [name, setName] = useState('')
  if (me.data === undefined) return me.loading ? <Loading what="your account" /> : <ErrorNote message={me.error} />
  if (!me.data.account.serverAdmin || !canWrite) {
    return (
      <Outside why="Your account is in no organization. An owner or admin of one invites you by email; a server administrator can create one and invite you." />
    )
  }
  const submit = (e: Event) => {
    e.preventDefault()
    void action.run(async () => {
      await api.request('post', '/organization', { body: { name: name.trim() } })
      await props.onCreated()
    })
  }
  return (
    <section aria-labelledby="org-title">
      <h2 id="org-title">Organization</h2>
      <p>Your account is in no organization yet. Create one for your team: you become its owner, then invite people by email.</p>
      <form class="card stack" onSubmit={submit} aria-labelledby="create-org-title">
        <h3 id="create-org-title">Create an organization</h3>
        <label>
          Name
          <input required maxLength={200} value={name} onInput={(e) => setName(e.currentTarget.value)} placeholder="Acme" />
        </label>
        <ErrorNote message={action.error} />
        <div>
          <button type="submit" class="primary" disabled={action.busy}>
            Create the organization
          </button>
        </div>
      </form>
    </section>
  )
}

/** Members and invites of the organization, managed by its owners and admins. */
export const OrganizationSection = () => {
  const { api, session, canWrite } = useSession()
  const [offset, setOffset] = useState(0)
  const [sent, setSent] = useState<Sent | null>(null)
  const action = useAction()
  const org = useAsync(async () => {
    try {
      return (await api.request('get', '/organization')).data
    } catch (e) {
      if (e instanceof NotetakerApiError && e.status === 403) return null
      throw e
    }
  }, [])
  const members = useAsync(async () => (org.data == null ? null : (await api.request('get', '/organization/members', { query: { limit: PAGE, offset } })).data), [org.data, offset])
  // Your own role decides what you may do; it is on your member row (the API refuses anything else anyway).
  const me = useAsync(async () => {
    if (org.data == null) return null
    for await (const m of api.paginate('/organization/members', { query: { limit: 100 } })) if (m.accountId === session.account.id) return m
    return null
  }, [org.data])
  const role = me.data?.role ?? 'member'
  const manages = canWrite && (role === 'owner' || role === 'admin')
  const invites = useAsync(async () => (manages ? (await api.request('get', '/organization/invites')).data.rows : []), [manages])

  if (org.error !== null) return <ErrorNote message={org.error} />
  if (org.data === undefined) return <Loading what="the organization" />
  if (org.data === null)
    return session.signedInWith === 'password' ? (
      <Create onCreated={() => org.reload(true)} />
    ) : (
      <Outside why="This session cannot reach an organization (it was signed in with a key that is not organization-wide). Sign in with your password or an organization-wide key to see it." />
    )

  const changed = async () => {
    await Promise.all([members.reload(true), invites.reload(true), me.reload(true)])
  }
  return (
    <section aria-labelledby="org-title">
      <h2 id="org-title">{org.data.name}</h2>
      <p class="muted">
        {org.data.memberCount} {org.data.memberCount === 1 ? 'member' : 'members'}, since {formatDateTime(org.data.createdAt)}. You are {role === 'admin' ? 'an admin' : `a${role === 'owner' ? 'n' : ''} ${role}`}.
        {manages ? '' : ' Owners and admins manage members and invites.'}
      </p>
      <ErrorNote message={members.error ?? action.error} />
      <h3>Members</h3>
      {members.data == null ? (
        <Loading what="the members" />
      ) : (
        <>
          <DataTable
            rows={members.data.rows}
            rowKey={(m) => m.accountId}
            columns={[
              { label: 'Name', cell: (m) => m.name },
              { label: 'Email', cell: (m) => m.email },
              {
                label: 'Role',
                cell: (m) =>
                  manages && role === 'owner' ? (
                    <select
                      aria-label={`Role of ${m.name}`}
                      value={m.role}
                      disabled={action.busy}
                      onChange={(e) => {
                        const next = e.currentTarget.value as Role
                        void action.run(async () => {
                          await api.request('patch', '/organization/members/{accountId}', { path: { accountId: m.accountId }, body: { role: next } })
                          await changed()
                        })
                      }}
                    >
                      {ROLES.map(([r]) => (
                        <option key={r} value={r}>
                          {r}
                        </option>
                      ))}
                    </select>
                  ) : (
                    m.role
                  ),
              },
              { label: 'Joined', cell: (m) => formatDateTime(m.joinedAt) },
              manages && {
                ...rowActions,
                cell: (m) =>
                  m.accountId === session.account.id || (role === 'admin' && m.role === 'owner') ? null : (
                    <ConfirmButton
                      label="Remove"
                      name={`Remove ${m.name}`}
                      confirmLabel="Yes, remove"
                      onConfirm={() =>
                        void action.run(async () => {
                          await api.request('delete', '/organization/members/{accountId}', { path: { accountId: m.accountId } })
                          await changed()
                        })
                      }
                    />
                  ),
              },
            ]}
          />
          <Pager page={members.data} onChange={setOffset} label="Members" />
        </>
      )}
      {manages ? (
        <>
          <h3>Open invites</h3>
          {sent === null ? null : <LinkToPassOn {...sent} what="join the organization (someone with no account sets a name and password there)" onDone={() => setSent(null)} />}
          <ErrorNote message={invites.error} />
          {invites.data === undefined ? (
            <Loading what="the invites" />
          ) : invites.data.length === 0 ? (
            <p class="muted">No open invites.</p>
          ) : (
            <ul class="plain invites">
              {invites.data.map((i) => (
                <li key={i.id} class="invite">
                  <span>
                    {i.email} <span class="badge">{i.role}</span> {i.status === 'expired' ? <span class="badge bad">expired</span> : <span class="muted">until {formatDateTime(i.expiresAt)}</span>}
                  </span>
                  <ConfirmButton
                    label="Revoke"
                    name={`Revoke the invite of ${i.email}`}
                    confirmLabel="Yes, revoke"
                    onConfirm={() =>
                      void action.run(async () => {
                        await api.request('delete', '/organization/invites/{inviteId}', { path: { inviteId: i.id } })
                        await changed()
                      })
                    }
                  />
                </li>
              ))}
            </ul>
          )}
          <Invite
            mayInviteOwner={role === 'owner'}
            onInvited={async (s) => {
              setSent(s)
              await changed()
            }}
          />
        </>
      ) : null}
    </section>
  )
}
