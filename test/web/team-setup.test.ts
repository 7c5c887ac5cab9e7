/**
 * A small team set up in the browser only, against a real `notetaker serve`: the
 * owner (the first start's account, a server administrator) creates the
 * organization and invites a colleague; with no mail set up, the owner copies the
 * link, and a second browser opens it, sets a name and a password and lands signed
 * in as a member. The owner shares a recording with someone who has no account,
 * who opens its link, sets a password and reads it. The member changes their name
 * and password. At desktop width and at 390×844, with no console error.
 */
import type { Browser, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { launchBrowser, openPage, type RunningApp, screenshot, seriousViolations, signIn, startApp } from './support.js'

let app: RunningApp
let browser: Browser

const VTT = `WEBVTT

00:00:00.000 --> 00:00:05.000
<v Ana>Good morning, this is the standup for the mobile release.

00:00:05.500 --> 00:00:11.000
<v Ben>I'll send the patched build to the testers by Friday.
`

const api = async <A>(path: string, init: RequestInit = {}): Promise<{ status: number; data: A }> => {
  const res = await fetch(`${app.url}/ext/v1${path}`, { ...init, headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json', ...init.headers } })
  return { status: res.status, data: ((await res.json()) as { data: A }).data }
}

/** The owner's recording, uploaded through the API and processed. */
const recording = async (title: string): Promise<string> => {
  const created = await api<{ id: string; runId: string }>('/uploads', { method: 'POST', body: JSON.stringify({ filename: 'standup.vtt', byteSize: Buffer.byteLength(VTT), title }) })
  assert.is(created.status, 201)
  await fetch(`${app.url}/ext/v1/uploads/${created.data.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${app.apiKey}` }, body: VTT })
  for (let i = 0; i < 100; i++) {
    if ((await api<{ stage: string }>(`/uploads/${created.data.id}`)).data.stage === 'ready') return created.data.runId
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error('the recording was not ready in time')
}

const linkShown = async (page: Page): Promise<string> => {
  const link = (await page.getByTestId('pass-on-link').textContent()) ?? ''
  assert.match(link, new RegExp(`^${app.url}/join#token=`))
  return link
}

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const

test.before(async () => {
  app = await startApp()
  browser = await launchBrowser()
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
})

for (const [n, { name, viewport }] of VIEWPORTS.entries()) {
  test(`${name}: the owner creates the organization and invites a colleague, who joins with the link`, async () => {
    const owner = await openPage(browser, app, { viewport })
    await signIn(owner.page, app)
    await owner.page.goto('/settings/organization')
    if (n === 0) {
      await owner.page.getByRole('heading', { name: 'Create an organization' }).waitFor()
      assert.equal(await seriousViolations(owner.page), [], 'create')
      await owner.page.getByLabel('Name').fill('Acme')
      await owner.page.getByRole('button', { name: 'Create the organization' }).click()
    }
    await owner.page.getByRole('heading', { name: 'Acme', level: 2 }).waitFor()
    await owner.page.getByLabel('Email').fill(`colleague-${name}@example.com`)
    await owner.page.getByRole('button', { name: 'Create the invite' }).click()
    const link = await linkShown(owner.page)
    await owner.page.getByText(`colleague-${name}@example.com`).first().waitFor()
    assert.equal(await seriousViolations(owner.page), [], 'invite link')
    await screenshot(owner.page, `team-invite-${name}`)

    const colleague = await openPage(browser, app, { viewport })
    await colleague.page.goto(link)
    await colleague.page.getByText(/invited you to join Acme on Notetaker as a member/).waitFor()
    assert.equal(await seriousViolations(colleague.page), [], 'join')
    await screenshot(colleague.page, `team-join-${name}`)
    await colleague.page.getByLabel('Your name').fill(`Colleague ${name}`)
    await colleague.page.locator('input[name=password]').fill('short')
    await colleague.page.getByRole('button', { name: 'Join' }).click()
    // The browser's own check stops a short password before the server hears of it.
    assert.is(await colleague.page.locator('input[name=password]').evaluate((el) => (el as HTMLInputElement).validity.valid), false)
    await colleague.page.locator('input[name=password]').fill('a colleague passphrase')
    await colleague.page.getByRole('button', { name: 'Join' }).click()
    await colleague.page.waitForURL('**/settings/organization')
    await colleague.page.getByRole('heading', { name: 'Acme', level: 2 }).waitFor()
    await colleague.page.getByText('You are a member.').waitFor()

    // The same link again: used up, in words.
    const again = await openPage(browser, app, { viewport })
    await again.page.goto(link)
    await again.page.getByText(/This link is not valid any more/).waitFor()

    // The member changes their name, then their password; the session carries on.
    await colleague.page.goto('/settings/account')
    await colleague.page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Colleague ${name} Two`)
    await colleague.page.getByRole('button', { name: 'Save' }).first().click()
    await colleague.page.getByText('Saved.').waitFor()
    await colleague.page.getByLabel('Current password').fill('a colleague passphrase')
    await colleague.page.getByLabel('New password').fill('another passphrase now')
    await colleague.page.getByRole('button', { name: 'Change the password' }).click()
    await colleague.page.getByText('Your password is changed.').waitFor()
    await colleague.page.reload()
    await colleague.page.getByRole('textbox', { name: 'Name', exact: true }).waitFor()
    assert.is(await colleague.page.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), `Colleague ${name} Two`)
    assert.equal(await seriousViolations(colleague.page), [], 'account')
    await screenshot(colleague.page, `team-account-${name}`)

    assert.equal([...owner.problems, ...colleague.problems, ...again.problems], [])
    await Promise.all([owner.context.close(), colleague.context.close(), again.context.close()])
  })

  test(`${name}: the owner shares a recording with someone with no account, who sets a password and reads it`, async () => {
    const runId = await recording(`Mobile standup ${name}`)
    const owner = await openPage(browser, app, { viewport })
    await signIn(owner.page, app)
    await owner.page.goto(`/recordings/${runId}`)
    await owner.page.getByPlaceholder('colleague@example.com').fill(`guest-${name}@example.com`)
    await owner.page.getByRole('button', { name: 'Share', exact: true }).click()
    const link = await linkShown(owner.page)
    await screenshot(owner.page, `team-share-${name}`)

    const guest = await openPage(browser, app, { viewport })
    await guest.page.goto(link)
    await guest.page.getByText(/shared a recording with you/).waitFor()
    await guest.page.getByLabel('Your name').fill(`Guest ${name}`)
    await guest.page.locator('input[name=password]').fill('a guest passphrase')
    await guest.page.getByRole('button', { name: 'Open the recording' }).click()
    await guest.page.waitForURL(`**/recordings/${runId}`)
    await guest.page.getByRole('heading', { name: `Mobile standup ${name}` }).waitFor()
    await guest.page.getByText(/patched build/).first().waitFor()
    assert.equal(await seriousViolations(guest.page), [], 'shared recording')

    assert.equal([...owner.problems, ...guest.problems], [])
    await Promise.all([owner.context.close(), guest.context.close()])
  })
}

test('the server administrator changes an account\'s plan in Settings → Plans', async () => {
  const owner = await openPage(browser, app)
  await signIn(owner.page, app)
  await owner.page.goto('/settings/plans')
  const plan = owner.page.getByLabel('Plan of Guest desktop')
  await plan.selectOption('free')
  await owner.page.waitForTimeout(300)
  await owner.page.reload()
  assert.is(await owner.page.getByLabel('Plan of Guest desktop').inputValue(), 'free')
  assert.equal(await seriousViolations(owner.page), [], 'accounts')
  assert.equal(owner.problems, [])
  await owner.context.close()
})

test.run()
