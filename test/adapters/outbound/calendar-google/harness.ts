/** The Google adapter wired to the Google stand-in, as the composition root would wire it to Google: safeFetch with the stand-in's certificate. */
import { createGoogleCalendar, type GoogleCalendarDeps } from '../../../../adapters/outbound/calendar-google/index.js'
import { safeFetch } from '../../../../adapters/outbound/net/safe-fetch.js'
import type { OAuthGrant } from '../../../../src/core/ports/calendar-oauth.js'
import { type GoogleStandin, startGoogleStandin } from '../../../support/calendar-standins/google.js'

export const REDIRECT = 'http://127.0.0.1:9/oauth/google/callback'

export interface Harness {
  readonly g: GoogleStandin
  readonly google: ReturnType<typeof createGoogleCalendar>
  /** Every wait the adapter asked for, in ms. */
  readonly slept: number[]
  readonly close: () => Promise<void>
}

export const start = async (overrides: Partial<GoogleCalendarDeps> = {}): Promise<Harness> => {
  const g = await startGoogleStandin({ user: { email: 'ada@example.com' }, consent: 'allow' })
  const slept: number[] = []
  const google = createGoogleCalendar({
    clientId: g.clientId,
    clientSecret: g.clientSecret,
    redirectUrl: REDIRECT,
    authorizeUrl: g.authorizeUrl,
    tokenUrl: g.tokenUrl,
    userinfoUrl: g.userinfoUrl,
    apiBaseUrl: g.apiBaseUrl,
    fetch: (url, o) => safeFetch(url, { ...o, allowPrivate: true, ca: g.certificate.pem }),
    clock: () => new Date(),
    random: () => 0.5,
    sleep: async (ms) => {
      slept.push(ms)
    },
    timeoutMs: 3000,
    ...overrides,
  })
  return { g, google, slept, close: () => g.close() }
}


/** The account consents (the stand-in redirects at once); answers where the browser was sent back to. */
export const consent = async (h: Harness, state: string, challenge: string): Promise<URL> => {
  const res = await safeFetch(h.google.oauth.authorizationUrl({ state, codeChallenge: challenge }), { allowPrivate: true, ca: h.g.certificate.pem, timeoutMs: 3000, maxBytes: 100_000 })()
  if (res._tag === 'Left') throw new Error(res.left.message)
  const location = res.right.headers.location
  if (res.right.status !== 302 || location === undefined) throw new Error(`no redirect: ${res.right.status} ${res.right.body.toString('utf8').slice(0, 300)}`)
  return new URL(location)
}

/** Consent and code exchange with the adapter's own PKCE pair (the stand-in checks it): a grant, or the test fails. */
export const connect = async (h: Harness): Promise<OAuthGrant> => {
  const { verifier, challenge } = h.google.oauth.newPkce()
  const back = await consent(h, 'state-1', challenge)
  const grant = await h.google.oauth.exchangeCode(back.searchParams.get('code') ?? '', verifier)()
  if (grant._tag === 'Left') throw new Error(grant.left.message)
  return grant.right
}

export const at = (day: string, hhmm = '10:00') => ({ dateTime: `${day}T${hhmm}:00Z` })
