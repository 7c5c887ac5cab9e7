/**
 * Signing in and out of the web app, in Chromium against a real `notetaker serve`:
 * the printed credentials work, a wrong password is refused in words and then
 * rate-limited, a session's writes need its CSRF token, and signing out ends it.
 */
import type { Browser } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { launchBrowser, openPage, type RunningApp, screenshot, seriousViolations, signIn, startApp } from './support.js'

let app: RunningApp
let browser: Browser

test.before(async () => {
  app = await startApp({ NOTETAKER_SIGNIN_ATTEMPTS: '4' })
  browser = await launchBrowser()
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
})

test('the sign-in page is accessible, in light and dark, and a phone can use it', async () => {
  for (const [name, options] of [
    ['sign-in', {}],
    ['sign-in-dark', { colorScheme: 'dark' as const }],
    ['sign-in-phone', { viewport: { width: 390, height: 844 } }],
  ] as const) {
    const { page, context, problems } = await openPage(browser, app, options)
    await page.goto('/')
    await page.getByRole('heading', { name: 'Sign in to Notetaker' }).waitFor()
    assert.equal(await seriousViolations(page), [], name)
    await screenshot(page, name)
    assert.equal(problems, [], name)
    await context.close()
  }
})

test('the printed credentials sign in; the app shows the account and keeps the session over a reload', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recordings' }).waitFor()
  const cookie = (await context.cookies()).find((c) => c.name === 'nt_session')
  assert.ok(cookie !== undefined, 'a session cookie')
  assert.ok(cookie.httpOnly, 'HTTP-only')
  assert.is(cookie.sameSite, 'Lax')
  assert.is(await page.evaluate(() => document.cookie.includes('nt_session')), false, 'scripts cannot read it')
  await page.reload()
  await page.getByRole('button', { name: 'Sign out' }).waitFor()
  assert.equal(problems, [])
  await context.close()
})

test('a state-changing request without the CSRF token is refused, with it it runs', async () => {
  const { page, context } = await openPage(browser, app)
  await signIn(page, app)
  const attempt = (csrf: boolean) =>
    page.evaluate(async (withToken) => {
      const session = (await (await fetch('/ext/v1/session')).json()) as { data: { csrfToken: string } }
      const res = await fetch('/ext/v1/meetings', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(withToken ? { 'x-csrf-token': session.data.csrfToken } : {}) },
        body: JSON.stringify({ title: 'CSRF check', meetingUrl: 'https://meet.google.com/abc-defg-hij', startsAt: new Date(Date.now() + 86_400_000).toISOString() }),
      })
      return { status: res.status, body: (await res.json()) as { error?: { code: string; message: string } } }
    }, csrf)
  const refused = await attempt(false)
  assert.is(refused.status, 403)
  assert.is(refused.body.error?.code, 'FORBIDDEN')
  assert.match(refused.body.error?.message ?? '', /CSRF/)
  const allowed = await attempt(true)
  assert.not.equal(allowed.status, 403, JSON.stringify(allowed.body))
  await context.close()
})

test('a wrong password is refused in words, then sign-in is rate-limited', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await page.goto('/')
  const tryPassword = async (password: string) => {
    await page.getByLabel('Email').fill(app.email)
    await page.getByLabel('Password').fill(password)
    await page.getByRole('button', { name: 'Sign in', exact: true }).click()
    return (await page.getByRole('alert').textContent({ timeout: 10_000 })) ?? ''
  }
  assert.match(await tryPassword('not the password'), /do not match/i)
  let message = ''
  for (let i = 0; i < 6 && !/too many/i.test(message); i++) message = await tryPassword(`wrong ${i}`)
  assert.match(message, /too many/i)
  // Even the right password waits now: the limit counts attempts, not the outcome.
  assert.match(await tryPassword(app.password), /too many/i)
  assert.equal(problems, [])
  await context.close()
})

test('signing out ends the session: the app shows the sign-in page and the old cookie no longer works', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await page.goto('/')
  // The email above is rate-limited; sign in with the printed API key instead.
  await page.getByRole('button', { name: 'Sign in with an API key' }).click()
  await page.getByLabel('API key').fill(app.apiKey)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('button', { name: 'Sign out' }).waitFor()
  const cookie = (await context.cookies()).find((c) => c.name === 'nt_session')
  await page.getByRole('button', { name: 'Sign out' }).click()
  await page.getByRole('heading', { name: 'Sign in to Notetaker' }).waitFor()
  const again = await fetch(`${app.url}/ext/v1/me`, { headers: { cookie: `nt_session=${cookie?.value ?? ''}` } })
  assert.is(again.status, 401)
  assert.equal(problems, [])
  await context.close()
})

test('keyboard: the skip link is the first stop and moves focus to the page', async () => {
  const { page, context } = await openPage(browser, app)
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign in with an API key' }).click()
  await page.getByLabel('API key').fill(app.apiKey)
  await page.keyboard.press('Enter')
  await page.getByRole('button', { name: 'Sign out' }).waitFor()
  await page.keyboard.press('Tab')
  assert.is(await page.evaluate(() => document.activeElement?.textContent), 'Skip to content')
  await page.keyboard.press('Enter')
  assert.is(await page.evaluate(() => document.activeElement?.id), 'main')
  await page.goto('/no/such/page')
  await page.getByRole('heading', { name: 'Page not found' }).waitFor()
  await context.close()
})

test.run()
