/**
 * Correcting a recording's notes in Chromium against a real `notetaker serve`
 * (issue 32), at desktop width and at 390×844: rename the recording, edit the
 * summary (marked "Edited", then restored), relabel a topic, add an action
 * item and edit its title, delete a generated one (asked in place); each
 * change is what the API then answers, with no console error, and the page
 * passes axe-core.
 */
import type { Browser } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { LABELLED_VTT } from '../http/notes-world.js'
import { launchBrowser, openPage, type RunningApp, screenshot, seriousViolations, signIn, startApp } from './support.js'

let app: RunningApp
let browser: Browser

const api = async (path: string, init: RequestInit = {}) => {
  const res = await fetch(`${app.url}/ext/v1${path}`, { ...init, headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json', ...init.headers } })
  return ((await res.json()) as { data: any }).data
}

/** Uploads the meeting through the API (two requests) and waits for its notes; answers the run id. */
const uploadMeeting = async (title: string): Promise<string> => {
  const bytes = LABELLED_VTT
  const u = await api('/uploads', { method: 'POST', body: JSON.stringify({ filename: 'launch.vtt', byteSize: bytes.length, title }) })
  const put = await fetch(`${app.url}/ext/v1/uploads/${u.uploadId ?? u.id}/content`, { method: 'PUT', body: bytes, headers: { authorization: `Bearer ${app.apiKey}` } })
  assert.ok(put.ok, `the upload's bytes: ${put.status} ${await put.text()}`)
  for (let i = 0; i < 150; i++) {
    const r = await api(`/recordings/${u.runId}`)
    if (r.hasNotes) return u.runId as string
    await new Promise((done) => setTimeout(done, 200))
  }
  throw new Error('no notes')
}

test.before(async () => {
  app = await startApp()
  browser = await launchBrowser()
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
})

for (const [name, viewport] of [
  ['desktop', { width: 1280, height: 900 }],
  ['phone', { width: 390, height: 844 }],
] as const) {
  test(`${name}: the owner renames the recording, edits the summary and a topic, adds, edits and deletes action items`, async () => {
    const runId = await uploadMeeting(`Launch ${name}`)
    const watched = await openPage(browser, app, { viewport })
    const { page } = watched
    await signIn(page, app)
    await page.goto(`/recordings/${runId}`)
    await page.getByRole('heading', { name: `Launch ${name}`, level: 1 }).waitFor()

    // the title
    await page.getByRole('button', { name: 'Rename the recording' }).click()
    await page.getByRole('form', { name: 'Rename the recording' }).getByLabel('Title').fill(`Mobile launch (${name})`)
    await page.getByRole('form', { name: 'Rename the recording' }).getByRole('button', { name: 'Save' }).click()
    await page.getByRole('heading', { name: `Mobile launch (${name})`, level: 1 }).waitFor()

    // the summary, marked edited, then restored
    const generated = (await api(`/recordings/${runId}`)).shortSummary as string
    await page.getByRole('button', { name: 'Edit the summary' }).click()
    const summaryForm = page.getByRole('form', { name: 'Edit the summary' })
    await summaryForm.getByLabel('Summary').fill('The launch event moves to Berlin.')
    await summaryForm.getByRole('button', { name: 'Save' }).click()
    await page.locator('p.short-summary', { hasText: 'The launch event moves to Berlin.' }).waitFor()
    await page.getByRole('button', { name: 'Restore generated summary' }).waitFor()
    assert.is((await api(`/recordings/${runId}`)).edited.shortSummary.generated, generated)
    assert.equal(await seriousViolations(page), [], 'the notes with an edited summary')
    await screenshot(page, `notes-corrections-${name}`)
    await page.getByRole('button', { name: 'Restore generated summary' }).click()
    await page.locator('p.short-summary', { hasText: generated }).waitFor()
    await page.getByRole('button', { name: 'Edit the summary' }).click()
    await page.getByRole('form', { name: 'Edit the summary' }).getByLabel('Summary').fill('The launch event moves to Berlin.')
    await page.getByRole('form', { name: 'Edit the summary' }).getByRole('button', { name: 'Save' }).click()
    await page.getByRole('button', { name: 'Restore generated summary' }).waitFor()

    // a topic
    const topic = (await api(`/recordings/${runId}`)).topics[0]
    if (topic !== undefined) {
      await page.getByRole('button', { name: `Rename the topic “${topic.label}”` }).click()
      await page.getByRole('form', { name: `Rename the topic “${topic.label}”` }).getByLabel('Topic').fill('Venue')
      await page.getByRole('form', { name: `Rename the topic “${topic.label}”` }).getByRole('button', { name: 'Save' }).click()
      await page.locator('.topic-label', { hasText: 'Venue' }).waitFor()
    }

    // add an action item, then edit its title
    await page.getByRole('button', { name: 'Add an action item' }).click()
    const newItem = page.getByRole('form', { name: 'New action item' })
    await newItem.getByLabel('New action item').fill('Make her an offer')
    await newItem.getByRole('textbox', { name: 'Owner' }).fill('Dana')
    await newItem.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('checkbox', { name: 'Make her an offer' }).waitFor()
    await page.getByRole('button', { name: 'Edit “Make her an offer”' }).click()
    const itemForm = page.getByRole('form', { name: 'Edit “Make her an offer”' })
    await itemForm.getByLabel('Title').fill('Make Ana an offer')
    await itemForm.getByRole('button', { name: 'Save' }).click()
    await page.getByRole('checkbox', { name: 'Make Ana an offer' }).waitFor()

    // delete a generated item, asked in place
    const victim = 'Send the patched build to the testers'
    await page.getByRole('button', { name: `Delete “${victim}”` }).click()
    await page.getByRole('group', { name: `Delete “${victim}”?` }).getByRole('button', { name: 'Delete it' }).click()
    await page.getByRole('checkbox', { name: victim }).waitFor({ state: 'detached' })

    const after = await api(`/recordings/${runId}`)
    assert.is(after.title, `Mobile launch (${name})`)
    assert.is(after.shortSummary, 'The launch event moves to Berlin.')
    assert.equal(
      after.actionItems.map((i: { title: string; owner: string | null }) => [i.title, i.owner]).slice(-2),
      [['Book the venue and share the costs with finance', after.actionItems.at(-2).owner], ['Make Ana an offer', 'Dana']],
    )
    assert.not.ok(after.actionItems.some((i: { title: string }) => i.title === victim))
    if (topic !== undefined) assert.is(after.topics[0].label, 'Venue')
    // nothing sticks out of a phone's width
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1), 'no sideways scrolling')
    assert.equal(await seriousViolations(page), [], 'the corrected notes')
    assert.equal(watched.problems, [])
    await watched.context.close()
  })
}

test.run()
