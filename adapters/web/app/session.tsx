/**
 * Who is signed in. The session lives in an HTTP-only cookie the script never
 * sees; GET /ext/v1/session says whose it is and hands the CSRF token that
 * state-changing requests carry.
 */
import { createContext, type ComponentChildren } from 'preact'
import { useContext, useEffect, useMemo, useState } from 'preact/hooks'
import { createClient } from '../../../clients/typescript/src/client.js'
import type { GetData, JsonBody, Operation } from '../../../clients/typescript/src/types.js'
import { type Api, apiFor, messageOf, NotetakerApiError } from './api.js'

export type Session = GetData<'/session'>
export type Credentials = JsonBody<Operation<'/session', 'post'>>

/** Without a session yet: no CSRF token to send, and a refused sign-in is not worth a retry. */
const anonymous = createClient({ baseUrl: location.origin, retries: 0 })

/** The session, or null when there is none (the server answers 401). */
const readSession = async (): Promise<Session | null> => {
  try {
    return (await anonymous.request('get', '/session')).data
  } catch (e) {
    if (e instanceof NotetakerApiError && e.status === 401) return null
    throw e
  }
}

/** Throws NotetakerApiError in the server's words ("do not match", "too many attempts"). */
export const signIn = async (credentials: Credentials): Promise<Session> => (await anonymous.request('post', '/session', { body: credentials })).data

interface SessionState {
  readonly session: Session
  readonly api: Api
  readonly canWrite: boolean
  readonly signOut: () => Promise<void>
  /** A new session replaces this one (after a password change, or a new name or email). */
  readonly replace: (next: Session) => void
}

const Context = createContext<SessionState | null>(null)

/** The signed-in session; only pages under <SessionGate> call it. */
export const useSession = (): SessionState => {
  const s = useContext(Context)
  if (s === null) throw new Error('useSession outside a signed-in page')
  return s
}

type Phase = { readonly kind: 'reading' } | { readonly kind: 'failed'; readonly message: string } | { readonly kind: 'out' } | { readonly kind: 'in'; readonly session: Session }

/** Shows `signedOut` (the sign-in page) until a session exists, then `children` with the session in context. */
export const SessionGate = (props: { signedOut: (onSignedIn: (s: Session) => void) => ComponentChildren; children: ComponentChildren }) => {
  const [phase, setPhase] = useState<Phase>({ kind: 'reading' })
  useEffect(() => {
    readSession().then(
      (s) => setPhase(s === null ? { kind: 'out' } : { kind: 'in', session: s }),
      (e: unknown) => setPhase({ kind: 'failed', message: messageOf(e) }),
    )
  }, [])
  const state = useMemo<SessionState | null>(() => {
    if (phase.kind !== 'in') return null
    const session = phase.session
    return {
      session,
      api: apiFor(session.csrfToken, () => setPhase({ kind: 'out' })),
      canWrite: session.access === 'full',
      signOut: async () => {
        await apiFor(session.csrfToken, () => undefined).request('delete', '/session')
        setPhase({ kind: 'out' })
      },
      replace: (next: Session) => setPhase({ kind: 'in', session: next }),
    }
  }, [phase])
  if (phase.kind === 'reading') return <p class="loading" role="status">Loading…</p>
  if (phase.kind === 'failed') return <p class="error" role="alert">{phase.message}</p>
  if (state === null) return <>{props.signedOut((s) => setPhase({ kind: 'in', session: s }))}</>
  return <Context.Provider value={state}>{props.children}</Context.Provider>
}
