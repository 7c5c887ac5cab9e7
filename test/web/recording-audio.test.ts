/**
 * Audio following the transcript, in Chromium against a real `notetaker serve`
 * transcribing with pocketsphinx: spoken sentences uploaded through the page
 * become timed lines; a click on the first line plays from there, and the marked
 * line moves on as the audio plays. The player reads the Range-capable audio route.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { speakDialogue } from '../support/speech.js'
import { CHROMIUM, openPage, type RunningApp, screenshot, seriousViolations, signIn, startApp } from './support.js'

let app: RunningApp
let browser: Browser
const wav = join(mkdtempSync(join(tmpdir(), 'notetaker-web-audio-')), 'standup.wav')

test.before(async () => {
  ;[app, browser] = await Promise.all([
    // The default engine (`auto`): pocketsphinx, which this machine has, as a fresh install with it would.
    startApp(),
    // Headless Chromium has no sound card; it still plays (silently) and advances the time.
    chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] }),
    speakDialogue(
      [
        { speaker: 'Ann', text: 'Good morning everyone. The budget for the new office is ready for review.' },
        { speaker: 'Ben', text: 'Thank you. I will check the numbers and send my notes on Friday.', voice: 'en-us+m3' },
        { speaker: 'Ann', text: 'Great. We decided to open the office in March.' },
      ],
      wav,
    ),
  ])
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
})

test('spoken audio uploaded through the page plays from a clicked line, and the marked line follows it', async () => {
  const { page, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.goto('/upload')
  // The default engine, found on this machine, is named before anything is sent.
  await page.getByText('Audio is transcribed with PocketSphinx, offline on this server.').waitFor()
  await page.getByLabel('Choose a file').setInputFiles(wav)
  await page.getByLabel('Title').fill('Office standup')
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  // Once the file is sent, leave the page: processing goes on, and the list and the recording follow it live.
  await page.locator('.step.current', { hasText: /Waiting to be processed|Transcribing|Writing/ }).waitFor({ timeout: 30_000 })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Recordings' }).click()
  const row = page.locator('table.recordings tbody tr', { hasText: 'Office standup' })
  await row.waitFor()
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true))
  await row.getByRole('link', { name: 'Office standup' }).click()
  await page.getByRole('heading', { name: 'Office standup', level: 1 }).waitFor()
  await page.locator('.meta .badge', { hasText: 'Ready' }).waitFor({ timeout: 120_000 })
  assert.ok(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true), 'no reload: the page polled')

  const audio = page.locator('audio')
  await audio.waitFor()
  assert.match((await audio.getAttribute('src')) ?? '', /^\/ext\/v1\/recordings\/[0-9a-f-]{36}\/audio$/)
  const lines = page.locator('ol.transcript button.line')
  await lines.first().waitFor()
  const count = await lines.count()
  assert.ok(count >= 2, `pocketsphinx made several timed lines (${count})`)
  // Which engine made the transcript, under the notes: the rough one, worth processing again once Whisper is in place.
  await page.locator('p.made-by', { hasText: /^Transcript by PocketSphinx \(rough\)\. Notes by / }).waitFor()
  assert.equal(await seriousViolations(page), [], 'the recording page with its player')

  const currentIndex = () => page.evaluate(() => Array.from(document.querySelectorAll('ol.transcript button.line')).findIndex((b) => b.getAttribute('aria-current') === 'true'))
  await lines.first().click()
  await page.waitForFunction(() => {
    const a = document.querySelector('audio')
    return a !== null && !a.paused && a.currentTime > 0
  })
  assert.is(await currentIndex(), 0, 'the clicked first line is marked while it plays')
  assert.is(await lines.first().getAttribute('class'), 'line current')

  // The marked line moves on by itself as the audio reaches the next lines.
  await page.waitForFunction(() => Array.from(document.querySelectorAll('ol.transcript button.line')).findIndex((b) => b.getAttribute('aria-current') === 'true') > 0, undefined, { timeout: 30_000 })
  const later = await currentIndex()
  const time = await page.evaluate(() => document.querySelector('audio')?.currentTime ?? 0)
  assert.ok(later > 0, `a later line is marked (${later}) at ${time.toFixed(1)} s`)
  assert.is(await page.locator('ol.transcript [aria-current="true"]').count(), 1, 'one line at a time')
  await page.mouse.move(0, 0)
  await screenshot(page, 'recording-playing')

  // A click on the last line seeks there.
  await lines.last().click()
  await page.waitForFunction((n) => Array.from(document.querySelectorAll('ol.transcript button.line')).findIndex((b) => b.getAttribute('aria-current') === 'true') === n, count - 1)
  assert.equal(problems, [])
})

test.run()
