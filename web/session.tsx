/**
 * Who is signed in. The session lives in an HTTP-only cookie the script never
 * sees; GET /ext/v1/session says whose it is and hands the CSRF token that
 * state-changing requests carry.
 */
import { createContext, type ComponentChildren } from 'preact'
import { useContext, useEffect, useMemo, useState } from 'preact/hooks'
import { createClient } from '../clients/typescript/src/client.js'
import type { GetData, JsonBody, Operation } from '../clients/typescript/src/types.js'
import { type Api, apiFor, messageOf, NotetakerApiError } from './api.js'

export type Session = GetData<'/session'>
export type Credentials = JsonBody<Operation<'/session', 'post'>>

/** Without a session yet: no CSRF token to send, and a refused sign-in is not worth a retry. */
const anonymous = createClient({ baseUrl: location.origin, retries: 0 })

/** The page the server sent says there is no session cookie (web-app.ts): nothing to ask, so no 401 in the console. */
const signedOutAtLoad = (): boolean => document.querySelector('meta[name="notetaker-session"][content="none"]') !== null

/**
 * The session; null when the browser has none; `ended` when it still held a session cookie the
 * server no longer knows (the session expired or was ended elsewhere: the server answers 401).
 */
const readSession = async (): Promise<Session | null | 'ended'> => {
  if (signedOutAtLoad()) return null
  try {
    return (await anonymous.request('get', '/session')).data
  } catch (e) {
    if (e instanceof NotetakerApiError && e.status === 401) return 'ended'
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

/** `ended`: the server stopped knowing the session while the app used it (it expired, or was ended elsewhere). */
type Phase =
  | { readonly kind: 'reading' }
  | { readonly kind: 'failed'; readonly message: string }
  | { readonly kind: 'out'; readonly ended: boolean }
  | { readonly kind: 'in'; readonly session: Session }

export const SESSION_ENDED_WORDS = 'Your session ended; sign in again.'

/**
 * Shows `signedOut` (the sign-in page) until a session exists, then `children` with the session in context.
 * A session that ends under a click brings the sign-in page back with why; the address stays, so signing
 * in again comes back to the same page.
 */
export const SessionGate = (props: { signedOut: (onSignedIn: (s: Session) => void, notice: string | null) => ComponentChildren; children: ComponentChildren }) => {
  const [phase, setPhase] = useState<Phase>({ kind: 'reading' })
  useEffect(() => {
    readSession().then(
      (s) => setPhase(s === null || s === 'ended' ? { kind: 'out', ended: s === 'ended' } : { kind: 'in', session: s }),
      (e: unknown) => setPhase({ kind: 'failed', message: messageOf(e) }),
    )
  }, [])
  const state = useMemo<SessionState | null>(() => {
    if (phase.kind !== 'in') return null
    const session = phase.session
    return {
      session,
      api: apiFor(session.csrfToken, () => setPhase({ kind: 'out', ended: true })),
      canWrite: session.access === 'full',
      signOut: async () => {
        await apiFor(session.csrfToken, () => undefined).request('delete', '/session')
        setPhase({ kind: 'out', ended: false })
      },
      replace: (next: Session) => setPhase({ kind: 'in', session: next }),
    }
  }, [phase])
  if (phase.kind === 'reading') return <p class="loading" role="status">Loading…</p>
  if (phase.kind === 'failed') return <p class="error" role="alert">{phase.message}</p>
  if (state === null) return <>{props.signedOut((s) => setPhase({ kind: 'in', session: s }), phase.kind === 'out' && phase.ended ? SESSION_ENDED_WORDS : null)}</>
  return <Context.Provider value={state}>{props.children}</Context.Provider>
}
