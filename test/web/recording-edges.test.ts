/**
 * The recordings pages at their edges, in Chromium against a real `notetaker serve`:
 * a file that cannot be read fails in the API's words and can be retried (from the
 * upload page and from the recording); one with a bad cue is read and the page says what was
 * left out; a transcript longer than one answer is shown
 * in parts; a read-only session reads the notes without any control to change them.
 */
import type { Browser, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from '../support/cli.js'
import { launchBrowser, openPage, type RunningApp, screenshot, seriousViolations, signIn, startApp, type Watched } from './support.js'

let app: RunningApp
let browser: Browser
let watched: Watched
let page: Page

const LONG_LINES = 2150
const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23)
const longVtt = () => {
  const cues = ['WEBVTT', '']
  for (let i = 0; i < LONG_LINES; i++) {
    const text = i === 1 ? "I'll send the roadmap to the whole team by Friday." : `Point number ${i + 1} of the quarterly roadmap review.`
    cues.push(`${clock(i * 2000)} --> ${clock(i * 2000 + 1800)}`, `<v Speaker ${(i % 2) + 1}>${text}`, '')
  }
  return cues.join('\n')
}

const call = async (method: string, path: string, body?: BodyInit, json = true) => {
  const headers: Record<string, string> = { authorization: `Bearer ${app.apiKey}` }
  if (json && body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${app.url}/ext/v1${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
  return ((await res.json()) as { data: any }).data
}

/** The long recording, made through the API (the UI's upload is tested elsewhere); its run id once ready. */
let longRunId = ''

test.before(async () => {
  // The pro plan: paging needs more recordings than the free plan's 25 a month.
  app = await startApp({ NOTETAKER_DEFAULT_PLAN: 'pro' })
  browser = await launchBrowser()
  watched = await openPage(browser, app)
  page = watched.page
  await signIn(page, app)
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
})

test('a transcript that cannot be read fails in the API’s words; Retry runs it again, here and on the recording', async () => {
  await page.goto('/upload')
  // A file dropped anywhere on the page is taken, as one dragged from the desktop would be.
  await page.getByRole('heading', { name: 'Upload a recording' }).waitFor()
  await page.evaluate(() => {
    const data = new DataTransfer()
    data.items.add(new File(['this is not a transcript'], 'broken.vtt', { type: 'text/vtt' }))
    for (const type of ['dragenter', 'dragover', 'drop']) document.body.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }))
  })
  await page.locator('.drop-zone', { hasText: 'broken.vtt' }).waitFor()
  await page.getByLabel('Title').fill('Broken notes')
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await page.getByRole('heading', { name: 'The upload did not go through' }).waitFor({ timeout: 30_000 })
  const alert = page.getByRole('alert')
  assert.match((await alert.textContent()) ?? '', /must start with 'WEBVTT'/)
  assert.equal(await page.locator('.step.failed').allTextContents(), ['✕Reading the transcript — failed'], 'the step that failed is marked, as a transcript file is read, not transcribed')
  assert.equal(await seriousViolations(page), [], 'the upload page with a failure')
  await screenshot(page, 'upload-failed')

  const retried = page.waitForResponse((r) => /\/uploads\/[^/]+\/retry$/.test(r.url()))
  await page.getByRole('button', { name: 'Retry' }).click()
  assert.is((await retried).status(), 200, 'the upload is processed again')
  await page.getByRole('heading', { name: 'The upload did not go through' }).waitFor()

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recordings' }).click()
  const row = page.locator('table.recordings tbody tr', { hasText: 'Broken notes' })
  await row.locator('.badge', { hasText: 'Failed' }).waitFor()
  await row.getByRole('link', { name: 'Broken notes' }).click()
  await page.getByRole('heading', { name: 'This recording failed' }).waitFor()
  assert.match((await page.locator('.state-note').textContent()) ?? '', /must start with 'WEBVTT'/)
  assert.equal(await seriousViolations(page), [], 'a failed recording')
  await screenshot(page, 'recording-failed')
  const again = page.waitForResponse((r) => /\/uploads\/[^/]+\/retry$/.test(r.url()))
  await page.getByRole('button', { name: 'Retry processing' }).click()
  assert.is((await again).status(), 200)
  await page.getByRole('heading', { name: 'This recording failed' }).waitFor()
})

