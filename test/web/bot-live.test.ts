/**
 * A bot's own page in Chromium against a real `notetaker serve` whose simulated bot plays a scripted
 * meeting: sent from the web app, the page shows each line as a live preview growing, then finished
 * with its speaker; it follows the newest line until the reader scrolls back, and "Jump to the
 * newest line" brings it back; a dropped connection resumes with no line lost or doubled (its
 * first connection is cut after a line, and the reconnection is sent three events again); when the
 * meeting ends it says why and becomes the recording's page, whose transcript holds every line
 * the live view showed. Then the same page at a phone's width.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { tempDir } from '../support/cli.js'
import { launchBrowser, openPage, PHONE, type RunningApp, screenshot, seriousViolations, signIn, startApp } from './support.js'

/** Long enough to overflow the transcript's box, each line long enough to be seen as a preview first. */
const SCRIPT = Array.from({ length: 18 }, (_, i) => ({
  speaker: i % 2 === 0 ? 'Alice Martin' : 'Bob Chen',
  text: `Line ${i + 1} of the planning meeting, where we talk through the launch of the billing page and its tests.`,
}))

let app: RunningApp
let browser: Browser

test.before(async () => {
  const dir = tempDir('bot-live-script')
  const script = join(dir, 'script.json')
  writeFileSync(script, JSON.stringify({ utterances: SCRIPT }))
  // Three times real speed: a line takes a second or two, a preview of it a few hundred ms.
  app = await startApp({ NOTETAKER_BOT: 'simulated', NOTETAKER_SIMULATED_SPEED: '3', NOTETAKER_SIMULATED_SCRIPT: script })
  browser = await launchBrowser()
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
})

const box = (page: Page) => page.getByRole('region', { name: 'Lines so far' })
const finished = (page: Page) => page.getByRole('log', { name: 'Finished lines' }).locator('li')
/** How far the transcript's box is from its bottom, in px, and how far it is scrolled. */
const scroll = (page: Page) => box(page).evaluate((b) => ({ fromBottom: b.scrollHeight - b.scrollTop - b.clientHeight, top: b.scrollTop, overflows: b.scrollHeight > b.clientHeight }))
const finishedCount = (page: Page) => finished(page).count()
const waitForMore = async (page: Page, than: number) => {
  await finished(page).nth(than).waitFor({ timeout: 20_000 })
}

/**
 * The stream's events up to its first finished line, read with the API key, as the text the server
 * sent (each event whole), and the seq of that line.
 */
const firstEventsToAnUtterance = async (url: string): Promise<{ text: string; seq: number }> => {
  const stop = new AbortController()
  const res = await fetch(url, { headers: { authorization: `Bearer ${app.apiKey}` }, signal: stop.signal })
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  let text = ''
  for (;;) {
    const { value, done } = await reader.read()
    if (done) throw new Error(`the stream ended before a finished line:\n${text}`)
    text += value
    const events = text.split('\n\n')
    const at = events.findIndex((e) => e.includes('event: utterance'))
    if (at >= 0) {
      stop.abort()
      const kept = events.slice(0, at + 1)
      return { text: `${kept.join('\n\n')}\n\n`, seq: Number(/^id: (\d+)$/m.exec(kept.at(-1)!)![1]) }
    }
  }
}

/**
 * A connection that drops after the first finished line: the first connection is answered with the
 * events up to it and then closes; EventSource reconnects by itself, and the reconnection asks
 * (Last-Event-ID) for what came after the third event before that line, so the server sends three
 * events the page has already, the line among them. The page must show each line once.
 */
const dropAfterTheFirstLine = async (page: Page) => {
  let calls = 0
  let lastSeq = 0
  await page.route('**/ext/v1/bots/*/live', async (route) => {
    calls += 1
    if (calls === 1) {
      const first = await firstEventsToAnUtterance(route.request().url())
      lastSeq = first.seq
      return route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }, body: `retry: 300\n\n${first.text}` })
    }
    if (calls > 2) return route.continue()
    return route.continue({ headers: { ...(await route.request().allHeaders()), 'last-event-id': String(Math.max(0, lastSeq - 3)) } })
  })
  return () => calls
}

const sendBot = async (page: Page, title: string): Promise<string> => {
  await page.goto('/bots')
  await page.getByLabel('Meeting link').fill('https://meet.google.com/abc-defg-hij')
  await page.getByLabel('Title').fill(title)
  await page.getByRole('button', { name: 'Send the bot' }).click()
  await page.waitForURL(/\/bots\/[0-9a-f-]{36}$/)
  await page.getByRole('heading', { name: title, level: 1 }).waitFor()
  return new URL(page.url()).pathname.split('/').at(-1)!
}

