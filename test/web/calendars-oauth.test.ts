/**
 * Issue 34's "Done when", in Chromium against a real `notetaker serve` and the Google and Microsoft
 * stand-ins (HTTPS on loopback, their certificate trusted through NOTETAKER_CALENDAR_CA_FILE): a new
 * user connects each provider with the Settings → Calendars buttons and the stand-in's consent page,
 * sees the meetings and the schedule's decisions, sees a change made in the stand-in within seconds
 * (pushed: the periodic sync is 15 minutes away), and after the grant is revoked sees the card ask to
 * be reconnected with its meetings kept, reconnects, and sees it sync again; the cards also fit a phone.
 */
import { rmSync } from 'node:fs'
import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { tempDir } from '../support/cli.js'
import { type GoogleStandin, startGoogleStandin } from '../support/calendar-standins/google.js'
import { type MicrosoftStandin, startMicrosoftStandin } from '../support/calendar-standins/microsoft.js'
import { standinSettings } from '../support/calendar-standins/settings.js'
import { loopbackCertificate } from '../support/model-mirror.js'
import { launchBrowser, openPage, PHONE, type RunningApp, screenshot, seriousViolations, signIn, startApp, type Watched } from './support.js'

/** How soon a pushed change must show: far below the periodic sync (NOTETAKER_CALENDAR_SYNC_MINUTES, 15 by default). */
const PUSHED_WITHIN_MS = 10_000

let app: RunningApp
let browser: Browser
let google: GoogleStandin
let microsoft: MicrosoftStandin
let certDir: string

const freePort = async (): Promise<number> => {
  const server = createServer()
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const { port } = server.address() as AddressInfo
  await new Promise((r) => server.close(r))
  return port
}

/** Tomorrow at `hour`:00 UTC, so every meeting is to come and lies in the sync window. */
const tomorrowAt = (hour: number, minutes = 0) => {
  const d = new Date(Date.now() + 86_400_000)
  d.setUTCHours(hour, minutes, 0, 0)
  return d
}

/** The `week` parameter of the Meetings page for a day: its Monday, in local time (the browser's too). */
const weekOf = (d: Date) => {
  const m = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7))
  return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}-${String(m.getDate()).padStart(2, '0')}`
}

test.before(async () => {
  certDir = tempDir('calendars-oauth')
  const tls = loopbackCertificate(certDir)
  google = await startGoogleStandin({ tls, user: { email: 'ada@example.com', name: 'Ada' } })
  microsoft = await startMicrosoftStandin({ tls })
  const port = await freePort()
  app = await startApp({ PORT: String(port), ...standinSettings(google, microsoft, { caFile: tls.cert, publicUrl: `http://127.0.0.1:${port}` }) })
  assert.is(new URL(app.url).origin, `http://127.0.0.1:${port}`, 'the server is at the public address the providers send the browser back to')
  browser = await launchBrowser()
})

test.after(async () => {
  await browser?.close()
  await app?.stop()
  await google?.close()
  await microsoft?.close()
  if (certDir !== undefined) rmSync(certDir, { recursive: true, force: true })
})

interface ConnectionRow {
  id: string
  provider: string
  calendarId: string
  name: string
  status: string
  accountEmail: string
  pushUntil: string | null
  lastError: string | null
}
interface MeetingRow {
  title: string
  startsAt: string
  connectionId: string | null
}

const api = async <A,>(path: string): Promise<A> => {
  const res = await fetch(`${app.url}/ext/v1${path}`, { headers: { authorization: `Bearer ${app.apiKey}` }, signal: AbortSignal.timeout(5000) })
  if (!res.ok) throw new Error(`${path} answered ${res.status}`)
  return ((await res.json()) as { data: A }).data
}
const connections = async () => (await api<{ rows: ConnectionRow[] }>('/calendar/connections')).rows
const meetingsOf = async (connectionId: string) => (await api<{ rows: MeetingRow[] }>('/meetings?limit=1000')).rows.filter((m) => m.connectionId === connectionId)

/** The receiver took the notification: 202, as the route documents and Graph asks. */
const isSuccess = (status: number | string | null) => status === 202

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const openWatched = async (): Promise<Watched> => {
  const watched = await openPage(browser, app, { alsoAllowed: [google.url, microsoft.url] })
  watched.page.setDefaultTimeout(20_000)
  await signIn(watched.page, app)
  return watched
}

