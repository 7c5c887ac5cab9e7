/**
 * Notifications in the browser, against a real `notetaker serve`: the header counts the unread
 * ones, the Notifications page lists them newest first, marks one read, opens the recording of
 * another (which marks it read too), and has nothing left to mark; at phone width the list fits.
 * Nothing on this branch shares a recording yet, so the notifications are put in the server's
 * store directly, as `notify` stores them.
 */
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openDatabase } from '../../adapters/stores/sqlite/database.js'
import { sqliteNotificationStore } from '../../adapters/stores/sqlite/notifications.js'
import { right } from '../support/run.js'
import { launchBrowser, openPage, type RunningApp, screenshot, seriousViolations, signIn, startApp, type Watched } from './support.js'

let app: RunningApp
let browser: Browser
let watched: Watched
let page: Page

const VTT = `WEBVTT

00:00:00.000 --> 00:00:05.000
<v Speaker 1>Good morning, today we plan the launch of the mobile app.

00:00:05.500 --> 00:00:11.000
<v Speaker 2>I'll send the patched build to the testers by Friday.
`

const call = async (method: string, path: string, body?: BodyInit, json = true) => {
  const headers: Record<string, string> = { authorization: `Bearer ${app.apiKey}` }
  if (json && body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${app.url}/ext/v1${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
  return ((await res.json()) as { data: any }).data
}

/** A recording made through the API; its run id once ready. */
const recording = async (filename: string): Promise<string> => {
  const created = await call('POST', '/uploads', JSON.stringify({ filename }))
  await call('PUT', `/uploads/${created.id}/content`, VTT, false)
  for (let i = 0; (await call('GET', `/uploads/${created.id}`)).stage !== 'ready'; i++) {
    if (i > 100) throw new Error('the upload was not processed')
    await new Promise((r) => setTimeout(r, 100))
  }
  return created.runId
}

const header = () => page.getByRole('banner').getByRole('link', { name: /^Notifications/ })

test.before(async () => {
  app = await startApp()
  browser = await launchBrowser()
  const accountId: string = (await call('GET', '/me')).account.id
  const [launch, standup] = [await recording('launch.vtt'), await recording('standup.vtt')]
  const db = openDatabase(join(app.dataDir, 'notetaker.db'))
  try {
    const store = sqliteNotificationStore(db)
    const told = (n: number, runId: string, title: string) =>
      right(store.add({ id: `70000000-0000-4000-8000-00000000000${n}`, accountId, kind: 'recording-shared', text: `Bob shared "${title}" with you.`, link: `/recordings/${runId}`, createdAt: new Date(Date.now() - (10 - n) * 60_000).toISOString(), readAt: null }))
    await told(1, launch, 'Launch plan')
    await told(2, standup, 'Standup')
  } finally {
    db.close()
  }
  watched = await openPage(browser, app)
  page = watched.page
  await signIn(page, app)
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
})

test('the header counts the unread; the page lists them newest first, marks one read and opens another', async () => {
  await header().filter({ hasText: 'Notifications (2)' }).waitFor()
  await header().click()
  await page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor()
  const items = page.locator('ul.notifications > li')
  await items.first().waitFor()
  assert.equal(await items.locator('.notification-body p:first-child').allTextContents(), ['Unread: Bob shared "Standup" with you.', 'Unread: Bob shared "Launch plan" with you.'])
  assert.equal(await seriousViolations(page), [])
  await screenshot(page, 'notifications-unread')

  await items.nth(1).getByRole('button', { name: 'Mark as read' }).click()
  await header().filter({ hasText: /^Notifications \(1\)$/ }).waitFor()
  await items.nth(1).getByRole('button', { name: 'Mark as read' }).waitFor({ state: 'detached' })
  assert.is(await items.nth(1).getAttribute('class'), 'notification')

  await items.first().getByRole('link', { name: 'Open the recording' }).click()
  await page.waitForURL(/\/recordings\//)
  await page.getByRole('heading', { name: 'standup.vtt', level: 1 }).or(page.getByRole('heading', { level: 1 })).first().waitFor()
  await header().filter({ hasText: /^Notifications$/ }).waitFor()

  await header().click()
  await page.getByText('Invites and recordings shared with you.').waitFor()
  assert.is(await page.getByRole('button', { name: /Mark (all )?as read/ }).count(), 0, 'nothing left to mark')
  assert.equal(watched.problems, [])
})

test('at phone width the list fits the screen', async () => {
  const phone = await openPage(browser, app, { viewport: { width: 390, height: 844 } })
  try {
    await signIn(phone.page, app)
    await phone.page.goto('/notifications')
    await phone.page.locator('ul.notifications > li').first().waitFor()
    const overflow = await phone.page.evaluate(() => document.querySelector('ul.notifications')!.scrollWidth - window.innerWidth)
    assert.ok(overflow <= 0, `the list is ${overflow} px wider than the screen`)
    await screenshot(phone.page, 'notifications-phone')
    assert.equal(phone.problems, [])
  } finally {
    await phone.context.close()
  }
})

test.run()