test('a bot sent from the web app: its live transcript as it is spoken, followed, resumed, then its recording', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  const connections = await dropAfterTheFirstLine(page)
  const runId = await sendBot(page, 'Billing launch')
  await page.getByText('The transcript made after the meeting is the reference').waitFor()

  // A line is first a preview, growing, then finished with its speaker.
  const partial = page.getByTestId('live-partial')
  await partial.waitFor({ timeout: 20_000 })
  assert.match(await partial.innerText(), /Live preview/)
  const previewText = await partial.locator('.live-text').innerText()
  const spoken = SCRIPT.find((l) => l.text.startsWith(previewText.replace(/\s*…$/, '').trim()))
  assert.ok(spoken !== undefined, `the preview "${previewText}" is the start of a line of the meeting`)
  const line = finished(page).filter({ hasText: spoken.text })
  await line.waitFor({ timeout: 20_000 })
  assert.match(await line.innerText(), new RegExp(spoken.speaker), 'the finished line names its speaker')
  assert.match((await page.getByTestId('live-now').innerText()) ?? '', /in the meeting/)
  assert.equal(await seriousViolations(page), [], 'bot page, live')
  await screenshot(page, 'bot-live')

  // Following the newest line: once the box overflows, it stays at its bottom as lines come.
  for (let n = await finishedCount(page); !(await scroll(page)).overflows; n = await finishedCount(page)) await waitForMore(page, n)
  const before = await finishedCount(page)
  await waitForMore(page, before)
  assert.ok((await scroll(page)).fromBottom <= 24, 'the newest line is in view')

  // Scrolled back to read: the box stays where the reader put it, and offers to jump.
  await box(page).hover()
  await page.mouse.wheel(0, -5000)
  const jump = page.getByRole('button', { name: /Jump to the newest line/ })
  await jump.waitFor()
  const readingAt = (await scroll(page)).top
  const seen = await finishedCount(page)
  await waitForMore(page, seen)
  assert.is((await scroll(page)).top, readingAt, 'a new line does not move a reader who scrolled back')

  await jump.click()
  await jump.waitFor({ state: 'detached' })
  assert.ok((await scroll(page)).fromBottom <= 24, 'the jump brings the newest line into view')
  const after = await finishedCount(page)
  if (after < SCRIPT.length) {
    await waitForMore(page, after)
    assert.ok((await scroll(page)).fromBottom <= 24, 'and it follows again')
  }

  // The meeting ends: the page says why, then becomes the recording's page once the notes are ready.
  await page.getByTestId('live-now').getByText(/The bot left the meeting\. The meeting ended\./).waitFor({ timeout: 60_000 })
  const shown = await finished(page).locator('.live-text').allInnerTexts()
  assert.equal(shown, SCRIPT.map((l) => l.text), 'every line once, in order: none lost, none doubled')
  assert.ok(connections() >= 2, 'the stream was reconnected after the drop')
  assert.not.ok(await partial.isVisible(), 'no preview is left once the meeting ended')

  await page.waitForURL(`**/recordings/${runId}`, { timeout: 90_000 })
  await page.getByRole('heading', { name: 'Billing launch', level: 1 }).waitFor()
  const transcript = page.locator('ol.transcript .line-text')
  await transcript.first().waitFor()
  const reference = await transcript.allInnerTexts()
  for (const text of shown) assert.ok(reference.includes(text), `the recording's transcript holds "${text}"`)
  // Replaced, not pushed: Back goes to where the reader came from, not to the bot's page again.
  await page.goBack()
  await page.waitForURL(/\/bots$/)
  assert.equal(problems, [])
  await context.close()
})

test('the bot page at a phone width: it fits, the transcript follows, nothing is out of reach', async () => {
  const { page, context, problems } = await openPage(browser, app, PHONE)
  await signIn(page, app)
  await sendBot(page, 'Phone check')
  await finished(page).first().waitFor({ timeout: 20_000 })
  const over = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  assert.ok(over <= 0, `the page is ${over} px wider than the screen`)
  assert.equal(await seriousViolations(page), [], 'bot page on a phone')
  await screenshot(page, 'phone-bot-live')
  // Leave so the meeting does not outlive the test.
  await page.getByRole('button', { name: 'Make it leave' }).click()
  await page.getByTestId('live-now').getByText(/The bot left the meeting\. The bot was asked to leave\./).waitFor({ timeout: 20_000 })
  assert.equal(problems, [])
  await context.close()
})

test.run()