/** A connection's card, by its id (its heading follows the calendar's name, which choosing another calendar changes). */
const cardOf = (page: Page, connectionId: string) => page.locator(`section.connection[aria-labelledby="connection-${connectionId}"]`)

/** Clicks a Connect or Reconnect button, allows on the stand-in's consent page, and waits to be back on Settings → Calendars. */
const consentThrough = async (page: Page, click: () => Promise<void>, standinUrl: string) => {
  await click()
  await page.waitForURL((u) => u.href.startsWith(standinUrl), { timeout: 10_000 })
  await page.getByRole('button', { name: 'Allow' }).click()
  // The outcome is shown once and taken out of the address.
  await page.waitForURL((u) => u.pathname === '/settings/calendars' && u.search === '', { timeout: 15_000 })
}

test('Google Calendar: connect through consent, meetings and decisions, a change pushed within seconds', async () => {
  const review = google.addEvent('primary', {
    summary: 'Design review',
    start: { dateTime: tomorrowAt(14).toISOString() },
    end: { dateTime: tomorrowAt(14, 30).toISOString() },
    hangoutLink: 'https://meet.google.com/abc-defg-hij',
  })
  google.addEvent('primary', { summary: 'Lunch', start: { dateTime: tomorrowAt(12).toISOString() }, end: { dateTime: tomorrowAt(13).toISOString() } })

  const { page, context, problems } = await openWatched()
  await page.goto('/settings/calendars')
  await page.getByText('No calendar is connected.').waitFor()
  // Both providers are set up on this server, so both buttons are offered beside the feed form.
  await page.getByRole('button', { name: 'Connect Microsoft 365' }).waitFor()
  assert.equal(await seriousViolations(page), [], 'calendars, with the connect buttons')
  await screenshot(page, 'oauth-calendars-empty')

  // Saying no on the consent page comes back as words, and connects nothing.
  await page.getByRole('button', { name: 'Connect Google Calendar' }).click()
  await page.waitForURL((u) => u.href.startsWith(google.url), { timeout: 10_000 })
  await page.getByRole('button', { name: 'Deny' }).click()
  await page.waitForURL((u) => u.pathname === '/settings/calendars' && u.search === '', { timeout: 15_000 })
  await page.getByRole('alert').filter({ hasText: /^The calendar was not connected: / }).waitFor()
  assert.equal(await connections(), [])

  await consentThrough(page, () => page.getByRole('button', { name: 'Connect Google Calendar' }).click(), google.url)
  await page.getByRole('status').filter({ hasText: /^Connected .*\(ada@example\.com\)\./ }).waitFor()
  const [connection] = await connections()
  assert.ok(connection !== undefined)
  assert.is(connection.provider, 'google')
  assert.is(connection.accountEmail, 'ada@example.com')

  const card = cardOf(page, connection.id)
  await card.getByText('Syncing', { exact: true }).waitFor()
  assert.is(await card.locator('dt:has-text("Account") + dd').textContent(), 'Google Calendar: ada@example.com')
  assert.is(await card.locator('dt:has-text("Meetings") + dd').textContent(), '2 to come')
  // The server has a public address, so Google pushes its changes.
  await until('the push channel', async () => (await connections())[0]?.pushUntil != null, 10_000)
  assert.is(google.channels().length, 1)
  await page.reload()
  assert.match((await card.locator('dt:has-text("Changes") + dd').textContent()) ?? '', /within seconds/)

  // The calendar picker lists the account's calendars from Google.
  await card.getByRole('button', { name: /Choose another calendar/ }).click()
  const picker = card.getByLabel('Calendar to read')
  await picker.waitFor()
  assert.match((await picker.locator('option').allTextContents()).join('|'), /\(main calendar\)/)
  assert.equal(await seriousViolations(page), [], 'calendars, a Google connection with its picker open')
  await screenshot(page, 'oauth-calendars-google')
  await card.getByRole('button', { name: 'Cancel' }).click()

  // Its meetings on the schedule, with the decisions: the one with a Meet link recorded, the lunch not.
  const day = tomorrowAt(14)
  await page.goto(`/meetings?week=${weekOf(day)}`)
  const reviewRow = page.getByRole('listitem', { name: 'Design review' })
  assert.match((await reviewRow.getByTestId('decision').textContent()) ?? '', /Will be recorded.*Its calendar's rules record it\./)
  assert.match((await page.getByRole('listitem', { name: 'Lunch' }).getByTestId('decision').textContent()) ?? '', /Not recorded.*It has no meeting link\./)
  await screenshot(page, 'oauth-calendars-google-meetings')

  // A change in Google arrives by push, within seconds.
  const changedAt = Date.now()
  google.changeEvent('primary', review, { summary: 'Design review (moved)', start: { dateTime: tomorrowAt(16).toISOString() }, end: { dateTime: tomorrowAt(16, 30).toISOString() } })
  await until('the pushed change', async () => (await meetingsOf(connection.id)).some((m) => m.title === 'Design review (moved)'), PUSHED_WITHIN_MS)
  const pushedIn = Date.now() - changedAt
  const moved = (await meetingsOf(connection.id)).find((m) => m.title === 'Design review (moved)')
  assert.is(moved?.startsAt, tomorrowAt(16).toISOString())
  await google.settle()
  assert.ok(google.deliveries.some((d) => d.state === 'exists' && isSuccess(d.status)), `the change came by push (${pushedIn} ms)`)
  await page.reload()
  await page.getByRole('listitem', { name: 'Design review (moved)' }).waitFor()
  assert.is(await page.getByRole('listitem', { name: 'Design review', exact: true }).count(), 0)

  assert.equal(problems, [])
  await context.close()
})

test('Microsoft 365: connect through consent, meetings and decisions, a change pushed within seconds', async () => {
  const standup = microsoft.addEvent({
    subject: 'Team standup',
    start: tomorrowAt(9).toISOString(),
    end: tomorrowAt(9, 15).toISOString(),
    isOnlineMeeting: true,
    joinUrl: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting_standup%40thread.v2/0',
  })
  microsoft.addEvent({ subject: 'Focus time', start: tomorrowAt(10).toISOString(), end: tomorrowAt(11).toISOString() })

  const { page, context, problems } = await openWatched()
  await page.goto('/settings/calendars')
  // Microsoft's refusal carries an error_description with line breaks: it still comes back as words.
  const before = (await connections()).length
  await page.getByRole('button', { name: 'Connect Microsoft 365' }).click()
  await page.waitForURL((u) => u.href.startsWith(microsoft.url), { timeout: 10_000 })
  await page.getByRole('button', { name: 'Deny' }).click()
  await page.waitForURL((u) => u.pathname === '/settings/calendars' && u.search === '', { timeout: 15_000 })
  await page.getByRole('alert').filter({ hasText: /^The calendar was not connected: / }).waitFor()
  assert.is((await connections()).length, before)
  await consentThrough(page, () => page.getByRole('button', { name: 'Connect Microsoft 365' }).click(), microsoft.url)
  await page.getByRole('status').filter({ hasText: /^Connected / }).waitFor()
  const connection = (await connections()).find((c) => c.provider === 'microsoft')
  assert.ok(connection !== undefined)
  const card = cardOf(page, connection.id)
  await card.getByText('Syncing', { exact: true }).waitFor()
  assert.match((await card.locator('dt:has-text("Account") + dd').textContent()) ?? '', /^Microsoft 365: \S+@\S+$/)
  assert.is(await card.locator('dt:has-text("Meetings") + dd').textContent(), '2 to come')
  await until('the Graph subscription', async () => (await connections()).find((c) => c.id === connection.id)?.pushUntil != null, 10_000)
  assert.is(microsoft.subscriptions().length, 1)
  await page.reload()
  assert.match((await card.locator('dt:has-text("Changes") + dd').textContent()) ?? '', /within seconds/)
  assert.equal(await seriousViolations(page), [], 'calendars, a Google and a Microsoft connection')
  await screenshot(page, 'oauth-calendars-microsoft')

  const day = tomorrowAt(9)
  await page.goto(`/meetings?week=${weekOf(day)}`)
  assert.match((await page.getByRole('listitem', { name: 'Team standup' }).getByTestId('decision').textContent()) ?? '', /Will be recorded.*Its calendar's rules record it\./)
  assert.match((await page.getByRole('listitem', { name: 'Focus time' }).getByTestId('decision').textContent()) ?? '', /Not recorded.*It has no meeting link\./)

  const changedAt = Date.now()
  microsoft.updateEvent(standup, { subject: 'Team standup (renamed)' })
  await until('the pushed change', async () => (await meetingsOf(connection.id)).some((m) => m.title === 'Team standup (renamed)'), PUSHED_WITHIN_MS)
  await microsoft.settle()
  assert.ok(microsoft.deliveries.some((d) => d.kind === 'updated' && isSuccess(d.outcome)), `the change came by push (${Date.now() - changedAt} ms)`)
  await page.reload()
  await page.getByRole('listitem', { name: 'Team standup (renamed)' }).waitFor()

  // Another of the account's calendars, chosen with the picker: its meetings replace the first one's.
  microsoft.setCalendars([
    { id: microsoft.defaultCalendarId(), name: 'Calendar', isDefaultCalendar: true },
    { id: 'AAMkCalProjects', name: 'Projects', isDefaultCalendar: false },
  ])
  microsoft.addEvent({ subject: 'Project kickoff', start: tomorrowAt(13).toISOString(), end: tomorrowAt(14).toISOString(), calendarId: 'AAMkCalProjects' })
  await page.goto('/settings/calendars')
  await card.getByRole('button', { name: /Choose another calendar/ }).click()
  await card.getByLabel('Calendar to read').selectOption({ label: 'Projects' })
  await card.getByRole('button', { name: 'Read this calendar' }).click()
  await card.getByText(/^Now reading the chosen calendar/).waitFor()
  assert.is((await connections()).find((c) => c.id === connection.id)?.calendarId, 'AAMkCalProjects')
  await until('the chosen calendar\'s meetings', async () => (await meetingsOf(connection.id)).map((m) => m.title).join() === 'Project kickoff', 10_000)

  assert.equal(problems, [])
  await context.close()
})

test('a revoked Google grant: the card asks to be reconnected, the meetings are kept; Reconnect makes it active again', async () => {
  const { page, context, problems } = await openWatched()
  const connection = (await connections()).find((c) => c.provider === 'google')
  assert.ok(connection !== undefined)
  const before = (await meetingsOf(connection.id)).map((m) => m.title).sort()
  assert.equal(before, ['Design review (moved)', 'Lunch'])

  // The access token the server holds stops at once, and its refresh answers invalid_grant.
  google.revokeGrant()
  await page.goto('/settings/calendars')
  const card = cardOf(page, connection.id)
  await card.getByRole('button', { name: 'Sync now' }).click()
  await card.getByText('Needs reconnecting', { exact: true }).waitFor()
  const revoked = (await connections()).find((c) => c.id === connection.id)
  assert.is(revoked?.status, 'reauthorization_required')
  assert.ok(revoked?.lastError !== null && revoked?.lastError !== undefined, 'lastError says why')
  await card.locator('dd.error-text').filter({ hasText: revoked.lastError }).waitFor()
  assert.equal((await meetingsOf(connection.id)).map((m) => m.title).sort(), before, 'its meetings are kept')
  assert.equal(await seriousViolations(page), [], 'calendars, a connection to reconnect')
  await screenshot(page, 'oauth-calendars-reconnect')

  // The schedule still lists them.
  await page.goto(`/meetings?week=${weekOf(tomorrowAt(12))}`)
  await page.getByRole('listitem', { name: 'Lunch' }).waitFor()

  await page.goto('/settings/calendars')
  await consentThrough(page, () => card.getByRole('button', { name: /^Reconnect/ }).click(), google.url)
  await page.getByRole('status').filter({ hasText: /^Reconnected / }).waitFor()
  await card.getByText('Syncing', { exact: true }).waitFor()
  assert.is(await card.getByRole('button', { name: /^Reconnect/ }).count(), 0)
  const after = await connections()
  assert.equal(after.map((c) => c.status).sort(), ['active', 'active'])
  assert.is(after.length, 2, 'reconnecting kept the same connection')
  assert.equal((await meetingsOf(connection.id)).map((m) => m.title).sort(), before)

  assert.equal(problems, [])
  await context.close()
})

test('on a phone: the Google and Microsoft cards fit 390 px and pass axe-core', async () => {
  const { page, context, problems } = await openPage(browser, app, PHONE)
  page.setDefaultTimeout(20_000)
  await signIn(page, app)
  await page.goto('/settings/calendars')
  await page.getByRole('button', { name: 'Connect Google Calendar' }).waitFor()
  await page.locator('section.connection').nth(1).waitFor()
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  assert.ok(over <= 0, `the page is ${over} px wider than the phone`)
  assert.equal(await seriousViolations(page), [], 'calendars on a phone')
  await screenshot(page, 'oauth-calendars-phone')
  assert.equal(problems, [])
  await context.close()
})

test.run()
