/**
 * The calendar ports the configuration sets up: Google and Microsoft when their apps are set,
 * wired to reach the providers' addresses (here the local stand-ins, trusted through
 * NOTETAKER_CALENDAR_CA_FILE); the push address; nothing of them without the settings.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { safeFetch } from '../../adapters/outbound/net/index.js'
import { loadConfig } from '../../src/app/config/index.js'
import { calendarPortsFor } from '../../src/app/composition/calendar-ports.js'
import type { CalendarOAuth } from '../../src/core/ports/calendar-oauth.js'
import { type GoogleStandin, startGoogleStandin } from '../support/calendar-standins/google.js'
import { type MicrosoftStandin, startMicrosoftStandin } from '../support/calendar-standins/microsoft.js'
import { standinSettings } from '../support/calendar-standins/settings.js'
import { loopbackCertificate } from '../support/model-mirror.js'

const PUBLIC = 'https://notes.example.com'
const CALLBACK = { google: `${PUBLIC}/ext/v1/calendar/oauth/google/callback`, microsoft: `${PUBLIC}/ext/v1/calendar/oauth/microsoft/callback` }

interface Ctx {
  dir: string
  caFile: string
  caPem: string
  g: GoogleStandin
  ms: MicrosoftStandin
}

const s = suite<Ctx>('calendar ports from the configuration', {} as Ctx)
s.before(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'calendar-ports-'))
  const tls = loopbackCertificate(ctx.dir)
  ctx.caFile = tls.cert
  ctx.g = await startGoogleStandin({ tls, consent: 'allow', redirectUris: [CALLBACK.google], user: { email: 'ada@example.com' } })
  ctx.ms = await startMicrosoftStandin({ tls, consent: 'allow', redirectUris: [CALLBACK.microsoft] })
  ctx.caPem = ctx.g.certificate.pem
})
s.after(async (ctx) => {
  await ctx.g.close()
  await ctx.ms.close()
  rmSync(ctx.dir, { recursive: true, force: true })
})

/** Every setting that sets up both providers against the stand-ins. */
const env = (ctx: Ctx): Record<string, string> => standinSettings(ctx.g, ctx.ms, { caFile: ctx.caFile, publicUrl: PUBLIC })

const config = (vars: Record<string, string>) => {
  const c = loadConfig(vars)
  if (E.isLeft(c)) throw new Error(c.left.join('\n'))
  return c.right
}

/** Consent (the stand-in redirects at once) and the code exchange with the port's own PKCE pair; the account's email, or the failure's words. */
const connectThrough = async (oauth: CalendarOAuth, ca: string): Promise<string> => {
  const { verifier, challenge } = oauth.newPkce()
  const consent = await safeFetch(oauth.authorizationUrl({ state: 'state-1', codeChallenge: challenge }), { allowPrivate: true, ca, timeoutMs: 3000, maxBytes: 100_000 })()
  if (E.isLeft(consent)) throw new Error(consent.left.message)
  const back = new URL(consent.right.headers.location ?? '')
  assert.is(`${back.origin}${back.pathname}`, CALLBACK[oauth.provider], 'the redirect address made from NOTETAKER_PUBLIC_URL')
  const grant = await oauth.exchangeCode(back.searchParams.get('code') ?? '', verifier)()
  if (E.isLeft(grant)) return `failed: ${grant.left.message}`
  const email = await oauth.accountEmail(grant.right.accessToken)()
  return E.isLeft(email) ? `failed: ${email.left.message}` : email.right
}

s('with the settings: Google and Microsoft beside the feeds, reaching the providers through the extra CA; the push address', async (ctx) => {
  const ports = calendarPortsFor(config(env(ctx)))
  assert.equal(ports.calendars.map((p) => p.kind), ['ics', 'google', 'microsoft'])
  assert.equal(ports.calendarOAuth.map((o) => o.provider), ['google', 'microsoft'])
  assert.equal(ports.calendarOAuthSettings.microsoft, ['NOTETAKER_MICROSOFT_CLIENT_ID', 'NOTETAKER_MICROSOFT_CLIENT_SECRET', 'NOTETAKER_MICROSOFT_REDIRECT_URL'])
  assert.is(ports.calendarPushAddress('google'), 'https://notes.example.com/ext/v1/calendar/push/google')
  assert.is(ports.calendarPushAddress('microsoft'), 'https://notes.example.com/ext/v1/calendar/push/microsoft')
  const [google, microsoft] = ports.calendarOAuth
  assert.is(await connectThrough(google!, ctx.caPem), 'ada@example.com')
  assert.match(await connectThrough(microsoft!, ctx.caPem), /@/)
  assert.ok(typeof microsoft!.renewWatch === 'function', "Graph's subscriptions are renewed in place")
})

s('the extra CA is what lets the calls through: without it the stand-in is not trusted, and private addresses need NOTETAKER_ALLOW_PRIVATE_URLS', async (ctx) => {
  const { NOTETAKER_CALENDAR_CA_FILE: _ca, ...withoutCa } = env(ctx)
  const untrusted = calendarPortsFor(config(withoutCa)).calendarOAuth[0]!
  assert.match(await connectThrough(untrusted, ctx.caPem), /^failed: Could not reach Google: the TLS certificate of the server is not valid/)
  const guarded = calendarPortsFor(config({ ...env(ctx), NOTETAKER_ALLOW_PRIVATE_URLS: 'false' })).calendarOAuth[1]!
  assert.match(await connectThrough(guarded, ctx.caPem), /^failed: .*loopback address, which is refused .*NOTETAKER_ALLOW_PRIVATE_URLS=true/)
})

s('without the settings: the feeds alone, no OAuth side, and no push address without NOTETAKER_PUBLIC_URL', () => {
  const ports = calendarPortsFor(config({}))
  assert.equal(ports.calendars.map((p) => p.kind), ['ics'])
  assert.equal(ports.calendarOAuth, [])
  assert.is(ports.calendarPushAddress('google'), null)
  assert.equal(ports.calendarOAuthSettings.google, ['NOTETAKER_GOOGLE_CLIENT_ID', 'NOTETAKER_GOOGLE_CLIENT_SECRET', 'NOTETAKER_GOOGLE_REDIRECT_URL'], 'named for the answer that says Google is not set up')
})

s('half a provider, or a CA file that cannot be read, refuses to start in words', (ctx) => {
  const { NOTETAKER_MICROSOFT_CLIENT_SECRET: _secret, ...half } = env(ctx)
  const refused = loadConfig(half)
  assert.ok(E.isLeft(refused))
  if (E.isLeft(refused)) assert.equal(refused.left, ["NOTETAKER_MICROSOFT_CLIENT_ID needs NOTETAKER_MICROSOFT_CLIENT_SECRET, the Microsoft app's client secret (or set neither: Microsoft calendars then cannot be connected)"])
  const missing = join(ctx.dir, 'no-such-ca.pem')
  assert.throws(() => calendarPortsFor(config({ ...env(ctx), NOTETAKER_CALENDAR_CA_FILE: missing })), (e: Error) => e.message === `NOTETAKER_CALENDAR_CA_FILE=${missing} cannot be used: there is no such file.`)
  const notPem = join(ctx.dir, 'not-a-certificate.txt')
  writeFileSync(notPem, 'hello')
  assert.throws(() => calendarPortsFor(config({ ...env(ctx), NOTETAKER_CALENDAR_CA_FILE: notPem })), /cannot be used: it holds no PEM certificate/)
})

s.run()
