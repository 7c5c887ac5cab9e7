/**
 * The recordings pages in Chromium against a real `notetaker serve`: a VTT
 * uploaded through the page becomes notes; the list finds a word said in it and
 * opens the recording at that moment; an action item marked done stays done
 * after a reload; a renamed speaker shows in the transcript; the downloads
 * answer; sharing and revoking; deleting. Each page passes axe-core.
 */
import type { Browser, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { launchBrowser, openPage, type RunningApp, screenshot, seriousViolations, signIn, startApp, type Watched } from './support.js'

const MEETING_VTT = `WEBVTT

00:00:00.000 --> 00:00:05.000
<v Speaker 1>Good morning, today we plan the launch of the mobile app and the beta feedback.

00:00:05.500 --> 00:00:11.000
<v Speaker 2>I'll send the patched build to the testers by Friday.

00:00:11.500 --> 00:00:17.000
<v Speaker 1>Okay, we decided to move the launch event to Berlin.

00:00:17.500 --> 00:00:23.000
<v Speaker 2>Can you book the venue and share the costs with finance next week?

00:00:23.500 --> 00:00:29.000
<v Speaker 1>Sure. Let's go with the smaller venue near the station.
`

let app: RunningApp
let browser: Browser
let watched: Watched
let page: Page
/** The recording's page, once the upload made it. */
let recordingUrl = ''

const api = async (path: string) => {
  const res = await fetch(`${app.url}/ext/v1${path}`, { headers: { authorization: `Bearer ${app.apiKey}` } })
  return ((await res.json()) as { data: any }).data
}
const runId = () => new URL(recordingUrl).pathname.split('/').pop() ?? ''

test.before(async () => {
  app = await startApp()
  browser = await launchBrowser()
  watched = await openPage(browser, app)
  page = watched.page
  await signIn(page, app)
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
})

test('with no recording yet, the list says how to get a first one', async () => {
  await page.getByRole('heading', { name: 'No recordings yet' }).waitFor()
  for (const name of ['Upload', 'Send a bot', 'Meetings']) assert.ok((await page.getByRole('main').getByRole('link', { name, exact: true }).count()) > 0, `a link to ${name}`)
  assert.equal(await seriousViolations(page), [])
  await screenshot(page, 'recordings-empty')
})

test('a VTT dropped on the upload page goes through each step and becomes notes', async () => {
  await page.getByRole('main').getByRole('link', { name: 'Upload', exact: true }).first().click()
  await page.getByRole('heading', { name: 'Upload a recording' }).waitFor()
  assert.equal(await seriousViolations(page), [], 'the upload page before a file')
  await page.getByLabel('Choose a file').setInputFiles({ name: 'launch.vtt', mimeType: 'text/vtt', buffer: Buffer.from(MEETING_VTT) })
  await page.getByText('launch.vtt').waitFor()
  await page.getByLabel('Title').fill('Launch planning')
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await page.getByRole('heading', { name: 'Your notes are ready' }).waitFor({ timeout: 30_000 })
  const steps = page.getByRole('list', { name: 'Progress' }).getByRole('listitem')
  assert.is(await steps.count(), 5)
  assert.equal(await steps.evaluateAll((els) => els.map((e) => e.className)), Array(5).fill('step done'), 'every step is done')
  assert.ok((await steps.allTextContents()).some((t) => t.includes('Transcript read')), 'a transcript file is read, not transcribed')
  assert.not.ok((await steps.allTextContents()).some((t) => t.includes('Transcribed')))
  assert.equal(await seriousViolations(page), [], 'the upload page when ready')
  await screenshot(page, 'upload')

  await page.getByRole('link', { name: 'Read the notes' }).click()
  await page.getByRole('heading', { name: 'Launch planning', level: 1 }).waitFor()
  recordingUrl = page.url()
  assert.match(recordingUrl, /\/recordings\/[0-9a-f-]{36}$/)
  await page.getByRole('heading', { name: 'Action items' }).waitFor()
  await page.getByText('We decided to move the launch event to Berlin.').first().waitFor()
  assert.is(await page.locator('ol.transcript > li').count(), 5, 'the five lines of the transcript')
  assert.is(await page.locator('audio').count(), 0, 'a transcript upload has no audio to play')
  await page.locator('p.made-by', { hasText: 'Notes by the built-in analyzer' }).waitFor()
  assert.is(await page.locator('p.made-by', { hasText: 'Transcript by' }).count(), 0, 'a transcript file was made by no engine of ours')
})

test('the list finds a word said in the meeting and opens the recording at that moment', async () => {
  await page.getByRole('link', { name: '← Recordings' }).click()
  await page.getByLabel('Search').fill('Berlin')
  const mark = page.locator('table.recordings mark', { hasText: 'Berlin' })
  await mark.waitFor()
  assert.match(page.url(), /[?&]q=Berlin/, 'the search is kept in the address')
  const at = page.getByRole('link', { name: 'Speaker 1 at 0:11' })
  assert.match((await at.getAttribute('href')) ?? '', /\?t=11500$/)
  assert.equal(await seriousViolations(page), [], 'the list with a search')
  await screenshot(page, 'recordings-search')

  await at.click()
  const current = page.locator('ol.transcript [aria-current="true"]')
  await current.waitFor()
  assert.match((await current.textContent()) ?? '', /move the launch event to Berlin/, 'the line said at that moment is marked')
})

test('an action item marked done stays done after a reload; its owner and due date can be changed', async () => {
  await page.goto(recordingUrl)
  const item = page.getByRole('checkbox', { name: 'Send the patched build to the testers' })
  await item.waitFor()
  assert.is(await item.isChecked(), false)
  await item.check()
  await page.getByText('1 open').waitFor()
  await page.reload()
  await page.getByRole('checkbox', { name: 'Send the patched build to the testers' }).waitFor()
  assert.is(await page.getByRole('checkbox', { name: 'Send the patched build to the testers' }).isChecked(), true, 'still done after a reload')

  await page.getByRole('button', { name: 'Edit “Book the venue and share the costs with finance”' }).click()
  const editor = page.locator('form.item-editor')
  await editor.getByRole('textbox', { name: 'Owner' }).fill('Dana')
  await editor.getByLabel('Due').fill('2030-01-15')
  await editor.getByRole('button', { name: 'Save' }).click()
  await page.getByText(/^Dana · due/).waitFor()
  const items = (await api(`/recordings/${runId()}`)).actionItems as Array<{ title: string; status: string; owner: string | null; due: string | null }>
  assert.equal(
    items.map((i) => [i.title, i.status, i.owner, i.due]),
    [
      ['Send the patched build to the testers', 'done', 'Speaker 2', items[0]?.due ?? null],
      ['Book the venue and share the costs with finance', 'active', 'Dana', '2030-01-15'],
    ],
  )
})

test('a renamed speaker shows in the transcript and the speakers', async () => {
  await page.getByRole('button', { name: 'Rename Speaker 2' }).click()
  const form = page.locator('form.rename')
  await form.getByLabel('Name for Speaker 2').fill('Priya')
  await form.getByRole('button', { name: 'Save' }).click()
  const transcript = page.locator('ol.transcript')
  await transcript.getByText('Priya').first().waitFor()
  assert.is(await transcript.locator('.line-speaker', { hasText: 'Priya' }).count(), 2)
  assert.is(await transcript.locator('.line-speaker', { hasText: 'Speaker 2' }).count(), 0)
  await page.getByRole('button', { name: 'Rename Priya' }).waitFor()
})

test('the Markdown, VTT and SRT downloads answer', async () => {
  for (const name of ['Markdown', 'VTT', 'SRT']) {
    const link = page.getByRole('navigation', { name: 'Download' }).getByRole('link', { name, exact: true })
    assert.is(await link.getAttribute('download'), '', `${name} is a download`)
    const href = (await link.getAttribute('href')) ?? ''
    const answer = await page.evaluate(async (h) => {
      const r = await fetch(h)
      return { status: r.status, text: await r.text() }
    }, href)
    assert.is(answer.status, 200, `${name} answers 200`)
    assert.ok(answer.text.includes('Priya'), `${name} carries the speaker's new name`)
  }
})

test('the recording is shared with someone and the share revoked', async () => {
  await page.getByLabel('Email').fill('guest@example.com')
  await page.getByLabel('They see').selectOption('summary')
  await page.getByRole('button', { name: 'Share', exact: true }).click()
  await page.getByText('Shared with guest@example.com.').waitFor()
  await page.locator('.share-list').getByText('Summary only', { exact: false }).waitFor()
  assert.equal(
    ((await api(`/recordings/${runId()}/shares`)).rows as Array<{ email: string; scope: string }>).map((s) => [s.email, s.scope]),
    [['guest@example.com', 'summary']],
  )
  assert.equal(await seriousViolations(page), [], 'the recording page')
  await screenshot(page, 'recording')

  await page.getByRole('button', { name: 'Revoke the share with guest@example.com' }).click()
  await page.getByText('guest@example.com no longer sees this recording.').waitFor()
  await page.getByText('Only you can see this recording.').waitFor()
  assert.is((await api(`/recordings/${runId()}/shares`)).total, 0)
})

test('the recording page on a phone and in dark mode', async () => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.reload()
  await page.getByRole('heading', { name: 'Launch planning', level: 1 }).waitFor()
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  assert.ok(overflow <= 0, `nothing sticks out sideways (${overflow} px)`)
  assert.equal(await seriousViolations(page), [], 'on a phone')
  await screenshot(page, 'recording-phone')
  for (const [path, name] of [
    ['/?q=venue', 'recordings-phone'],
    ['/upload', 'upload-phone'],
  ] as const) {
    await page.goto(path)
    await page.locator('main h1').waitFor()
    await page.waitForLoadState('networkidle')
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    assert.ok(sideways <= 0, `${path}: nothing sticks out sideways (${sideways} px)`)
    await screenshot(page, name)
  }
  await page.goto(recordingUrl)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.emulateMedia({ colorScheme: 'dark' })
  await page.reload()
  await page.getByRole('heading', { name: 'Launch planning', level: 1 }).waitFor()
  assert.equal(await seriousViolations(page), [], 'in dark mode')
  await screenshot(page, 'recording-dark')
  await page.goto('/?q=venue')
  await page.locator('table.recordings mark').first().waitFor()
  assert.equal(await seriousViolations(page), [], 'the list in dark mode')
  await screenshot(page, 'recordings-dark')
  await page.emulateMedia({ colorScheme: 'light' })
})

test('deleting the recording asks first, then goes back to the list', async () => {
  await page.goto(recordingUrl)
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete this recording?' })
  await dialog.waitFor()
  await dialog.getByRole('button', { name: 'Keep it' }).click()
  await dialog.waitFor({ state: 'hidden' })
  await page.getByRole('button', { name: 'Delete', exact: true }).click()
  await dialog.getByRole('button', { name: 'Delete for good' }).click()
  await page.getByRole('heading', { name: 'No recordings yet' }).waitFor()
  assert.is(new URL(page.url()).pathname, '/')
  assert.is((await api('/recordings')).total, 0)
  assert.equal(watched.problems, [])
})

test.run()
