/**
 * Where the link mailed to a new email address lands (`/confirm-email#token=…`),
 * outside the signed-in app: one button makes it the account's email. A button,
 * not a request on load, so a mail scanner that opens links changes nothing.
 */
import { useEffect, useState } from 'preact/hooks'
import { createClient } from '../../clients/typescript/src/client.js'
import { messageOf } from '../api.js'

const anonymous = createClient({ baseUrl: location.origin, retries: 0 })

export const ConfirmEmailPage = () => {
  const [token] = useState(() => new URLSearchParams(location.hash.replace(/^#/, '')).get('token') ?? '')
  const [state, setState] = useState<{ busy: boolean; error: string | null; email: string | null }>({ busy: false, error: null, email: null })
  useEffect(() => {
    document.title = 'Confirm your email · Notetaker'
  }, [])
  const confirm = async () => {
    setState({ busy: true, error: null, email: null })
    try {
      const account = (await anonymous.request('post', '/email/confirm', { body: { token } })).data
      setState({ busy: false, error: null, email: account.email })
    } catch (e) {
      setState({ busy: false, error: messageOf(e), email: null })
    }
  }
  return (
    <main id="main" class="sign-in join">
      <div class="stack">
        <h1>Confirm your new email</h1>
        {token === '' ? (
          <p class="error" role="alert">
            This address has no confirmation in it: open the whole link from the mail.
          </p>
        ) : state.email !== null ? (
          <>
            <p role="status">Done: you sign in with {state.email} from now on.</p>
            <a href="/">Go to Notetaker</a>
          </>
        ) : (
          <>
            <p>You asked to sign in to Notetaker with this address from now on.</p>
            {state.error === null ? null : (
              <p class="error" role="alert">
                {state.error}
              </p>
            )}
            <div>
              <button type="button" class="primary" disabled={state.busy} onClick={() => void confirm()}>
                Confirm my new email
              </button>
            </div>
          </>
        )}
      </div>
    </main>
  )
}
