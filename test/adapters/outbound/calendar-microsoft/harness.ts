/** What the Microsoft adapter's tests share: the stand-in over HTTPS on loopback, the adapter wired to it, the consent round trip, a notification receiver. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type MicrosoftCalendar, createMicrosoftCalendar, microsoftValidationRequest } from '../../../../adapters/outbound/calendar-microsoft/index.js'
import { safeFetch } from '../../../../adapters/outbound/net/safe-fetch.js'
import type { OAuthGrant } from '../../../../src/core/ports/calendar-oauth.js'
import type { CalendarPage, OAuthCalendarSource } from '../../../../src/core/ports/calendar-provider.js'
import { type MicrosoftStandin, startMicrosoftStandin } from '../../../support/calendar-standins/microsoft.js'
import { loopbackCertificate } from '../../../support/model-mirror.js'

export const REDIRECT = 'http://127.0.0.1:9/oauth/microsoft/callback'
export const WINDOW = { from: '2026-12-01T00:00:00.000Z', to: '2026-12-31T00:00:00.000Z' }
export const TEAMS = 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_weekly'
export const ZOOM = 'https://acme.zoom.us/j/1234567890'

export interface Receiver {
  readonly url: string
  readonly bodies: string[]
  close(): Promise<void>
}

export interface Ctx {
  dir: string
  tls: { key: string; cert: string }
  ca: Buffer
  ms: MicrosoftStandin
  sleeps: number[]
  timeoutMs: number
  adapter: MicrosoftCalendar
}


export const unwrap = async <A>(task: () => Promise<E.Either<unknown, A>>): Promise<A> => {
  const result = await task()
  if (E.isLeft(result)) throw new Error(`expected success, got ${JSON.stringify(result.left)}`)
  return result.right
}

export const failureOf = async <A>(task: () => Promise<E.Either<{ message: string; retryable: boolean; reauthorize?: boolean; retryAfterSeconds?: number }, A>>) => {
  const result = await task()
  if (E.isRight(result)) throw new Error('expected a failure')
  return result.left
}

/** The consent round trip with the adapter's own PKCE pair: the authorization URL, the stand-in's redirect (followed by hand), the code for a grant. */
export const connect = async (ctx: Ctx): Promise<OAuthGrant> => {
  const { verifier, challenge: codeChallenge } = ctx.adapter.oauth.newPkce()
  const url = ctx.adapter.oauth.authorizationUrl({ state: 'state-123', codeChallenge })
  const answer = await unwrap(safeFetch(url, { allowPrivate: true, timeoutMs: 2000, maxBytes: 100_000, ca: ctx.ca }))
  assert.is(answer.status, 302)
  const back = new URL(answer.headers['location'] ?? '')
  assert.is(`${back.origin}${back.pathname}`, REDIRECT)
  assert.is(back.searchParams.get('state'), 'state-123')
  return unwrap(ctx.adapter.oauth.exchangeCode(back.searchParams.get('code') ?? '', verifier))
}

export const source = (ctx: Ctx, grant: OAuthGrant): OAuthCalendarSource => ({
  kind: 'microsoft',
  calendarId: ctx.ms.defaultCalendarId(),
  ownerEmail: 'adele@contoso.example',
  accessToken: grant.accessToken,
})

export const sync = (ctx: Ctx, grant: OAuthGrant, cursor: string | null): Promise<CalendarPage> => unwrap(ctx.adapter.provider.fetchEvents(source(ctx, grant), WINDOW, cursor))

export const startReceiver = async (): Promise<Receiver> => {
  const bodies: string[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver')
    const validation = microsoftValidationRequest(Object.fromEntries(url.searchParams))
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      if (validation !== null) return void res.writeHead(200, { 'content-type': 'text/plain' }).end(validation.echo)
      bodies.push(Buffer.concat(chunks).toString('utf8'))
      res.writeHead(202).end()
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/push/microsoft`,
    bodies,
    close: () => new Promise((ok) => server.close(() => ok())),
  }
}

/** A suite with a fresh stand-in and adapter for every test (one certificate for the file). */
export const microsoftSuite = (name: string) => {
  const s = suite<Ctx>(name, {} as Ctx)
  s.before((ctx) => {
    ctx.dir = mkdtempSync(join(tmpdir(), 'mscal-'))
    ctx.tls = loopbackCertificate(ctx.dir)
    ctx.ca = readFileSync(ctx.tls.cert)
  })

  s.after((ctx) => rmSync(ctx.dir, { recursive: true, force: true }))

  s.before.each(async (ctx) => {
    ctx.ms = await startMicrosoftStandin({ tls: ctx.tls, consent: 'allow', redirectUris: [REDIRECT] })
    ctx.sleeps = []
    ctx.timeoutMs = 3000
    ctx.adapter = createMicrosoftCalendar({
      clientId: ctx.ms.clientId,
      clientSecret: ctx.ms.clientSecret,
      redirectUrl: REDIRECT,
      loginBaseUrl: ctx.ms.loginBaseUrl,
      graphBaseUrl: ctx.ms.graphBaseUrl,
      fetch: (url, request) => safeFetch(url, { allowPrivate: true, timeoutMs: ctx.timeoutMs, maxBytes: 5_000_000, ca: ctx.ca, ...request }),
      clock: () => new Date(),
      random: () => 0.5,
      sleep: async (ms) => void ctx.sleeps.push(ms),
      pageSize: 3,
    })
  })

  s.after.each((ctx) => ctx.ms.close())
  return s
}
