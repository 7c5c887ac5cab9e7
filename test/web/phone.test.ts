/**
 * Every page of the app on a phone (390 × 844, touch), in one Chromium page against a real
 * `notetaker serve` with data in it: nothing sticks out sideways, the menu reaches every
 * section (and closes on navigation and Escape), the controls a person needs are on screen
 * (the recordings' Filters toggle, every Settings tab including Account, a key's Revoke), a
 * recording reads notes, then transcript, then sharing, a refused upload says why in one sentence
 * with no Retry; no console error and no serious axe-core violation on any page. A page added
 * later gets its visit here, with `fits`.
 */
import type { Browser, Locator, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { launchBrowser, openPage, PHONE, type RunningApp, screenshot, seriousViolations, signIn, startApp, type Watched } from './support.js'

const WIDTH = 390
const VTT = `WEBVTT

00:00:00.000 --> 00:00:05.000
<v Ana>Good morning, today we plan the launch of the mobile app.

00:00:05.500 --> 00:00:11.000
<v Ben>I'll send the patched build to the testers by Friday.

00:00:11.500 --> 00:00:17.000
<v Ana>Okay, we decided to move the launch event to Berlin.
`

let app: RunningApp
let browser: Browser
let watched: Watched
let page: Page
let runId = ''

const api = async <A>(method: string, path: string, body?: unknown): Promise<A> => {
  const res = await fetch(`${app.url}/ext/v1${path}`, {
    method,
    headers: { authorization: `Bearer ${app.apiKey}`, ...(body === undefined ? {} : { 'content-type': typeof body === 'string' ? 'text/vtt' : 'application/json' }) },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
  assert.ok(res.ok, `${method} ${path} answered ${res.status}`)
  return ((await res.json()) as { data: A }).data
}

/** A recording with notes and a transcript, and a meeting tomorrow: the pages then show their lists, not their empty states. */
const seed = async () => {
  const upload = await api<{ id: string; runId: string }>('POST', '/uploads', { filename: 'launch.vtt', title: 'Launch planning' })
  await api('PUT', `/uploads/${upload.id}/content`, VTT)
  for (let i = 0; i < 100 && (await api<{ stage: string }>('GET', `/uploads/${upload.id}`)).stage !== 'ready'; i++) await new Promise((r) => setTimeout(r, 200))
  runId = upload.runId
  const tomorrow = new Date(Date.now() + 86_400_000)
  tomorrow.setHours(10, 0, 0, 0)
  await api('POST', '/meetings', { title: 'Design review', link: 'https://meet.google.com/abc-defg-hij', startsAt: tomorrow.toISOString() })
}

test.before(async () => {
  app = await startApp({ NOTETAKER_BOT: 'simulated' })
  await seed()
  browser = await launchBrowser()
  watched = await openPage(browser, app, PHONE)
  page = watched.page
  await signIn(page, app)
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
})

/** The page's width beyond the screen's, in px, and the elements that stick out (for the message). */
const sideways = (p: Page) =>
  p.evaluate((width) => {
    const over = document.documentElement.scrollWidth - width
    const culprits = over <= 0 ? [] : Array.from(document.querySelectorAll('body *')).filter((e) => e.getBoundingClientRect().right > width + 1).slice(0, 5)
    return { over, culprits: culprits.map((e) => `${e.tagName.toLowerCase()}.${e.className}`) }
  }, WIDTH)

/** What every page must hold on a phone: fits the width, passes axe-core; saved as a screenshot. */
const fits = async (name: string) => {
  await page.locator('main h1, .sign-in h1').first().waitFor()
  await page.waitForLoadState('networkidle')
  const { over, culprits } = await sideways(page)
  assert.ok(over <= 0, `${name}: the page is ${over} px wider than the screen (${culprits.join(', ')})`)
  assert.equal(await seriousViolations(page), [], name)
  await screenshot(page, `phone-${name}`)
}

/** On screen horizontally and not covered: a thumb can reach it. */
const onScreen = async (l: Locator, what: string) => {
  await l.scrollIntoViewIfNeeded()
  assert.ok(await l.isVisible(), `${what} is visible`)
  const box = await l.boundingBox()
  assert.ok(box !== null && box.x >= 0 && box.x + box.width <= WIDTH, `${what} is within the screen's width`)
}

const menuButton = () => page.getByRole('button', { name: 'Menu' })
const nav = () => page.getByRole('navigation', { name: 'Main' })

/** Opens the menu and follows one of its links; the menu closes behind it. */
const go = async (label: string, heading: string) => {
  await menuButton().click()
  assert.is(await menuButton().getAttribute('aria-expanded'), 'true')
  const link = nav().getByRole('link', { name: label, exact: true })
  await onScreen(link, `the menu's ${label}`)
  await link.tap()
  await page.getByRole('heading', { name: heading, level: 1 }).waitFor()
  assert.is(await menuButton().getAttribute('aria-expanded'), 'false', `the menu closes after ${label}`)
  assert.not.ok(await nav().isVisible(), 'the navigation is folded again')
}

test('the navigation folds behind a menu button that reaches every section, closing on navigation and Escape', async () => {
  await fits('recordings')
  assert.not.ok(await nav().isVisible(), 'closed, the navigation takes no room')
  await onScreen(menuButton(), 'the menu button')
  assert.is(await menuButton().getAttribute('aria-expanded'), 'false')

  await menuButton().click()
  await nav().getByRole('link', { name: 'Upload', exact: true }).waitFor()
  await onScreen(page.getByRole('button', { name: 'Sign out' }), 'Sign out')
  assert.equal(await seriousViolations(page), [], 'the menu open')
  await screenshot(page, 'phone-menu')
  await page.keyboard.press('Escape')
  assert.is(await menuButton().getAttribute('aria-expanded'), 'false', 'Escape closes it')
  assert.ok(await menuButton().evaluate((b) => b === document.activeElement), 'and gives focus back to the button')

  for (const [label, heading] of [
    ['Upload', 'Upload a recording'],
    ['Meetings', 'Meetings'],
    ['Send a bot', 'Send a bot'],
    ['Settings', 'Settings'],
    ['Recordings', 'Recordings'],
  ] as const) {
    await go(label, heading)
    await fits(label.toLowerCase().replaceAll(' ', '-'))
  }
})

test('the recordings list: the search shows, the other filters fold behind "Filters" with how many are set', async () => {
  await page.goto('/')
  await page.getByRole('link', { name: 'Launch planning' }).waitFor()
  const toggle = page.getByRole('button', { name: /^Filters/ })
  await onScreen(toggle, 'the Filters toggle')
  await onScreen(page.getByLabel('Search'), 'the search')
  assert.not.ok(await page.getByLabel('Origin').isVisible(), 'the filters are folded')
  const first = await page.getByRole('link', { name: 'Launch planning' }).boundingBox()
  assert.ok(first !== null && first.y + first.height < 844, 'the first recording is on the first screen')

  await toggle.tap()
  assert.is(await toggle.getAttribute('aria-expanded'), 'true')
  await page.getByLabel('Origin').selectOption('upload')
  await page.waitForURL(/origin=upload/)
  await page.getByRole('button', { name: 'Filters (1)' }).waitFor()
  await page.getByRole('link', { name: 'Launch planning' }).waitFor()
  await fits('recordings-filtered')
})

test('a recording reads notes first, then the transcript, then sharing', async () => {
  await page.goto(`/recordings/${runId}`)
  await page.getByRole('heading', { name: 'Launch planning', level: 1 }).waitFor()
  await page.getByText('move the launch event to Berlin').first().waitFor()
  await fits('recording')
  const top = async (l: Locator) => (await l.boundingBox())?.y ?? Number.NaN
  const notes = await top(page.locator('.columns.recording .notes'))
  const transcript = await top(page.getByRole('heading', { name: 'Transcript', level: 2 }))
  const sharing = await top(page.locator('.columns.recording .manage'))
  assert.ok(notes < transcript, 'the notes come before the transcript')
  assert.ok(transcript < sharing, 'the transcript comes before sharing')
})

test('upload: a file of the wrong type is refused in one sentence, with no Retry that cannot help', async () => {
  await page.goto('/upload')
  await fits('upload')
  await page.getByLabel('Choose a file').setInputFiles({ name: 'minutes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4') })
  await onScreen(page.getByRole('button', { name: 'Upload', exact: true }), 'Upload')
  await page.getByRole('button', { name: 'Upload', exact: true }).tap()
  const alert = page.getByRole('alert')
  await alert.waitFor()
  assert.is(await alert.textContent(), 'The file must be audio (.wav, .mp3, .m4a, .ogg, .opus, .webm, .flac, .mp4) or a transcript (.vtt, .srt, .txt, .json)')
  assert.is(await page.getByRole('button', { name: 'Retry' }).count(), 0, 'no Retry: the same file would be refused again')
  assert.is(await page.locator('#upload-file').getAttribute('aria-invalid'), 'true', 'the file is the field marked')
  assert.match((await page.locator('#upload-file-problem').textContent()) ?? '', /^The file must be audio/)
  await onScreen(page.getByRole('button', { name: 'Choose another file', exact: true }), 'Choose another file')
  await fits('upload-refused')
})

test("a bot's page: a bot that failed says why and offers Try again", async () => {
  // Refused by the simulated host: its stream ends, so the page settles (a live one keeps its connection open).
  const bot = await api<{ runId: string }>('POST', '/bots', { joinUrl: 'https://meet.google.com/abc-defg-hij?simulate=denied', title: 'Refused standup' })
  await page.goto(`/bots/${bot.runId}`)
  await page.getByTestId('bot-state').getByText('Failed').waitFor({ timeout: 30_000 })
  await page.getByTestId('live-now').getByText(/The bot failed\./).waitFor()
  await onScreen(page.getByRole('button', { name: 'Try again' }), 'Try again')
  await fits('bot')
})

test('meetings: the week shows its meeting', async () => {
  await page.goto('/meetings')
  await page.getByRole('listitem', { name: 'Design review' }).waitFor()
  await fits('meetings')
  await onScreen(page.getByRole('checkbox', { name: 'Record Design review' }), "the meeting's switch")
})

test('every Settings tab is on screen and opens, Account included; a key can be revoked', async () => {
  await page.goto('/settings')
  const tabs = page.getByRole('navigation', { name: 'Settings sections' })
  // The tabs come with the session; read them once they are there (allTextContents does not wait).
  await tabs.getByRole('link', { name: 'Account', exact: true }).waitFor()
  const labels = await tabs.getByRole('link').allTextContents()
  assert.ok(labels.includes('Account') && labels.length >= 7, `the tabs: ${labels.join(', ')}`)
  for (const label of labels) {
    const tab = tabs.getByRole('link', { name: label, exact: true })
    await onScreen(tab, `the ${label} tab`)
    await tab.tap()
    assert.is(await tab.getAttribute('aria-current'), 'page')
    await page.waitForURL(/\/settings\/\w+/)
    await fits(`settings-${label.toLowerCase().replaceAll(' ', '-')}`)
  }

  await page.goto('/settings/keys')
  const revoke = page.getByRole('button', { name: /^Revoke/ }).first()
  await revoke.waitFor()
  await onScreen(revoke, 'Revoke')
  for (const label of ['Name', 'Access', 'Created', 'Status']) {
    const shown = await page.locator(`td[data-label="${label}"]`).first().evaluate((td) => getComputedStyle(td, '::before').content)
    assert.match(shown, new RegExp(`^"${label}"`), `the column ${label} is named in each stacked row`)
  }
  assert.ok(await page.getByRole('cell', { name: 'Full', exact: true }).isVisible(), "a cell's name is its value alone: the label is for the eye")
  await revoke.tap()
  await onScreen(page.getByRole('button', { name: 'Yes, revoke' }), 'the confirmation')
})

test('signing out through the menu; the sign-in page fits', async () => {
  await page.goto('/')
  await menuButton().click()
  await page.getByRole('button', { name: 'Sign out' }).tap()
  await page.getByRole('heading', { name: 'Sign in to Notetaker' }).waitFor()
  await fits('sign-in')
  assert.equal(watched.problems, [])
})

test.run()
