import { useEffect, useState } from 'preact/hooks'
import { ErrorNote, Loading } from '../../components/feedback.js'
import { useAction } from '../../components/manage/use-action.js'
import { formatDateTime } from '../../format.js'
import { Link } from '../../router.js'
import { useSession } from '../../session.js'
import { FormEnd, PasswordChange, Profile } from './own-account.js'
import { useAsync } from '../../use-async.js'

/** The allowance renews at midnight UTC on the 1st: name that day as it is in UTC. */
const RENEWAL_DAY = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' })

/** Who can lift a spent or tight allowance; the API's refusal says the same. Administrators get the control itself. */
const WhoLiftsIt = () => {
  const { api } = useSession()
  const me = useAsync(async () => (await api.request('get', '/me')).data, [])
  return (
    <p class="muted" data-testid="allowance-lift">
      To lift it, a server administrator changes the plan in Settings → Plans (or runs <code>notetaker accounts set-plan --account EMAIL --plan self-hosted</code>),
      or the operator changes <code>NOTETAKER_PLANS</code>.
      {me.data?.account.serverAdmin === true ? (
        <>
          {' '}
          <Link href="/settings/plans">Change plans</Link>.
        </>
      ) : null}
    </p>
  )
}

const Allowance = () => {
  const { api } = useSession()
  const allowance = useAsync(() => api.me.allowance(), [])
  if (allowance.data === undefined) return allowance.loading ? <Loading what="the allowance" /> : <ErrorNote message={allowance.error} />
  const { plan, used, left, since } = allowance.data
  const limit = plan.monthlyRecordings
  if (limit === null) {
    return (
      <section class="card" aria-labelledby="allowance-title">
        <h3 id="allowance-title">Monthly recordings</h3>
        <p>
          <strong>Unlimited</strong>: {used} made this month <span class="muted">(plan {plan.key})</span>.
        </p>
      </section>
    )
  }
  const share = limit <= 0 ? 1 : Math.min(1, used / limit)
  const renews = new Date(since)
  renews.setUTCMonth(renews.getUTCMonth() + 1)
  return (
    <section class="card" aria-labelledby="allowance-title">
      <h3 id="allowance-title">Monthly recordings</h3>
      <p>
        <strong>{used}</strong> of {limit} used this month, {left} left <span class="muted">(plan {plan.key})</span>.
      </p>
      <div class={`share-bar allowance-bar${left === 0 ? ' spent' : ''}`} role="meter" aria-label="Recordings used this month" aria-valuemin={0} aria-valuemax={limit} aria-valuenow={used}>
        <span style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
      <p class="muted">
        Bots, calendar meetings and uploads count. It renews on {RENEWAL_DAY.format(renews)}.{left === 0 ? ' Until then new bots and uploads are refused and meetings are skipped.' : ''}
      </p>
      <WhoLiftsIt />
    </section>
  )
}

const Retention = () => {
  const { api, canWrite } = useSession()
  const settings = useAsync(async () => (await api.request('get', '/me/settings')).data, [])
  const action = useAction()
  const [days, setDays] = useState('')
  const [scope, setScope] = useState<'audio' | 'everything'>('audio')
  const [saved, setSaved] = useState(false)
  useEffect(() => {
    if (settings.data === undefined) return
    setDays(settings.data.retention.days === null ? '' : String(settings.data.retention.days))
    setScope(settings.data.retention.scope)
  }, [settings.data])
  if (settings.data === undefined) return settings.loading ? <Loading what="the settings" /> : <ErrorNote message={settings.error} />
  const submit = (e: Event) => {
    e.preventDefault()
    setSaved(false)
    void action.run(async () => {
      await api.request('patch', '/me/settings', { body: { retention: { days: days.trim() === '' ? null : Number(days), scope } } })
      await settings.reload(true)
      setSaved(true)
    })
  }
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="retention-title">
      <h3 id="retention-title">Keeping recordings</h3>
      <fieldset class="plain-fieldset" disabled={!canWrite}>
        <div class="pair">
          <label>
            Keep for (days)
            <input type="number" min={1} max={3650} value={days} placeholder="forever" onInput={(e) => setDays(e.currentTarget.value)} />
            <span class="hint">Empty keeps them forever.</span>
          </label>
          <label>
            Then remove
            <select value={scope} onChange={(e) => setScope(e.currentTarget.value as 'audio' | 'everything')}>
              <option value="audio">the audio only</option>
              <option value="everything">the whole recording</option>
            </select>
          </label>
        </div>
      </fieldset>
      <FormEnd error={action.error} saved={saved ? 'Saved.' : null} busy={action.busy} show={canWrite} />
    </form>
  )
}

/** Who you are, how this session was opened, and the month's allowance. */
export const AccountSection = () => {
  const { session } = useSession()
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">Account</h2>
      <div class="card">
        <dl class="facts">
          <dt>Name</dt>
          <dd>{session.account.name}</dd>
          <dt>Email</dt>
          <dd>{session.account.email}</dd>
          <dt>Signed in with</dt>
          <dd>{session.signedInWith === 'password' ? 'your password' : 'an API key'}</dd>
          <dt>Access</dt>
          <dd>
            {session.access === 'full' ? 'Full' : 'Read-only'}
            {session.organizationWide ? ', organization-wide' : ''}
          </dd>
          <dt>Session ends</dt>
          <dd>{formatDateTime(session.expiresAt)}</dd>
        </dl>
      </div>
      <Profile />
      <PasswordChange />
      <Allowance />
      <Retention />
    </section>
  )
}
