import type { Api } from '../../api.js'
import type { Connection } from './rules-editor.js'
import { useSession } from '../../session.js'
import { useAsync } from '../../use-async.js'
import { ErrorNote } from '../feedback.js'
import { useAction } from './use-action.js'

export type OAuthProvider = Exclude<Connection['provider'], 'ics'>

/** What people call each provider (the server's /calendar/providers says the same). */
export const PROVIDER_WORDS: Readonly<Record<Connection['provider'], string>> = {
  ics: 'iCalendar feed',
  google: 'Google Calendar',
  microsoft: 'Microsoft 365',
}

/** Sends the browser to the provider's consent page; it comes back to /settings/calendars with the outcome. */
export const startConsent = async (api: Api, provider: OAuthProvider, connectionId?: string): Promise<void> => {
  const started = await api.request('post', '/calendar/connections/oauth/{provider}/start', {
    path: { provider },
    body: connectionId === undefined ? {} : { connectionId },
  })
  location.assign(started.data.authorizationUrl)
}

/** "Connect Google Calendar" and "Connect Microsoft 365", for the providers this server's operator set up. */
export const ConnectProviders = () => {
  const { api } = useSession()
  const providers = useAsync(async () => (await api.request('get', '/calendar/providers')).data.rows, [])
  const action = useAction()
  const configured = providers.data?.filter((p) => p.configured) ?? []
  if (configured.length === 0 && providers.error === null) return null
  return (
    <section class="card stack" aria-labelledby="connect-account-title">
      <h3 id="connect-account-title">Connect a calendar account</h3>
      <p class="hint">You sign in with the provider and allow this server to read your calendars (it never changes them). You can choose which calendar afterwards.</p>
      <ErrorNote message={providers.error ?? action.error} />
      <div class="toolbar">
        {configured.map((p) => (
          <button key={p.provider} type="button" class="primary" disabled={action.busy} onClick={() => void action.run(() => startConsent(api, p.provider))}>
            {p.provider === 'google' ? 'Connect Google Calendar' : 'Connect Microsoft 365'}
          </button>
        ))}
      </div>
    </section>
  )
}
