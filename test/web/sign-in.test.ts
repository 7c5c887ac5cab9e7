/**
 * Signing in and out of the web app, in Chromium against a real `notetaker serve`:
 * the printed credentials work, a wrong password is refused in words and then
 * rate-limited, a session's writes need its CSRF token, and signing out ends it.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core'
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

/** Signs in with the printed API key: the tests before the rate limit's keep the email's few attempts for it. */
const signInWithKey = async (page: Page) => {
  await page.getByRole('button', { name: 'Sign in with an API key' }).click()
  await page.getByLabel('API key').fill(app.apiKey)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('button', { name: 'Sign out' }).waitFor()
}

/** Ends the browser's session on the server, as expiry does: the browser still holds its cookie. */
const endSessionOnServer = async (context: BrowserContext) => {
  const cookie = `nt_session=${(await context.cookies()).find((c) => c.name === 'nt_session')?.value ?? ''}`
  const csrf = ((await (await fetch(`${app.url}/ext/v1/session`, { headers: { cookie } })).json()) as { data: { csrfToken: string } }).data.csrfToken
  assert.is((await fetch(`${app.url}/ext/v1/session`, { method: 'DELETE', headers: { cookie, 'x-csrf-token': csrf } })).status, 204)
}

test('a signed-out visitor gets the sign-in form without asking for a session, so nothing is refused in the console', async () => {
  const { page, context, problems } = await openPage(browser, app)
  const refused: string[] = []
  page.on('response', (r) => {
    if (r.status() >= 400) refused.push(`${r.request().method()} ${new URL(r.url()).pathname} ${r.status()}`)
  })
  page.on('console', (m) => {
    if (m.type() === 'error') refused.push(m.text())
  })
  await page.goto('/meetings')
  await page.getByRole('heading', { name: 'Sign in to Notetaker' }).waitFor()
  assert.equal(refused, [], 'no 401 for GET /session')
  assert.is(await page.getByText('Your session ended').count(), 0, 'nothing ended: a first visit')
  assert.equal(problems, [])
  await context.close()
})

test('the name in the corner is the first account\'s email, not a role, and a link to Settings → Account', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await page.goto('/')
  await signInWithKey(page)
  const name = page.locator('header .who').getByRole('link', { name: app.email })
  await name.click()
  await page.waitForURL('**/settings/account')
  assert.is(await page.locator('header .who').getByText('Owner', { exact: true }).count(), 0)
  assert.equal(problems, [])
  await context.close()
})

test('a session that ends under a click brings back the sign-in form with why; signing in again comes back to the same page', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await page.goto('/meetings')
  await signInWithKey(page)
  await page.getByRole('button', { name: 'Next week' }).click()
  await page.waitForURL(/\/meetings\?week=/)
  const address = page.url()
  await endSessionOnServer(context)

  await page.getByRole('button', { name: 'Add a meeting' }).click()
  await page.getByLabel('Meeting link').fill('https://meet.google.com/abc-defg-hij')
  await page.getByLabel('Title').fill('Planning')
  await page.getByRole('button', { name: 'Add the meeting' }).click()
  await page.getByRole('heading', { name: 'Sign in to Notetaker' }).waitFor()
  assert.is(await page.getByRole('status').textContent(), 'Your session ended; sign in again.')
  assert.is(page.url(), address, 'the address stays')
  await signInWithKey(page)
  assert.is(page.url(), address)
  await page.getByRole('heading', { name: 'Meetings', level: 1 }).waitFor()
  assert.is(await page.getByText('Your session ended').count(), 0)

  // Ended while the app was closed: opening it with the old cookie says so too.
  await endSessionOnServer(context)
  await page.reload()
  await page.getByRole('heading', { name: 'Sign in to Notetaker' }).waitFor()
  assert.is(await page.getByRole('status').textContent(), 'Your session ended; sign in again.')
  assert.equal(problems, [])
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
