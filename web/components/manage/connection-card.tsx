import { useEffect, useState } from 'preact/hooks'
import { formatDateTime } from '../../format.js'
import { useSession } from '../../session.js'
import { ErrorNote } from '../feedback.js'
import { CalendarPicker } from './calendar-picker.js'
import { ConfirmButton } from './confirm-button.js'
import { PROVIDER_WORDS, startConsent } from './oauth-connect.js'
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
  reauthorization_required: ['Needs reconnecting', 'bad'],
}

/** Whether the provider pushes changes now (a channel that has not lapsed) or they wait for the periodic sync. */
const changesWords = (pushUntil: string | null) =>
  pushUntil !== null && Date.parse(pushUntil) > Date.now() ? 'Show within seconds (the provider tells this server)' : 'Picked up by the periodic sync'

const sameRules = (a: Rule[], b: Rule[]) => JSON.stringify(a) === JSON.stringify(b)

const upcomingWords = (n: number) => (n === 0 ? 'None to come' : n === 1 ? '1 to come' : `${n} to come`)

/** The calendar's name, and a small form to rename it (an empty name goes back to the feed's own). */
const ConnectionName = (props: { connection: Connection; headingId: string; disabled: boolean; onRename: (name: string | null) => void }) => {
  const c = props.connection
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(c.name)
  if (!editing) {
    return (
      <div class="connection-name">
        <h3 id={props.headingId}>{c.name}</h3>
        {props.disabled ? null : (
          <button type="button" class="link" onClick={() => (setName(c.name), setEditing(true))}>
            Rename<span class="visually-hidden"> {c.name}</span>
          </button>
        )}
      </div>
    )
  }
  return (
    <form
      class="connection-name inline-form"
      onSubmit={(e) => {
        e.preventDefault()
        setEditing(false)
        // Saving the name as it is changes nothing (and does not pin the feed's own name as the person's).
        if (name.trim() !== c.name) props.onRename(name.trim() === '' ? null : name.trim())
      }}
    >
      <h3 id={props.headingId} class="visually-hidden">
        {c.name}
      </h3>
      <label>
        Name of the calendar
        <input type="text" value={name} maxLength={100} autoFocus onInput={(e) => setName(e.currentTarget.value)} />
        <span class="hint">{c.provider === 'ics' ? "Leave it empty for the feed's own name." : "Leave it empty for the calendar's own name."}</span>
      </label>
      <div class="toolbar">
        <button type="submit" class="primary">
          Save the name
        </button>
        <button type="button" onClick={() => setEditing(false)}>
          Cancel
        </button>
      </div>
    </form>
  )
}

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
  const oauth = c.provider === 'ics' ? null : c.provider
  const reconnect = oauth !== null && c.status === 'reauthorization_required'
  return (
    <section class="card connection" aria-labelledby={headingId}>
      <div class="row-head">
        <ConnectionName
          connection={c}
          headingId={headingId}
          disabled={!canWrite || action.busy}
          onRename={(name) => change(() => api.request('patch', '/calendar/connections/{id}', { path, body: { name } }), 'Saved the name.')}
        />
        <span class={`badge ${tone}`}>{label}</span>
      </div>
      <dl class="facts">
        <dt>Meetings</dt>
        <dd>{c.lastSyncedAt === null && c.upcomingMeetings === 0 ? 'After the first sync' : upcomingWords(c.upcomingMeetings)}</dd>
        {oauth === null ? (
          <>
            <dt>Organizer address</dt>
            <dd>{c.accountEmail}</dd>
          </>
        ) : (
          <>
            <dt>Account</dt>
            <dd>
              {PROVIDER_WORDS[oauth]}: {c.accountEmail}
            </dd>
            <dt>Changes</dt>
            <dd>{reconnect ? 'Not synced until it is reconnected' : changesWords(c.pushUntil)}</dd>
          </>
        )}
        <dt>Last sync</dt>
        <dd>{c.lastSyncedAt === null ? 'Not yet' : formatDateTime(c.lastSyncedAt)}</dd>
        {c.lastError === null ? null : (
          <>
            <dt>{reconnect ? 'Why' : 'Last error'}</dt>
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
      {reconnect && canWrite ? (
        <div class="notice-warn reconnect" role="group" aria-label={`Reconnect ${c.name}`}>
          <p>
            {PROVIDER_WORDS[oauth]} no longer lets this server read the calendar. Its meetings are kept; reconnect to sync it again.
          </p>
          <div>
            <button type="button" class="primary" disabled={action.busy} onClick={() => void action.run(() => startConsent(api, oauth, c.id))}>
              Reconnect<span class="visually-hidden"> {c.name}</span>
            </button>
          </div>
        </div>
      ) : null}
      {oauth !== null && canWrite && !reconnect ? <CalendarPicker connection={c} disabled={action.busy} onChosen={props.onChanged} /> : null}
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
          <ConfirmButton label="Disconnect" name={`Disconnect ${c.name}`} confirmLabel="Yes, disconnect" disabled={action.busy} onConfirm={() => change(() => api.request('delete', '/calendar/connections/{id}', { path }), 'Disconnected.')} />
        </div>
      ) : null}
    </section>
  )
}
