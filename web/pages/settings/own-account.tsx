/** The signed-in person's own name, email and password (PATCH /me, PUT /me/password). */
import { useState } from 'preact/hooks'
import { ErrorNote } from '../../components/feedback.js'
import { useAction } from '../../components/manage/use-action.js'
import { useSession } from '../../session.js'

/** A settings form's end: the failure, what was saved, and its button (for those who may change it). */
export const FormEnd = (props: { error: string | null; saved: string | null; busy: boolean; show?: boolean; label?: string }) => (
  <>
    <ErrorNote message={props.error} />
    {props.saved === null ? null : (
      <p class="notice" role="status">
        {props.saved}
      </p>
    )}
    {props.show === false ? null : (
      <div>
        <button type="submit" class="primary" disabled={props.busy}>
          {props.label ?? 'Save'}
        </button>
      </div>
    )}
  </>
)

export const Profile = () => {
  const { api, session, replace, canWrite } = useSession()
  const action = useAction()
  const [name, setName] = useState(session.account.name)
  const [email, setEmail] = useState(session.account.email)
  const [currentPassword, setCurrentPassword] = useState('')
  const [saved, setSaved] = useState<string | null>(null)
  const withPassword = session.signedInWith === 'password'
  const emailChanges = email.trim().toLowerCase() !== session.account.email
  const submit = (e: Event) => {
    e.preventDefault()
    setSaved(null)
    void action.run(async () => {
      const body = emailChanges ? { name: name.trim(), email: email.trim(), currentPassword } : { name: name.trim() }
      const { pendingEmail, ...account } = (await api.request('patch', '/me', { body })).data
      replace({ ...session, account })
      setCurrentPassword('')
      setEmail(account.email)
      setSaved(pendingEmail === null ? 'Saved.' : `We sent a link to ${pendingEmail}: your email changes when you open it (within 24 hours).`)
    })
  }
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="profile-title">
      <h3 id="profile-title">Name and email</h3>
      <fieldset class="plain-fieldset" disabled={!canWrite}>
        <div class="pair">
          <label>
            Name
            <input required maxLength={200} autoComplete="name" value={name} onInput={(e) => setName(e.currentTarget.value)} />
          </label>
          <label>
            Email
            <input type="email" required autoComplete="email" value={email} disabled={!withPassword} onInput={(e) => setEmail(e.currentTarget.value)} />
            {withPassword ? null : <span class="hint">Sign in with your password to change your email.</span>}
          </label>
        </div>
        {emailChanges ? (
          <label>
            Current password
            <input type="password" required autoComplete="current-password" value={currentPassword} onInput={(e) => setCurrentPassword(e.currentTarget.value)} />
            <span class="hint">You sign in with your email: confirm the change with your password.</span>
          </label>
        ) : null}
      </fieldset>
      <FormEnd error={action.error} saved={saved} busy={action.busy} show={canWrite} />
    </form>
  )
}

export const PasswordChange = () => {
  const { api, session, replace } = useSession()
  const action = useAction()
  const [current, setCurrent] = useState('')
  const [next, setNext] = useState('')
  const [saved, setSaved] = useState<string | null>(null)
  if (session.signedInWith !== 'password') return null
  const submit = (e: Event) => {
    e.preventDefault()
    setSaved(null)
    void action.run(async () => {
      const renewed = (await api.request('put', '/me/password', { body: { currentPassword: current, newPassword: next } })).data
      setCurrent('')
      setNext('')
      replace(renewed)
      setSaved('Your password is changed. Other browsers signed in as you are signed out.')
    })
  }
  return (
    <form class="card stack" onSubmit={submit} aria-labelledby="password-title">
      <h3 id="password-title">Password</h3>
      <div class="pair">
        <label>
          Current password
          <input type="password" required autoComplete="current-password" value={current} onInput={(e) => setCurrent(e.currentTarget.value)} />
        </label>
        <label>
          New password
          <input type="password" required minLength={10} autoComplete="new-password" value={next} onInput={(e) => setNext(e.currentTarget.value)} />
          <span class="hint">At least 10 characters; a few words make a good one.</span>
        </label>
      </div>
      <FormEnd error={action.error} saved={saved} busy={action.busy} label="Change the password" />
    </form>
  )
}
