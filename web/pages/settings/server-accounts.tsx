/** The server's accounts and their plans, for its administrators: a spent allowance is lifted here. */
import { useState } from 'preact/hooks'
import { Empty, ErrorNote, Loading, Pager } from '../../components/feedback.js'
import { useAction } from '../../components/manage/use-action.js'
import { DataTable } from '../../components/table/data-table.js'
import { formatDateTime } from '../../format.js'
import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'

const PAGE = 25
const allowanceOf = (monthlyRecordings: number | null) => (monthlyRecordings === null ? 'unlimited' : `${monthlyRecordings} a month`)

export const ServerAccountsSection = () => {
  const { api, canWrite } = useSession()
  const [offset, setOffset] = useState(0)
  const action = useAction()
  const me = useAsync(async () => (await api.request('get', '/me')).data, [])
  const admin = me.data?.account.serverAdmin === true
  const plans = useAsync(async () => (admin ? (await api.request('get', '/server/plans')).data : []), [admin])
  const accounts = useAsync(async () => (admin ? (await api.request('get', '/server/accounts', { query: { limit: PAGE, offset } })).data : null), [admin, offset])
  if (me.data === undefined) return me.loading ? <Loading what="your account" /> : <ErrorNote message={me.error} />
  if (!admin) {
    return (
      <section aria-labelledby="accounts-title">
        <h2 id="accounts-title">Accounts and plans</h2>
        <Empty>
          <p>Only this server's administrators see its accounts and change their plans.</p>
        </Empty>
      </section>
    )
  }
  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title">Accounts and plans</h2>
      <p class="muted">Every account of this server with its plan. A plan sets how many recordings an account may start a month; the change applies at once.</p>
      <ErrorNote message={accounts.error ?? plans.error ?? action.error} />
      {accounts.data == null || plans.data === undefined ? (
        <Loading what="the accounts" />
      ) : (
        <>
          <DataTable
            rows={accounts.data.rows}
            rowKey={(a) => a.id}
            columns={[
              {
                label: 'Name',
                cell: (a) => (
                  <>
                    {a.name}
                    {a.serverAdmin ? <span class="badge">administrator</span> : null}
                  </>
                ),
              },
              { label: 'Email', cell: (a) => a.email },
              {
                label: 'Plan',
                cell: (a) => (
                  <select
                    aria-label={`Plan of ${a.name}`}
                    value={a.plan.key}
                    disabled={!canWrite || action.busy}
                    onChange={(e) => {
                      const plan = e.currentTarget.value
                      void action.run(async () => {
                        await api.request('patch', '/server/accounts/{accountId}', { path: { accountId: a.id }, body: { plan } })
                        await accounts.reload(true)
                      })
                    }}
                  >
                    {(plans.data ?? []).map((p) => (
                      <option key={p.key} value={p.key}>
                        {p.key} ({allowanceOf(p.monthlyRecordings)})
                      </option>
                    ))}
                  </select>
                ),
              },
              { label: 'Since', cell: (a) => formatDateTime(a.createdAt) },
            ]}
          />
          <Pager page={accounts.data} onChange={setOffset} label="Accounts" />
        </>
      )}
    </section>
  )
}
