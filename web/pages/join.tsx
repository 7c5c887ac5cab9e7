/**
 * Where invite and share links land (`/join#token=…`), outside the signed-in
 * app: someone with no account sets a name and a password and is signed in;
 * someone with one signs in and accepts. The token stays in the fragment, so it
 * is sent only in request bodies, never in an address a server logs.
 */
import { useEffect, useState } from 'preact/hooks'
import { createClient } from '../../clients/typescript/src/client.js'
import { apiFor, messageOf, type Operation, type SuccessData } from '../api.js'
import { signIn } from '../session.js'

const anonymous = createClient({ baseUrl: location.origin, retries: 0 })
type Invitation = SuccessData<Operation<'/invites/lookup', 'post'>>

const tokenOf = (hash: string): string => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? ''

/** Where the person goes once in: the organization's page, or the shared recording. The whole app starts again with the new session. */
const landing = (kind: string, runId: string | null) => (kind === 'share' && runId !== null ? `/recordings/${runId}` : '/settings/organization')

const what = (i: Invitation) =>
  i.kind === 'organization'
    ? `${i.invitedBy ?? 'The administrator'} invited you to join ${i.organizationName ?? 'an organization'} on Notetaker as ${i.role === 'admin' ? 'an admin' : `a ${i.role}`}.`
    : `${i.invitedBy ?? 'Someone'} shared a recording with you on Notetaker.`

/** A form that does one thing and then leaves the page: busy until it does, the server's words when it fails. */
const useLeavingForm = (work: (field: (name: string) => string) => Promise<string>) => {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const submit = async (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget as HTMLFormElement)
    setBusy(true)
    setError(null)
    try {
      location.assign(await work((name) => String(form.get(name) ?? '')))
    } catch (err) {
      setError(messageOf(err))
      setBusy(false)
    }
  }
  const alert =
    error === null ? null : (
      <p class="error" role="alert">
        {error}
      </p>
    )
  return { busy, alert, submit }
}

const NewAccount = (props: { token: string; invitation: Invitation }) => {
  const { busy, alert, submit } = useLeavingForm(async (field) => {
    const joined = (await anonymous.request('post', '/invites/join', { body: { token: props.token, name: field('name').trim(), password: field('password') } })).data
    return landing(joined.kind, joined.runId)
  })
  return (
    <form onSubmit={submit} aria-labelledby="join-title">
      <h1 id="join-title">Welcome to Notetaker</h1>
      <p>{what(props.invitation)}</p>
      <p class="muted">Choose your name and a password for {props.invitation.email}.</p>
      <label>
        Your name
        <input name="name" autoComplete="name" required maxLength={200} autoFocus />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="new-password" required minLength={10} />
        <span class="hint">At least 10 characters; a few words make a good one.</span>
      </label>
      {alert}
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Setting up…' : props.invitation.kind === 'organization' ? 'Join' : 'Open the recording'}
      </button>
    </form>
  )
}

const ExistingAccount = (props: { token: string; invitation: Invitation }) => {
  const { invitation } = props
  const { busy, alert, submit } = useLeavingForm(async (field) => {
    const session = await signIn({ email: invitation.email, password: field('password') })
    if (invitation.kind === 'organization') await apiFor(session.csrfToken, () => undefined).request('post', '/organization/invites/accept', { body: { token: props.token } })
    return landing(invitation.kind, invitation.runId)
  })
  return (
    <form onSubmit={submit} aria-labelledby="join-title">
      <h1 id="join-title">Sign in to continue</h1>
      <p>{what(invitation)}</p>
      <p class="muted">{invitation.email} has an account here: sign in with its password.</p>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required autoFocus />
      </label>
      {alert}
      <button type="submit" class="primary" disabled={busy}>
        {busy ? 'Signing in…' : invitation.kind === 'organization' ? 'Sign in and join' : 'Sign in and open it'}
      </button>
    </form>
  )
}

export const JoinPage = () => {
  const [token] = useState(() => tokenOf(location.hash))
  const [state, setState] = useState<{ invitation: Invitation } | { error: string } | null>(null)
  useEffect(() => {
    document.title = 'Join · Notetaker'
    if (token === '') {
      setState({ error: 'This address has no invite in it: open the whole link you were sent.' })
      return
    }
    anonymous.request('post', '/invites/lookup', { body: { token } }).then(
      (r) => setState({ invitation: r.data }),
      (e: unknown) => setState({ error: messageOf(e) }),
    )
  }, [token])
  return (
    <main id="main" class="sign-in join">
      {state === null ? (
        <p class="loading" role="status">
          Reading the link…
        </p>
      ) : 'error' in state ? (
        <div class="stack">
          <h1>This link does not work</h1>
          <p class="error" role="alert">
            {state.error}
          </p>
          <a href="/">Go to Notetaker</a>
        </div>
      ) : state.invitation.accountExists ? (
        <ExistingAccount token={token} invitation={state.invitation} />
      ) : state.invitation.mayCreateAccount ? (
        <NewAccount token={token} invitation={state.invitation} />
      ) : (
        <div class="stack">
          <h1>Ask for an account</h1>
          <p>{what(state.invitation)}</p>
          <p>This link opens it for an account on this server, and {state.invitation.email} has none yet. Ask the server's administrator for one, then open the link again.</p>
        </div>
      )}
    </main>
  )
}
