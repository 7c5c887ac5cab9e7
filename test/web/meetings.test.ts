/**
 * Meetings and bots in the web app, in Chromium against a real `notetaker serve`:
 * a meeting added by its link shows in the week's schedule with the recording
 * engine's decision; its switch turns recording off (the API agrees, a reload
 * keeps it); a bot sent to a link the simulated bot accepts goes through its states.
 */
import type { Browser } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { launchBrowser, openPage, type RunningApp, screenshot, seriousViolations, signIn, startApp } from './support.js'

let app: RunningApp
let browser: Browser

test.before(async () => {
  // A fast simulated meeting, so the bot reaches its later states within seconds.
  app = await startApp({ NOTETAKER_BOT: 'simulated', NOTETAKER_SIMULATED_SPEED: '10' })
  browser = await launchBrowser()
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
})

const api = async <A>(path: string, init: RequestInit = {}): Promise<A> => {
  const res = await fetch(`${app.url}/ext/v1${path}`, { ...init, headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json', ...init.headers } })
  assert.ok(res.ok, `${path} answered ${res.status}`)
  return ((await res.json()) as { data: A }).data
}

const pad = (n: number) => String(n).padStart(2, '0')
/** A datetime-local value, in the local time zone (the browser's too). */
const localValue = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`

/** The `week` parameter of the Meetings page for a day: its Monday, in local time (the browser's too). */
const weekOf = (d: Date) => {
  const m = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7))
  return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}-${String(m.getDate()).padStart(2, '0')}`
}

const TITLE = 'Design review'
const tomorrowAtTen = () => {
  const d = new Date()
  d.setDate(d.getDate() + 1)
  d.setHours(10, 0, 0, 0)
  return d
}

test('a meeting added by its link shows in the schedule; switching it off changes the decision and persists', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Meetings' }).click()
  await page.getByRole('heading', { name: 'Meetings', level: 1 }).waitFor()
  await page.getByText('No meetings this week.').waitFor()
  assert.equal(await seriousViolations(page), [], 'empty schedule')

  // A wrong link is refused in the API's words.
  await page.getByRole('button', { name: 'Add a meeting' }).click()
  await page.getByLabel('Meeting link').fill('https://example.com/not-a-meeting')
  await page.getByLabel('Title').fill(TITLE)
  await page.getByRole('button', { name: 'Add the meeting' }).click()
  await page.getByRole('alert').waitFor()
  assert.match((await page.getByRole('alert').textContent()) ?? '', /Zoom|Meet|Teams|link/i)

  const tomorrow = tomorrowAtTen()
  await page.getByLabel('Meeting link').fill('https://meet.google.com/abc-defg-hij')
  await page.getByLabel('Starts').fill(localValue(tomorrow))
  await page.getByLabel('Ends').fill(localValue(new Date(tomorrow.getTime() + 45 * 60_000)))
  assert.equal(await seriousViolations(page), [], 'add form')
  await page.getByRole('button', { name: 'Add the meeting' }).click()

  const row = page.getByRole('listitem', { name: TITLE })
  await row.waitFor()
  assert.match((await row.getByTestId('decision').textContent()) ?? '', /Will be recorded/)
  const toggle = page.getByRole('checkbox', { name: `Record ${TITLE}` })
  assert.ok(await toggle.isChecked())
  assert.equal(await seriousViolations(page), [], 'schedule')
  await screenshot(page, 'meetings')

  await toggle.uncheck()
  await row.getByText('Not recorded').waitFor()
  assert.match((await row.getByTestId('decision').textContent()) ?? '', /switched recording off/)
  const meetings = await api<{ rows: Array<{ title: string; recordOverride: boolean | null }> }>('/meetings')
  assert.equal(meetings.rows.find((m) => m.title === TITLE)?.recordOverride, false)

  await page.reload()
  await row.getByText('Not recorded').waitFor()
  assert.not.ok(await page.getByRole('checkbox', { name: `Record ${TITLE}` }).isChecked())

  // Handing the decision back to the rules: a meeting added by hand is recorded again.
  await row.getByRole('button', { name: `Follow the rules for ${TITLE}` }).click()
  await row.getByText('Will be recorded').waitFor()
  assert.equal((await api<{ rows: Array<{ title: string; recordOverride: boolean | null }> }>('/meetings')).rows.find((m) => m.title === TITLE)?.recordOverride, null)

  // The week buttons move the window; Today comes back.
  await page.getByRole('button', { name: 'Next week' }).click()
  await page.waitForURL(/week=/)
  await page.getByRole('button', { name: 'Today' }).click()
  await page.waitForURL((u) => !u.search.includes('week='))
  assert.equal(problems, [])
  await context.close()
})

test('the schedule on a phone and in dark mode', async () => {
  for (const [name, options] of [
    ['meetings-phone', { viewport: { width: 390, height: 844 } }],
    ['meetings-dark', { colorScheme: 'dark' as const }],
  ] as const) {
    const { page, context, problems } = await openPage(browser, app, options)
    await signIn(page, app)
    await page.goto(`/meetings?week=${weekOf(tomorrowAtTen())}`)
    const row = page.getByRole('listitem', { name: TITLE })
    await row.waitFor()
    assert.equal(await seriousViolations(page), [], name)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    assert.ok(overflow <= 0, `${name}: the page is ${overflow} px wider than the screen`)
    await screenshot(page, name)
    assert.equal(problems, [], name)
    await context.close()
  }
})