test('a transcript with a bad cue becomes notes, and the upload page says what was left out', async () => {
  const vtt = 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann>We ship on Friday.\n\n00:00:0x.000 --> 00:00:06.000\n<v Bo>lost\n\n00:00:07.000 --> 00:00:09.000\n<v Bo>Agreed.\n'
  await page.goto('/upload')
  await page.getByLabel('Choose a file').setInputFiles({ name: 'partly.vtt', mimeType: 'text/vtt', buffer: Buffer.from(vtt) })
  await page.getByLabel('Title').fill('Partly readable')
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await page.getByRole('heading', { name: 'Your notes are ready' }).waitFor({ timeout: 30_000 })
  const notes = page.locator('.notice-warn', { hasText: 'The file was read, with these notes:' })
  assert.match((await notes.textContent()) ?? '', /1 part of the file could not be read and was left out \(line 6: '00:00:0x.000 --> 00:00:06.000' is not a valid cue timing/)
  assert.equal(await seriousViolations(page), [], 'the upload page with warnings')
  await screenshot(page, 'upload-warnings')
})

test('a transcript longer than one answer is shown in parts', async () => {
  const created = await call('POST', '/uploads', JSON.stringify({ filename: 'roadmap.vtt', title: 'Roadmap review' }))
  await call('PUT', `/uploads/${created.id}/content`, longVtt(), false)
  for (let i = 0; (await call('GET', `/uploads/${created.id}`)).stage !== 'ready'; i++) {
    assert.ok(i < 300, 'the long transcript is processed')
    await new Promise((r) => setTimeout(r, 200))
  }
  longRunId = created.runId
  await page.goto(`/recordings/${longRunId}`)
  await page.getByText(`2000 of ${LONG_LINES} lines.`).waitFor()
  assert.is(await page.locator('ol.transcript > li').count(), 2000)
  await page.getByRole('button', { name: 'Show more' }).click()
  await page.getByText(`Point number ${LONG_LINES} of the quarterly roadmap review.`).waitFor()
  assert.is(await page.locator('ol.transcript > li').count(), LONG_LINES)
  assert.is(await page.getByRole('button', { name: 'Show more' }).count(), 0, 'nothing more to show')

  // A link to a moment past the first part fetches the transcript up to it and marks the line said then.
  await page.goto(`/recordings/${longRunId}?t=${2100 * 2000 + 500}`)
  const current = page.locator('ol.transcript [aria-current="true"]')
  await current.waitFor()
  assert.match((await current.textContent()) ?? '', /Point number 2101 /, 'the line said at ?t= is marked')
})

test('a read-only session reads the notes but has nothing to change them with', async () => {
  const made = cli(['keys', 'create', '--account', app.email, '--readonly', '--json'], { DATA_DIR: app.dataDir, NOTETAKER_STORE: 'sqlite' })
  assert.is(made.code, 0, made.stderr)
  const key = (JSON.parse(made.stdout) as { key: string }).key
  const reader = await openPage(browser, app)
  await reader.page.goto('/')
  await reader.page.getByRole('button', { name: 'Sign in with an API key' }).click()
  await reader.page.getByLabel('API key').fill(key)
  await reader.page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await reader.page.getByText('Read-only').waitFor()
  assert.is(await reader.page.getByRole('main').getByRole('link', { name: 'Upload', exact: true }).count(), 0, 'no Upload action on the list')

  await reader.page.goto(`/recordings/${longRunId}`)
  await reader.page.getByText('Send the roadmap to the whole team', { exact: true }).waitFor()
  for (const [what, count] of [
    ['checkboxes', reader.page.getByRole('checkbox').count()],
    ['Edit buttons', reader.page.getByRole('button', { name: /^Edit/ }).count()],
    ['Rename buttons', reader.page.getByRole('button', { name: /^Rename/ }).count()],
    ['Delete buttons', reader.page.getByRole('button', { name: /^Delete/ }).count()],
    ['Add buttons', reader.page.getByRole('button', { name: 'Add an action item' }).count()],
    ['Restore buttons', reader.page.getByRole('button', { name: /^Restore generated/ }).count()],
    ['share forms', reader.page.getByRole('button', { name: 'Share', exact: true }).count()],
  ] as const)
    assert.is(await count, 0, `no ${what}`)
  assert.equal(await seriousViolations(reader.page), [], 'the read-only recording page')

  await reader.page.goto('/upload')
  await reader.page.getByText('You are signed in with read-only access').waitFor()
  assert.is(await reader.page.getByLabel('Choose a file').count(), 0)
  assert.equal(reader.problems, [])
  await reader.context.close()
  assert.equal(watched.problems, [])
})

test('the list pages by 25: Next shows the rest, the page is in the address and survives a reload', async () => {
  const before = (await call('GET', '/recordings?limit=1')).total as number
  const needed = Math.max(0, 27 - before)
  const vtt = 'WEBVTT\n\n00:00.000 --> 00:02.000\n<v Speaker 1>A short line.\n'
  for (let i = 0; i < needed; i++) {
    const upload = await call('POST', '/uploads', JSON.stringify({ filename: `paging-${i}.vtt`, title: `Paging ${i}` }))
    await call('PUT', `/uploads/${upload.id}/content`, vtt, false)
  }
  const total = (await call('GET', '/recordings?limit=1')).total as number
  assert.ok(total >= 27, `${total} recordings to page through`)
  await page.goto('/')
  const pager = page.getByRole('navigation', { name: 'Recordings pages' })
  await pager.getByText(`1–25 of ${total}`).waitFor()
  assert.is(await page.locator('table.recordings tbody tr').count(), 25)
  await pager.getByRole('button', { name: 'Next' }).click()
  await pager.getByText(`26–${total} of ${total}`).waitFor()
  assert.is(await page.locator('table.recordings tbody tr').count(), total - 25)
  assert.match(page.url(), /offset=25/)
  assert.ok(await pager.getByRole('button', { name: 'Next' }).isDisabled(), 'no page after the last')
  await page.reload()
  await pager.getByText(`26–${total} of ${total}`).waitFor()
  await pager.getByRole('button', { name: 'Previous' }).click()
  await pager.getByText(`1–25 of ${total}`).waitFor()
  assert.not.match(page.url(), /offset=/)
  assert.equal(watched.problems, [])
})

test.run()
