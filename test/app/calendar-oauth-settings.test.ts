/** The Google and Microsoft settings: defaults, the redirect address made from the public one, half a provider refused in words that never repeat a secret. */
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../src/app/config/index.js'
import { oauthApp, OAUTH_PROVIDER_SETTINGS } from '../../src/app/config/oauth-providers.js'

const loaded = (env: Record<string, string>) => {
  const c = loadConfig(env)
  if (E.isLeft(c)) throw new Error(c.left.join('\n'))
  return c.right
}

const problems = (env: Record<string, string>): string => {
  const c = loadConfig(env)
  return E.isLeft(c) ? c.left.join('\n') : ''
}

test("defaults: the providers' real addresses, tenant common, no provider set up", () => {
  const c = loaded({})
  assert.equal(
    [c.NOTETAKER_GOOGLE_AUTHORIZE_URL, c.NOTETAKER_GOOGLE_TOKEN_URL, c.NOTETAKER_GOOGLE_USERINFO_URL, c.NOTETAKER_GOOGLE_API_BASE_URL],
    ['https://accounts.google.com/o/oauth2/v2/auth', 'https://oauth2.googleapis.com/token', 'https://openidconnect.googleapis.com/v1/userinfo', 'https://www.googleapis.com/calendar/v3'],
  )
  assert.equal([c.NOTETAKER_MICROSOFT_LOGIN_BASE_URL, c.NOTETAKER_MICROSOFT_GRAPH_BASE_URL, c.NOTETAKER_MICROSOFT_TENANT], ['https://login.microsoftonline.com', 'https://graph.microsoft.com/v1.0', 'common'])
  assert.is(c.NOTETAKER_CALENDAR_CA_FILE, '')
  assert.is(oauthApp(c, 'google'), null)
  assert.is(oauthApp(c, 'microsoft'), null)
})

test('a provider is set up by its client id, secret and a redirect address, given or made from the public address', () => {
  const c = loaded({
    NOTETAKER_PUBLIC_URL: 'https://notes.example.com/',
    NOTETAKER_GOOGLE_CLIENT_ID: 'g-id',
    NOTETAKER_GOOGLE_CLIENT_SECRET: 'g-secret',
    NOTETAKER_MICROSOFT_CLIENT_ID: 'm-id',
    NOTETAKER_MICROSOFT_CLIENT_SECRET: 'm-secret',
    NOTETAKER_MICROSOFT_REDIRECT_URL: 'https://login-back.example.com/ms',
  })
  assert.equal(oauthApp(c, 'google'), { clientId: 'g-id', clientSecret: 'g-secret', redirectUrl: 'https://notes.example.com/ext/v1/calendar/oauth/google/callback' })
  assert.equal(oauthApp(c, 'microsoft'), { clientId: 'm-id', clientSecret: 'm-secret', redirectUrl: 'https://login-back.example.com/ms' })
  assert.equal(OAUTH_PROVIDER_SETTINGS.google, ['NOTETAKER_GOOGLE_CLIENT_ID', 'NOTETAKER_GOOGLE_CLIENT_SECRET', 'NOTETAKER_GOOGLE_REDIRECT_URL'])
})

test('half a provider stops the start in words, and the secret is never repeated', () => {
  const noSecret = problems({ NOTETAKER_GOOGLE_CLIENT_ID: 'g-id', NOTETAKER_PUBLIC_URL: 'https://notes.example.com' })
  assert.match(noSecret, /^NOTETAKER_GOOGLE_CLIENT_ID needs NOTETAKER_GOOGLE_CLIENT_SECRET, the Google app's client secret \(or set neither: Google calendars then cannot be connected\)$/)
  const noId = problems({ NOTETAKER_MICROSOFT_CLIENT_SECRET: 'hunter2-secret', NOTETAKER_PUBLIC_URL: 'https://notes.example.com' })
  assert.match(noId, /^NOTETAKER_MICROSOFT_CLIENT_SECRET needs NOTETAKER_MICROSOFT_CLIENT_ID, the Microsoft app's client id/)
  assert.not.match(noId, /hunter2/)
  const nowhere = problems({ NOTETAKER_GOOGLE_CLIENT_ID: 'g-id', NOTETAKER_GOOGLE_CLIENT_SECRET: 'hunter2-secret' })
  assert.match(nowhere, /NOTETAKER_GOOGLE_CLIENT_ID needs NOTETAKER_GOOGLE_REDIRECT_URL, the callback address registered with the Google app, or NOTETAKER_PUBLIC_URL/)
  assert.not.match(nowhere, /hunter2/)
  assert.is(problems({ NOTETAKER_GOOGLE_REDIRECT_URL: 'https://notes.example.com/cb' }), '', 'a redirect address alone sets up nothing, and is no error')
})

test('addresses and the tenant are checked; a refused address never repeats a password', () => {
  assert.match(problems({ NOTETAKER_GOOGLE_TOKEN_URL: 'oauth2.googleapis.com/token' }), /NOTETAKER_GOOGLE_TOKEN_URL="oauth2.googleapis.com\/token" must be an absolute https address/)
  assert.match(problems({ NOTETAKER_MICROSOFT_GRAPH_BASE_URL: 'ftp://graph.example.com' }), /must start with https:\/\//)
  assert.match(problems({ NOTETAKER_GOOGLE_REDIRECT_URL: 'https://notes.example.com/cb?x=1' }), /without a query/)
  const withPassword = problems({ NOTETAKER_MICROSOFT_LOGIN_BASE_URL: 'https://user:hunter2@login.example.com' })
  assert.match(withPassword, /NOTETAKER_MICROSOFT_LOGIN_BASE_URL=\(hidden\) must be a plain address/)
  assert.not.match(withPassword, /hunter2/)
  assert.match(problems({ NOTETAKER_MICROSOFT_TENANT: 'contoso/../x' }), /NOTETAKER_MICROSOFT_TENANT="contoso\/..\/x" must be common, organizations, consumers/)
  assert.is(loaded({ NOTETAKER_MICROSOFT_TENANT: '72f988bf-86f1-41af-91ab-2d7cd011db47' }).NOTETAKER_MICROSOFT_TENANT, '72f988bf-86f1-41af-91ab-2d7cd011db47')
})

test.run()
