import { useEffect, useState } from 'preact/hooks'
import { formatDateTime } from '../../format.js'
import { useSession } from '../../session.js'
import { ErrorNote } from '../feedback.js'
import { ConfirmButton } from './confirm-button.js'
import { type Connection, type Rule, RulesEditor } from './rules-editor.js'
import { useAction } from './use-action.js'

export const AUTO_JOIN: ReadonlyArray<readonly [Connection['autoJoin'], string]> = [
  ['all', 'Every meeting with a link'],
  ['hosted', 'Only meetings I organize'],
  ['manual', 'None unless a join rule or I pick it'],
]

const STATUS: Readonly<Record<Connection['status'], readonly [string, string]>> = {
  pending: ['First sync pending', 'busy'],
  active: ['Syncing', 'good'],
  error: ['Sync failing', 'bad'],
}

const sameRules = (a: Rule[], b: Rule[]) => JSON.stringify(a) === JSON.stringify(b)

/** One calendar connection: its health, its auto-join mode (saved on change) and its rules (saved with a button). */
export const ConnectionCard = (props: { connection: Connection; onChanged: () => Promise<void> }) => {
  const { api, canWrite } = useSession()
  const c = props.connection
  const action = useAction()
  const [joinRules, setJoinRules] = useState<Rule[]>(c.joinRules)
  const [barRules, setBarRules] = useState<Rule[]>(c.barRules)
  const [saved, setSaved] = useState<string | null>(null)
  // The server's rules (trimmed, lowercased) replace the edited ones once saved.
  const serverRules = JSON.stringify([c.joinRules, c.barRules])
  useEffect(() => {
    setJoinRules(c.joinRules)
    setBarRules(c.barRules)
  }, [serverRules])
  const path = { id: c.id }
  const change = (work: () => Promise<unknown>, done: string) =>
    void action.run(async () => {
      setSaved(null)
      await work()
      await props.onChanged()
      setSaved(done)
    })
  const [label, tone] = STATUS[c.status]
  const edited = !sameRules(joinRules, c.joinRules) || !sameRules(barRules, c.barRules)
  const headingId = `connection-${c.id}`
  return (
    <section class="card connection" aria-labelledby={headingId}>
      <div class="row-head">
        <h3 id={headingId}>
          Calendar feed <code>{c.calendarId}</code>
        </h3>
        <span class={`badge ${tone}`}>{label}</span>
      </div>
      <dl class="facts">
        <dt>Organizer address</dt>
        <dd>{c.accountEmail}</dd>
        <dt>Last sync</dt>
        <dd>{c.lastSyncedAt === null ? 'Not yet' : formatDateTime(c.lastSyncedAt)}</dd>
        {c.lastError === null ? null : (
          <>
            <dt>Last error</dt>
            <dd class="error-text">{c.lastError}</dd>
          </>
        )}
        {c.warnings.length === 0 ? null : (
          <>
            <dt>Left out</dt>
            <dd>
              <ul class="sync-warnings" aria-label="What the last sync left out">
                {c.warnings.map((w, i) => (
                  <li key={i}>{w}</li>
                ))}
              </ul>
            </dd>
          </>
        )}
      </dl>
      <label class="auto-join">
        Record automatically
        <select
          value={c.autoJoin}
          disabled={!canWrite || action.busy}
          onChange={(e) => {
            const autoJoin = e.currentTarget.value as Connection['autoJoin']
            change(() => api.request('patch', '/calendar/connections/{id}', { path, body: { autoJoin } }), 'Saved the auto-join mode.')
          }}
        >
          {AUTO_JOIN.map(([v, words]) => (
            <option key={v} value={v}>
              {words}
            </option>
          ))}
        </select>
      </label>
      <label class="record-declined">
        <input
          type="checkbox"
          checked={c.recordDeclined}
          disabled={!canWrite || action.busy}
          onChange={(e) => {
            const recordDeclined = e.currentTarget.checked
            change(() => api.request('patch', '/calendar/connections/{id}', { path, body: { recordDeclined } }), recordDeclined ? 'Meetings you declined are now left to the rules.' : 'Meetings you declined are no longer recorded.')
          }}
        />
        Also record meetings I declined
      </label>
      <div class="rule-lists">
        <RulesEditor legend="Join rules" hint="Meetings that match one of these are recorded." rules={joinRules} onChange={setJoinRules} disabled={!canWrite || action.busy} />
        <RulesEditor legend="Bar rules" hint="Meetings that match one of these are never recorded; bar rules win over join rules." rules={barRules} onChange={setBarRules} disabled={!canWrite || action.busy} />
      </div>
      <ErrorNote message={action.error} />
      {saved === null ? null : (
        <p class="notice" role="status">
          {saved}
        </p>
      )}
      {canWrite ? (
        <div class="toolbar">
          <button type="button" class="primary" disabled={!edited || action.busy} onClick={() => change(() => api.request('patch', '/calendar/connections/{id}', { path, body: { joinRules, barRules } }), 'Saved the rules.')}>
            Save the rules
          </button>
          <button type="button" disabled={action.busy} onClick={() => change(() => api.request('post', '/calendar/connections/{id}/sync', { path }), 'Sync queued.')}>
            Sync now
          </button>
          <ConfirmButton label="Disconnect" name={`Disconnect ${c.calendarId}`} confirmLabel="Yes, disconnect" disabled={action.busy} onConfirm={() => change(() => api.request('delete', '/calendar/connections/{id}', { path }), 'Disconnected.')} />
        </div>
      ) : null}
    </section>
  )
}
