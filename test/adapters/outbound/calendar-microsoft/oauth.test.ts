/** Microsoft adapter, OAuth: consent with PKCE, refresh with rotation, revoked grants, the account and its calendars, the token endpoint failing. */
import * as assert from 'uvu/assert'
import { connect, failureOf, microsoftSuite, unwrap } from './harness.js'

const s = microsoftSuite('Microsoft adapter, OAuth')

s('the consent round trip asks read-only scopes with PKCE and trades the code for a grant', async (ctx) => {
  const url = new URL(ctx.adapter.oauth.authorizationUrl({ state: 'st', codeChallenge: 'challenge' }))
  assert.is(url.pathname, '/common/oauth2/v2.0/authorize')
  assert.is(url.searchParams.get('scope'), 'offline_access User.Read Calendars.Read')
  assert.is(url.searchParams.get('code_challenge_method'), 'S256')
  assert.is(url.searchParams.get('response_type'), 'code')
  const grant = await connect(ctx)
  assert.ok(grant.accessToken.length > 0 && grant.refreshToken.length > 0)
  assert.ok(Date.parse(grant.accessExpiresAt) > Date.now())
  assert.ok(grant.scopes.some((x) => x.endsWith('Calendars.Read')), grant.scopes.join(' '))
  const call = ctx.ms.tokenRequests.at(-1)
  assert.is(call?.grantType, 'authorization_code')
  assert.ok(call?.codeVerifierSent)
  assert.is(call?.outcome, 'issued')
})

s('refresh keeps the rotated refresh token and gives a working access token', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.expireAccessTokens()
  const expired = await failureOf(ctx.adapter.oauth.accountEmail(grant.accessToken))
  assert.ok(expired.retryable, '401 on an API call: retryable, the core refreshes next time')
  assert.not.ok(expired.reauthorize)
  const fresh = await unwrap(ctx.adapter.oauth.refresh(grant))
  assert.is.not(fresh.refreshToken, grant.refreshToken)
  assert.is.not(fresh.accessToken, grant.accessToken)
  assert.is(await unwrap(ctx.adapter.oauth.accountEmail(fresh.accessToken)), 'adele@contoso.example')
})

s('a revoked grant asks the account to reconnect, in words without a token', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.revokeGrant()
  const failure = await failureOf(ctx.adapter.oauth.refresh(grant))
  assert.ok(failure.reauthorize)
  assert.not.ok(failure.retryable)
  assert.match(failure.message, /AADSTS50173/)
  assert.match(failure.message, /Reconnect/)
  assert.not.ok(failure.message.includes(grant.refreshToken))
})

s('accountEmail reads mail, else userPrincipalName; calendars mark the default one primary', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.setCalendars([
    { id: 'AAMkCal0001', name: 'Calendar', isDefaultCalendar: true },
    { id: 'AAMkCal0002', name: 'Team', isDefaultCalendar: false },
  ])
  assert.equal(await unwrap(ctx.adapter.oauth.calendars(grant.accessToken)), [
    { id: 'AAMkCal0001', name: 'Calendar', primary: true },
    { id: 'AAMkCal0002', name: 'Team', primary: false },
  ])
  ctx.ms.setUser({ mail: null, userPrincipalName: 'Adele.Vance@Contoso.onmicrosoft.com' })
  assert.is(await unwrap(ctx.adapter.oauth.accountEmail(grant.accessToken)), 'adele.vance@contoso.onmicrosoft.com')
})

s('the token endpoint: a transient failure is retried; a used code and an expired grant are told apart', async (ctx) => {
  const grant = await connect(ctx)
  ctx.ms.failNext(503, { on: 'token' })
  await unwrap(ctx.adapter.oauth.refresh(grant))
  assert.is(ctx.sleeps.length, 1)
  const used = await failureOf(ctx.adapter.oauth.exchangeCode('not-a-code', 'v'.repeat(43)))
  assert.not.ok(used.reauthorize)
  assert.not.ok(used.retryable)
  assert.match(used.message, /Connect the calendar again/)
  ctx.ms.revokeGrant({ reason: 'inactivity' })
  const inactive = await failureOf(ctx.adapter.oauth.refresh(grant))
  assert.ok(inactive.reauthorize)
  assert.match(inactive.message, /AADSTS700082/)
})

s.run()
