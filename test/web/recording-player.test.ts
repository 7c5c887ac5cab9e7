/**
 * The recording page's player, in Chromium against a real `notetaker serve` whose speech engine is
 * an OpenAI-compatible stand-in (many short lines over a tone, quickly): a clicked line and the lines
 * the audio then reaches stay comfortably in the transcript's box, never at its bottom edge; a
 * recording made from a transcript file has no player and never asks for audio it does not have.
 */
import { mkdtempSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Browser, chromium } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { json, StandInServer } from '../adapters/speech/transcribe-openai/stand-in-server.js'
import { makeTone } from '../adapters/speech/audio/make-audio.js'
import { CHROMIUM, openPage, type RunningApp, signIn, startApp } from './support.js'

const LINES = 80
const LINE_SECONDS = 1.5
let app: RunningApp
let browser: Browser
const engine = new StandInServer()
const wav = join(mkdtempSync(join(tmpdir(), 'notetaker-web-player-')), 'review.wav')

const call = async (method: string, path: string, body?: BodyInit, json = true) => {
  const headers: Record<string, string> = { authorization: `Bearer ${app.apiKey}` }
  if (json && body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`${app.url}/ext/v1${path}`, { method, headers, ...(body === undefined ? {} : { body }) })
  return ((await res.json()) as { data: any }).data
}

/** Uploads a file through the API and waits for its recording; its run id. */
const uploaded = async (filename: string, title: string, content: BodyInit): Promise<string> => {
  const created = await call('POST', '/uploads', JSON.stringify({ filename, title }))
  await call('PUT', `/uploads/${created.id}/content`, content, false)
  for (let i = 0; ; i++) {
    const stage = (await call('GET', `/uploads/${created.id}`)).stage
    if (stage === 'ready') return created.runId as string
    assert.ok(i < 300 && stage !== 'failed', `${title} is processed (${stage})`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

test.before(async () => {
  engine.reply = (res) =>
    json(res, 200, {
      text: '',
      language: 'english',
      duration: LINES * LINE_SECONDS,
      segments: Array.from({ length: LINES }, (_, i) => ({ id: i, start: i * LINE_SECONDS, end: (i + 1) * LINE_SECONDS - 0.1, text: ` Point ${i + 1} of the review.` })),
    })
  const [url] = await Promise.all([engine.start(), makeTone(wav, LINES * LINE_SECONDS)])
  ;[app, browser] = await Promise.all([
    startApp({ NOTETAKER_TRANSCRIBER: 'openai', NOTETAKER_TRANSCRIBER_URL: url }),
    // Headless Chromium has no sound card; it still plays (silently) and advances the time.
    chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--autoplay-policy=no-user-gesture-required'] }),
  ])
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
  await engine.stop()
})

/** Where the marked line sits in the transcript's box: its top and bottom as fractions of the box's height. */
const markedLinePlace = () => {
  const box = document.querySelector('ol.transcript')!
  const line = box.querySelector('[aria-current="true"]')!
  const b = box.getBoundingClientRect()
  const l = line.getBoundingClientRect()
  return { top: (l.top - b.top) / b.height, bottom: (l.bottom - b.top) / b.height }
}

test('a clicked line, and the lines the audio reaches after it, stay comfortably in view: never at the box\'s bottom edge', async () => {
  const runId = await uploaded('review.wav', 'Quarterly review', new Uint8Array(await readFile(wav)))
  const { page, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.goto(`/recordings/${runId}`)
  const lines = page.locator('ol.transcript button.line')
  await lines.first().waitFor()
  assert.is(await lines.count(), LINES)
  // The last line wholly in view near the box's bottom edge: where a click left the playing line before.
  const target = await page.evaluate(() => {
    const box = document.querySelector('ol.transcript')!.getBoundingClientRect()
    const all = Array.from(document.querySelectorAll('ol.transcript button.line'))
    return all.findLastIndex((l) => l.getBoundingClientRect().bottom <= box.bottom)
  })
  assert.ok(target > 2 && target < LINES - 10, `a line near the bottom edge (${target})`)
  await lines.nth(target).click()
  await page.waitForFunction((n) => document.querySelector('ol.transcript [aria-current="true"]')?.closest('li')?.getAttribute('data-line') === String(n), target)
  await page.waitForTimeout(800)
  const clicked = await page.evaluate(markedLinePlace)
  assert.ok(clicked.top >= 0 && clicked.bottom <= 0.75, `the clicked line is brought up (${clicked.top.toFixed(2)}–${clicked.bottom.toFixed(2)} of the box)`)
  // The audio plays on past the first seconds in which a click keeps the box still.
  await page.waitForFunction((n) => Number(document.querySelector('ol.transcript [aria-current="true"]')?.closest('li')?.getAttribute('data-line')) >= n, target + 4, { timeout: 20_000 })
  await page.waitForTimeout(800)
  const later = await page.evaluate(markedLinePlace)
  assert.ok(later.top >= 0 && later.bottom <= 0.8, `the playing line stays in view, clear of the bottom edge (${later.top.toFixed(2)}–${later.bottom.toFixed(2)} of the box)`)
  assert.equal(problems, [])
})

test('a recording made from a transcript file has no player and asks for no audio: no 404 in the console', async () => {
  const runId = await uploaded('notes.vtt', 'Written notes', 'WEBVTT\n\n00:00.000 --> 00:02.000\n<v Ann>Hello there.\n\n00:02.500 --> 00:04.000\n<v Ben>Hello Ann.\n')
  const { page, problems } = await openPage(browser, app)
  await signIn(page, app)
  const asked: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/audio')) asked.push(`${r.method()} ${r.url()}`)
  })
  page.on('console', (m) => {
    if (m.type() === 'error') asked.push(m.text())
  })
  await page.goto(`/recordings/${runId}`)
  await page.getByText('Hello Ann.').waitFor()
  await page.waitForLoadState('networkidle')
  assert.is(await page.locator('audio').count(), 0)
  assert.equal(asked, [])
  assert.equal(problems, [])
})

test.run()