test('a meeting added by hand can be deleted', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  const soon = new Date(Date.now() + 2 * 3600_000)
  await api('/meetings', { method: 'POST', body: JSON.stringify({ title: 'Throwaway sync', link: 'https://zoom.us/j/123456789', startsAt: soon.toISOString() }) })
  await page.goto(`/meetings?week=${weekOf(soon)}`)
  const row = page.getByRole('listitem', { name: 'Throwaway sync' })
  await row.getByRole('button', { name: 'Delete Throwaway sync' }).click()
  await row.getByRole('button', { name: 'Yes, delete' }).click()
  await row.waitFor({ state: 'detached' })
  assert.equal(problems, [])
  await context.close()
})

test('a bot sent to a link goes through its states, and can be made to leave', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Send a bot' }).click()
  await page.getByRole('heading', { name: 'Send a bot', level: 1 }).waitFor()
  await page.getByText('No bot is in a meeting').waitFor()
  assert.equal(await seriousViolations(page), [], 'bots, empty')

  await page.getByLabel('Meeting link').fill('https://meet.google.com/abc-defg-hij')
  await page.getByLabel('Title').fill('Weekly planning')
  await page.getByRole('button', { name: 'Send the bot' }).click()
  // The bot's own page (its live transcript is test/web/bot-live.test.ts's).
  await page.waitForURL(/\/bots\/[0-9a-f-]{36}$/)
  const botPage = page.url()
  const state = page.getByTestId('bot-state')
  await state.waitFor()
  // Later than queued: joining, admitted, recording or beyond, followed without a reload.
  await page.getByTestId('bot-state').getByText(/Joining|waiting room|Recording|Stored|Transcribing|Analysing|Ready/).waitFor({ timeout: 20_000 })
  await page.getByRole('link', { name: /Open the recording|Read the notes/ }).waitFor()

  // It is listed among the bots under way too, linked to its page.
  await page.getByRole('link', { name: '← Send a bot' }).click()
  const listed = page.getByRole('region', { name: 'Bots under way' }).getByRole('link', { name: 'Weekly planning' })
  await listed.waitFor()
  assert.equal(await seriousViolations(page), [], 'bots, live')
  await screenshot(page, 'bots')

  // A second bot while one is live is refused in the API's words.
  await page.getByLabel('Meeting link').fill('https://zoom.us/j/987654321')
  await page.getByRole('button', { name: 'Send the bot' }).click()
  await page.getByRole('alert').waitFor()
  assert.match((await page.getByRole('alert').textContent()) ?? '', /live|already/i)

  // The list leads back to the bot's page while it is in its meeting (its recording's page once it is processed).
  if ((await listed.getAttribute('href'))?.startsWith('/bots/') === true) {
    await listed.click()
    await page.waitForURL(botPage)
  } else await page.goto(botPage)

  const leave = page.getByRole('button', { name: 'Make it leave' })
  if (await leave.isVisible()) {
    await leave.click()
    await leave.waitFor({ state: 'detached', timeout: 20_000 })
  }
  // The request reaches the bot at once (through the live feed): asked before it heard a line, it ends having recorded nothing.
  await page
    .getByTestId('bot-state')
    .getByText(/Stored|Transcribing|Analysing|Ready|Cancelled|Failed/)
    .waitFor({ timeout: 30_000 })
    .catch(async (e: unknown) => {
      // Say where the bot got to instead, and why, so a failure here can be read without a rerun.
      const shown = await page.locator('section.bot').innerText().catch(() => '(the bot section is gone)')
      throw new Error(`the bot did not end as expected; the page shows:\n${shown}\n${String(e)}`)
    })
  const ended = await page.locator('section.bot').innerText()
  if (/Failed/.test(await page.getByTestId('bot-state').innerText())) assert.match(ended, /asked to leave/, ended)
  assert.equal(problems, [])
  await context.close()
})

test('a bot that failed offers "Try again": a new bot to the same link, followed on the page', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.goto('/bots')
  await page.getByRole('heading', { name: 'Send a bot', level: 1 }).waitFor()
  // The simulated host refuses this bot, so it fails within seconds.
  await page.getByLabel('Meeting link').fill('https://meet.google.com/abc-defg-hij?simulate=denied')
  await page.getByLabel('Title').fill('Refused review')
  await page.getByRole('button', { name: 'Send the bot' }).click()
  await page.waitForURL(/\/bots\/[0-9a-f-]{36}$/)
  const runOf = (u: URL) => u.pathname.split('/').at(-1) ?? ''
  const first = runOf(new URL(page.url()))
  await page.getByTestId('bot-state').getByText('Failed').waitFor({ timeout: 20_000 })
  assert.equal(await seriousViolations(page), [], 'bots, failed')

  await page.getByRole('button', { name: 'Try again' }).click()
  await page.waitForURL((u) => /^\/bots\/[0-9a-f-]{36}$/.test(u.pathname) && runOf(u) !== first)
  const second = runOf(new URL(page.url()))
  await page.getByRole('heading', { name: 'Refused review', level: 1 }).waitFor()
  await page.getByTestId('bot-state').waitFor()
  const [was, again] = await Promise.all([first, second].map((id) => api<{ joinUrl: string | null; title: string; origin: string }>(`/recordings/${id}`)))
  assert.equal([again!.joinUrl, again!.title, again!.origin], [was!.joinUrl, 'Refused review', 'manual'], 'the same link and options, through POST /bots')
  assert.match(was!.joinUrl ?? '', /simulate=denied/)
  // The new one fails the same way and offers to try again too.
  await page.getByTestId('bot-state').getByText('Failed').waitFor({ timeout: 20_000 })
  await page.getByRole('button', { name: 'Try again' }).waitFor()
  assert.equal(problems, [])
  await context.close()
})

test.run()
