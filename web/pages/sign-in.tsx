import { useEffect, useState } from 'preact/hooks'
import { type Credentials, type Session, signIn } from '../session.js'
import { messageOf } from '../api.js'

/** Email and password, or an API key (for an operator's or a read-only key's view); `notice` says why it is back (a session that ended). */
export const SignIn = (props: { onSignedIn: (s: Session) => void; notice?: string | null }) => {
  const [withKey, setWithKey] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    document.title = 'Sign in · Notetaker'
  }, [])

  const submit = async (e: Event) => {
    e.preventDefault()
    const form = new FormData(e.currentTarget as HTMLFormElement)
    const field = (name: string) => String(form.get(name) ?? '').trim()
    const credentials: Credentials = withKey ? { apiKey: field('apiKey') } : { email: field('email'), password: String(form.get('password') ?? '') }
    setBusy(true)
    setError(null)
    try {
      props.onSignedIn(await signIn(credentials))
    } catch (err) {
      setError(messageOf(err))
      setBusy(false)
    }
  }

  return (
    <main id="main" class="sign-in">
      <form onSubmit={submit} aria-labelledby="sign-in-title">
        <img src="/assets/icon.svg" alt="" width={40} height={40} />
        <h1 id="sign-in-title">Sign in to Notetaker</h1>
        {props.notice == null || error !== null ? null : (
          <p class="notice" role="status">
            {props.notice}
          </p>
        )}
        {withKey ? (
          <label>
            API key
            <input name="apiKey" type="password" autoComplete="off" required placeholder="ntk_…" />
          </label>
        ) : (
          <>
            <label>
              Email
              <input name="email" type="email" autoComplete="username" required autoFocus />
            </label>
            <label>
              Password
              <input name="password" type="password" autoComplete="current-password" required />
            </label>
          </>
        )}
        {error === null ? null : (
          <p class="error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" class="primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
        <button type="button" class="link" onClick={() => (setWithKey(!withKey), setError(null))}>
          {withKey ? 'Sign in with email and password' : 'Sign in with an API key'}
        </button>
        <p class="hint">
          No password yet? Run <code>notetaker accounts set-password --account you@example.com</code> on the server.
        </p>
      </form>
    </main>
  )
}
