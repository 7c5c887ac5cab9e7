/** Who else reads this recording: share by email at full or summary scope, and revoke. */
import { useState } from 'preact/hooks'
import { messageOf } from '../../api.js'
import { formatDateTime } from '../../format.js'
import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'
import { ErrorNote, Loading } from '../feedback.js'
import { LinkToPassOn } from '../manage/link-to-pass-on.js'

type Sent = { to: string; link: string; mailed: boolean; problem: string | null }

const SCOPE_WORDS = { full: 'Everything', summary: 'Summary only' } as const

export const Shares = (props: { runId: string }) => {
  const { api, canWrite } = useSession()
  const shares = useAsync(async () => (await api.request('get', '/recordings/{runId}/shares', { path: { runId: props.runId } })).data.rows, [props.runId])
  const [email, setEmail] = useState('')
  const [scope, setScope] = useState<'full' | 'summary'>('full')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [sent, setSent] = useState<Sent | null>(null)

  const act = async (what: () => Promise<string>) => {
    setBusy(true)
    setError(null)
    setNotice(null)
    try {
      setNotice(await what())
      await shares.reload(true)
    } catch (e) {
      setError(messageOf(e))
    } finally {
      setBusy(false)
    }
  }

  const share = (e: Event) => {
    e.preventDefault()
    void act(async () => {
      const s = (await api.request('post', '/recordings/{runId}/shares', { path: { runId: props.runId }, body: { email: email.trim(), scope } })).data
      setEmail('')
      setSent({ to: s.email, link: s.link, mailed: s.mailed, problem: s.mailProblem })
      return `Shared with ${s.email}.`
    })
  }

  const revoke = (id: string, who: string) =>
    act(async () => {
      await api.request('delete', '/recordings/{runId}/shares/{shareId}', { path: { runId: props.runId, shareId: id } })
      return `${who} no longer sees this recording.`
    })

  return (
    <section class="card" aria-labelledby="shares-title">
      <h2 id="shares-title">Shared with</h2>
      <ErrorNote message={shares.error ?? error} />
      {notice === null ? null : (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      {sent === null ? null : <LinkToPassOn {...sent} what="open this recording (someone with no account sets a password first)" onDone={() => setSent(null)} />}
      {shares.data === undefined ? (
        shares.loading ? <Loading what="shares" /> : null
      ) : shares.data.length === 0 ? (
        <p class="muted">Only you can see this recording.</p>
      ) : (
        <ul class="plain share-list">
          {shares.data.map((s) => (
            <li key={s.id}>
              <span>
                <span class="share-email">{s.email}</span>
                <span class="muted">
                  {' '}
                  · {SCOPE_WORDS[s.scope]} · since {formatDateTime(s.createdAt)}
                </span>
              </span>
              {canWrite ? (
                <button type="button" class="quiet small" disabled={busy} onClick={() => void revoke(s.id, s.email)} aria-label={`Revoke the share with ${s.email}`}>
                  Revoke
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canWrite ? (
        <form class="share-form" onSubmit={share}>
          <label class="grow">
            Email
            <input type="email" required value={email} onInput={(e) => setEmail(e.currentTarget.value)} placeholder="colleague@example.com" />
          </label>
          <label>
            They see
            <select value={scope} onChange={(e) => setScope(e.currentTarget.value === 'summary' ? 'summary' : 'full')}>
              <option value="full">Everything: notes, transcript, audio</option>
              <option value="summary">Summary only: notes, no transcript or audio</option>
            </select>
          </label>
          <button type="submit" disabled={busy}>
            Share
          </button>
        </form>
      ) : null}
    </section>
  )
}
