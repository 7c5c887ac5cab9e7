/**
 * Signing in to the harness as the web app does: a password set by the
 * operator (`setPassword`), `POST /session` (`signIn`), then requests with the
 * cookie and the CSRF header (`asSession`).
 */
import * as assert from 'uvu/assert'
import type { Harness, TestResponse } from './http.js'
import { right } from './run.js'

export interface BrowserSession {
  /** `nt_session=<token>`, as the browser sends it back. */
  readonly cookie: string
  readonly csrfToken: string
  /** The Set-Cookie header the sign-in answered. */
  readonly setCookie: string
  /** The Session object (`data`). */
  readonly session: any
}

export const PASSWORD = 'correct horse battery staple'

/** Sets an account's password (by id or email), as `notetaker accounts set-password` does. */
export const setPassword = (h: Harness, account: string, password = PASSWORD) => right(h.core.identity.setPassword(account, password))

/** `POST /session` with any body; the raw answer. */
export const postSession = (h: Harness, body: unknown, headers: Record<string, string> = {}): Promise<TestResponse> =>
  h.request('POST', '/session', { key: null, body, headers })

/** Signs in (with `{ email, password }` or `{ apiKey }`) and expects it to work. */
export const signIn = async (h: Harness, body: { email: string; password: string } | { apiKey: string }): Promise<BrowserSession> => {
  const res = await postSession(h, body)
  assert.is(res.status, 201, JSON.stringify(res.body))
  const setCookie = res.headers.get('set-cookie') ?? ''
  const token = /^nt_session=([^;]+);/.exec(setCookie)?.[1]
  assert.ok(token !== undefined, setCookie)
  return { cookie: `nt_session=${token}`, csrfToken: res.body.data.csrfToken, setCookie, session: res.body.data }
}

/** Request options that send the session's cookie (and its CSRF token unless `csrf` says otherwise), and no key. */
export const asSession = (s: BrowserSession, options: { body?: unknown; csrf?: string | null; headers?: Record<string, string> } = {}) => {
  const csrf = options.csrf === undefined ? s.csrfToken : options.csrf
  return {
    key: null,
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: { cookie: s.cookie, ...(csrf === null ? {} : { 'x-csrf-token': csrf }), ...options.headers },
  }
}
