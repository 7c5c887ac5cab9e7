/** The Google adapter's OAuth side against the stand-in: consent with PKCE, code exchange, refresh, a revoked grant, the account and its calendars. */
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { GOOGLE_AUTHORIZE_URL } from '../../../../adapters/outbound/calendar-google/index.js'
import { connect, consent, type Harness, REDIRECT, start } from './harness.js'

const ctx = { h: undefined as unknown as Harness }
test.before.each(async () => {
  ctx.h = await start()
})
test.after.each(async () => {
  await ctx.h.close()
})

test('the authorization URL asks for read-only calendar access offline, with state and an S256 challenge', () => {
  const url = new URL(ctx.h.google.oauth.authorizationUrl({ state: 'st', codeChallenge: 'ch' }))
  const q = Object.fromEntries(url.searchParams)
  assert.equal(q, {
    client_id: ctx.h.g.clientId,
    redirect_uri: REDIRECT,
    response_type: 'code',
    scope: 'openid email https://www.googleapis.com/auth/calendar.readonly',
    access_type: 'offline',
    prompt: 'consent',
    state: 'st',
    code_challenge: 'ch',
    code_challenge_method: 'S256',
  })
  assert.is(GOOGLE_AUTHORIZE_URL, 'https://accounts.google.com/o/oauth2/v2/auth')
})

test('consent round trip: the redirect carries the state and a code; the code and verifier give a grant with a refresh token', async () => {
  const h = ctx.h
  const { verifier, challenge } = h.google.oauth.newPkce()
  const back = await consent(h, 'state-42', challenge)
  assert.is(back.origin + back.pathname, REDIRECT)
  assert.is(back.searchParams.get('state'), 'state-42')
  assert.equal(h.g.authorizations.at(-1)?.scopes, ['openid', 'email', 'https://www.googleapis.com/auth/calendar.readonly'])

  const wrong = await h.google.oauth.exchangeCode(back.searchParams.get('code') ?? '', h.google.oauth.newPkce().verifier)()
  assert.ok(E.isLeft(wrong) && !wrong.left.retryable && wrong.left.reauthorize !== true)

  const back2 = await consent(h, 'state-43', challenge)
  const before = Date.now()
  const grant = await h.google.oauth.exchangeCode(back2.searchParams.get('code') ?? '', verifier)()
  if (E.isLeft(grant)) return assert.unreachable(grant.left.message)
  assert.ok(grant.right.refreshToken.length > 0 && grant.right.accessToken.length > 0)
  const expires = Date.parse(grant.right.accessExpiresAt)
  assert.ok(expires >= before + 3_590_000 && expires <= Date.now() + 3_600_000)
  assert.ok(grant.right.scopes.includes('https://www.googleapis.com/auth/calendar.readonly'))
  const token = h.g.requests.find((r) => r.path === '/token' && r.status === 200)
  assert.is(token?.body?.grant_type, 'authorization_code')
  assert.is(token?.body?.redirect_uri, REDIRECT)
})

test('refresh: a new access token, the refresh token kept; once revoked, the account must reconnect', async () => {
  const h = ctx.h
  const grant = await connect(h)
  h.g.expireAccessTokens()
  assert.ok(E.isLeft(await h.google.oauth.accountEmail(grant.accessToken)()))
  const fresh = await h.google.oauth.refresh(grant)()
  if (E.isLeft(fresh)) return assert.unreachable(fresh.left.message)
  assert.is.not(fresh.right.accessToken, grant.accessToken)
  assert.is(fresh.right.refreshToken, grant.refreshToken)
  assert.equal(await h.google.oauth.accountEmail(fresh.right.accessToken)(), E.right('ada@example.com'))

  h.g.revokeGrant()
  const refused = await h.google.oauth.refresh(fresh.right)()
  if (E.isRight(refused)) return assert.unreachable('a revoked grant was refreshed')
  assert.is(refused.left.reauthorize, true)
  assert.is(refused.left.retryable, false)
  assert.match(refused.left.message, 'reconnect')
  assert.not.match(refused.left.message, grant.refreshToken)
})

test('a 401 on an API call is retryable (the token is refreshed next time), not a reconnect', async () => {
  const h = ctx.h
  const grant = await connect(h)
  h.g.expireAccessTokens()
  const failed = await h.google.oauth.calendars(grant.accessToken)()
  if (E.isRight(failed)) return assert.unreachable('an expired token was accepted')
  assert.is(failed.left.retryable, true)
  assert.is(failed.left.reauthorize, undefined)
  assert.not.match(failed.left.message, grant.accessToken)
})

test('account email and calendars, the primary one first and marked', async () => {
  const h = ctx.h
  const grant = await connect(h)
  h.g.setCalendars([
    { id: 'team@group.calendar.google.com', summary: 'Team' },
    { id: 'ada@example.com', summary: 'Ada Lovelace', primary: true },
  ])
  assert.equal(await h.google.oauth.accountEmail(grant.accessToken)(), E.right('ada@example.com'))
  assert.equal(
    await h.google.oauth.calendars(grant.accessToken)(),
    E.right([
      { id: 'ada@example.com', name: 'Ada Lovelace', primary: true },
      { id: 'team@group.calendar.google.com', name: 'Team', primary: false },
    ]),
  )
})

test.run()
