/**
 * Settings → Speech and the rough-engine banner in Chromium, against the real API and web app served
 * in this process over the HTTP harness, with a test double of the SpeechModels port whose downloads
 * move only when the test says (so the progress bar is seen at known points) and a speech engine that
 * follows the double's models as the live engine follows the models folder: PocketSphinx (rough) until
 * Whisper base.en is present. An administrator sees the rough engine named, downloads base.en and watches
 * it arrive, and the engine line change without a reload; a refused file shows the API's reason; Remove
 * asks again. A member who is not an administrator sees no Download, and is told whom to ask. The banner
 * is on the upload page while the engine is rough, gone once it is accurate. Phone width: nothing cut.
 */
import { randomBytes } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import type { Server } from 'node:http'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createHttpApp } from '../../adapters/driving/http-koa/app.js'
import { createApiServer } from '../../adapters/driving/http-koa/server.js'
import { buildWeb } from '../../adapters/driving/web/build.js'
import { webApp } from '../../adapters/driving/web/web-app.js'
import { defaultServerLimits } from '../../src/app/service/server-limits.js'
import type { Transcriber } from '../../src/core/ports/transcriber.js'
import { tempDir } from '../support/cli.js'
import { type Harness, startHarness } from '../support/http.js'
import { right } from '../support/run.js'
import { PASSWORD } from '../support/session.js'
import { speechModelsDouble, type SpeechModelsDouble } from '../support/speech-models.js'
import { failingTranscriber } from '../support/transcribers.js'
import { launchBrowser, openPage, screenshot, seriousViolations, signedIn } from './support.js'

const ADMIN = 'ada@example.com'
const MEMBER = 'bob@example.com'
const BASE_EN = 147_964_211
/** The file the double takes as the speaker segmentation model. */
const SEGMENTATION = randomBytes(2_500_000)

let h: Harness
let models: SpeechModelsDouble
let server: Server
let url: string
let browser: Browser

/** The engine the server would pick from its models now: Whisper base.en once it is present, PocketSphinx before. */
const liveEngine = (): Transcriber => {
  const whisper = () => models.state('base.en') === 'present'
  return {
    ...failingTranscriber(),
    get name() {
      return whisper() ? 'whisper' : 'pocketsphinx'
    },
    get model() {
      return whisper() ? 'base.en' : undefined
    },
    get accuracy() {
      return whisper() ? ('accurate' as const) : ('rough' as const)
    },
    get description() {
      return whisper() ? 'Whisper base.en: accurate, English' : 'PocketSphinx: rough, English only'
    },
  }
}

test.before(async () => {
  models = speechModelsDouble([
    { name: 'tiny.en', kind: 'whisper', bytes: 77_704_715, multilingual: false, description: 'rough, fastest' },
    { name: 'base.en', kind: 'whisper', bytes: BASE_EN, multilingual: false, description: 'accurate, fast on a CPU' },
    { name: 'small', kind: 'whisper', bytes: 487_601_967, multilingual: true, description: 'very accurate, slow on a CPU' },
    { name: 'pyannote-segmentation-3.0', kind: 'speaker-segmentation', bytes: SEGMENTATION.length, multilingual: true, description: 'finds where each voice speaks', file: SEGMENTATION },
    { name: '3dspeaker-eres2net-base', kind: 'speaker-embedding', bytes: 37_755_788, multilingual: true, description: 'tells voices apart' },
  ])
  h = await startHarness({ ports: { speechModels: models.port, modelsMirror: 'https://huggingface.co/ggerganov/whisper.cpp/resolve/main', transcriber: liveEngine() } })
  await right(h.core.identity.setServerAdmin(ADMIN, true))
  await right(h.core.identity.setPassword(ADMIN, PASSWORD))
  await right(h.core.identity.setPassword(MEMBER, PASSWORD))
  // The web app beside the same core: what `notetaker serve` mounts, over the harness's ports.
  const logger = pino({ level: 'silent' })
  const dir = join(tempDir('web-speech'), 'web')
  await buildWeb(dir)
  const { listener } = createHttpApp(h.core, { logger, web: webApp({ dir, logger }) })
  server = createApiServer(listener, defaultServerLimits(), logger)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launchBrowser()
})
test.after(async () => {
  await browser?.close()
  await new Promise((r) => server?.close(r))
  await h?.close()
})

const app = () => ({ url })

const signIn = async (page: Page, email: string) => {
  await page.goto('/')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await signedIn(page)
}

/** A WAV file of `seconds` of silence (16 kHz, 16-bit mono). */
const silentWav = (seconds: number): Buffer => {
  const data = 16_000 * 2 * seconds
  const header = Buffer.alloc(44)
  header.write('RIFF', 0)
  header.writeUInt32LE(36 + data, 4)
  header.write('WAVEfmt ', 8)
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(16_000, 24)
  header.writeUInt32LE(32_000, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36)
  header.writeUInt32LE(data, 40)
  return Buffer.concat([header, Buffer.alloc(data)])
}

const openSpeech = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Speech' }).click()
  await page.getByRole('heading', { name: 'Speech', level: 2 }).waitFor()
}

const openUpload = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload' }).click()
  await page.getByRole('heading', { name: 'Upload a recording' }).waitFor()
}

const row = (page: Page, title: string) => page.getByRole('listitem', { name: title, exact: true })
const engineLine = (page: Page) => page.locator('.engine-line .engine-name')

/** The elements that reach past the right edge of the screen, outside a box that scrolls sideways itself (the tabs); none when nothing scrolls sideways. */
const widerThanScreen = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    const inScroller = (e: Element): boolean => {
      for (let p = e.parentElement; p !== null && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== 'visible') return true
      return false
    }
    return Array.from(document.querySelectorAll('body *'))
      .filter((e) => e.getBoundingClientRect().right > width + 0.5 && !inScroller(e))
      .map((e) => `${e.tagName.toLowerCase()}.${e.className} "${(e.textContent ?? '').slice(0, 40)}"`)
  })

const progressOf = async (page: Page, title: string): Promise<number> => Number(await row(page, title).getByRole('progressbar').getAttribute('value'))

test('the banner on the upload page names the rough engine and leads an administrator to Download', async () => {
  const { page, context, problems } = await openPage(browser, app())
  await signIn(page, ADMIN)
  await openUpload(page)
  const banner = page.locator('.engine-banner')
  await banner.getByText('Transcripts are rough: this server uses PocketSphinx.').waitFor()
  const link = banner.getByRole('link', { name: 'Download Whisper base.en (148 MB) for accurate transcripts.' })
  assert.equal(await seriousViolations(page), [], 'upload page with the banner')
  await screenshot(page, 'speech-banner-upload')
  await link.click()
  await page.getByRole('heading', { name: 'Speech', level: 2 }).waitFor()
  assert.is(new URL(page.url()).pathname, '/settings/speech')
  assert.equal(problems, [])
  await context.close()
})

test('an administrator downloads Whisper base.en, watches it arrive, and the engine line changes without a reload', async () => {
  const { page, context, problems } = await openPage(browser, app())
  await signIn(page, ADMIN)
  await openSpeech(page)
  await engineLine(page).getByText('PocketSphinx: rough, English only').waitFor()
  await engineLine(page).getByText('Rough', { exact: true }).waitFor()
  const base = row(page, 'Whisper base.en')
  await base.getByText('148 MB').waitFor()
  await base.getByText('accurate, fast on a CPU').waitFor()
  await base.getByText('Not on this server').waitFor()
  // Whisper first, the speaker models in their own section.
  const sections = await page.locator('section.card h3').allTextContents()
  assert.equal(sections, ['Whisper models', 'Telling speakers apart'])
  await page.getByText('huggingface.co/ggerganov/whisper.cpp').first().waitFor()
  assert.equal(await seriousViolations(page), [], 'Settings → Speech, rough')
  // The page is never reloaded: a mark left in it must survive the whole download.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true))

  await base.getByRole('button', { name: 'Download' }).click()
  await base.getByText('Downloading', { exact: true }).waitFor()
  await base.getByRole('progressbar', { name: 'Downloading Whisper base.en' }).waitFor()
  assert.is(await base.getByRole('button', { name: 'Download' }).count(), 0, 'no second Download while it runs')

  models.advance('base.en', 40_000_000)
  await base.getByText('40.0 MB of 148 MB (27 %)').waitFor()
  const first = await progressOf(page, 'Whisper base.en')
  assert.is(first, 40_000_000)
  models.advance('base.en', 111_000_000)
  await base.getByText('111.0 MB of 148 MB (75 %)').waitFor()
  assert.ok((await progressOf(page, 'Whisper base.en')) > first, 'the bar moved')
  assert.equal(await seriousViolations(page), [], 'Settings → Speech, downloading')
  await screenshot(page, 'speech-downloading')

  models.finish('base.en')
  await base.getByText('On this server', { exact: true }).waitFor()
  await base.getByText('In use').waitFor()
  await engineLine(page).getByText('Whisper base.en: accurate, English').waitFor()
  await engineLine(page).getByText('Accurate', { exact: true }).waitFor()
  assert.is(await base.getByRole('progressbar').count(), 0)
  assert.ok(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed === true), 'the page was not reloaded')
  await screenshot(page, 'speech-accurate')

  // The banner is gone from the upload page now the engine is accurate.
  await openUpload(page)
  await page.getByText('What happens next').waitFor()
  assert.is(await page.locator('.engine-banner').count(), 0)
  assert.equal(problems, [])
  await context.close()
})

test('a file that is not the model is refused with the API’s reason in words, and nothing is added', async () => {
  const { page, context, problems } = await openPage(browser, app())
  await signIn(page, ADMIN)
  await openSpeech(page)
  const tiny = row(page, 'Whisper tiny.en')
  await tiny.getByText('Not on this server').waitFor()
  const notTheModel = Buffer.from('not a whisper model, just words')
  await tiny.getByLabel('Add a model file').setInputFiles({ name: 'ggml-tiny.en.bin', mimeType: 'application/octet-stream', buffer: notTheModel })
  const refused = tiny.getByRole('alert')
  await refused.waitFor()
  const words = (await refused.textContent()) ?? ''
  assert.is(words, models.refusalOf('tiny.en', notTheModel))
  assert.not.match(words, /^content|validation/i, 'the reason, not a field name')
  assert.is(await tiny.getByRole('button', { name: /retry/i }).count(), 0, 'no Retry: the same file would be refused again')
  assert.is(models.state('tiny.en'), 'absent')
  await tiny.getByText('Not on this server').waitFor()
  assert.equal(await seriousViolations(page), [], 'Settings → Speech, a refused file')
  await screenshot(page, 'speech-refused-file')
  assert.equal(problems, [])
  await context.close()
})

test('the right file, added from this computer, is kept and shown present', async () => {
  const { page, context, problems } = await openPage(browser, app())
  await signIn(page, ADMIN)
  await openSpeech(page)
  const segmentation = row(page, 'pyannote-segmentation-3.0')
  await segmentation.getByText('2.5 MB').waitFor()
  await segmentation.getByLabel('Add a model file').setInputFiles({ name: 'segmentation.onnx', mimeType: 'application/octet-stream', buffer: SEGMENTATION })
  await segmentation.getByText('On this server', { exact: true }).waitFor()
  assert.is(models.state('pyannote-segmentation-3.0'), 'present', 'the double compared the bytes it was sent with the model’s')
  assert.is(await segmentation.getByRole('alert').count(), 0)
  assert.is(await segmentation.getByText('Add a model file').count(), 0, 'nothing more to add')
  await segmentation.getByRole('button', { name: 'Remove pyannote-segmentation-3.0' }).waitFor()
  assert.equal(problems, [])
  await context.close()
})

test('Remove asks again, then the model is gone and the engine is the rough one again', async () => {
  const { page, context, problems } = await openPage(browser, app())
  await signIn(page, ADMIN)
  await openSpeech(page)
  const base = row(page, 'Whisper base.en')
  await base.getByText('On this server', { exact: true }).waitFor()
  await base.getByRole('button', { name: 'Remove Whisper base.en' }).click()
  assert.is(models.state('base.en'), 'present', 'nothing removed before the confirmation')
  await base.getByRole('button', { name: 'Yes, remove Whisper base.en' }).click()
  await base.getByText('Not on this server').waitFor()
  await engineLine(page).getByText('PocketSphinx: rough, English only').waitFor()
  assert.is(models.state('base.en'), 'absent')
  assert.equal(problems, [])
  await context.close()
})

test('a stopped download offers Resume from where it stopped; a refused one says why', async () => {
  const { page, context, problems } = await openPage(browser, app())
  await signIn(page, ADMIN)
  await openSpeech(page)
  const tiny = row(page, 'Whisper tiny.en')
  await tiny.getByRole('button', { name: 'Download' }).click()
  models.advance('tiny.en', 30_000_000)
  await tiny.getByText('30.0 MB of 78 MB (38 %)').waitFor()
  models.stop('tiny.en')
  await tiny.getByText('Download stopped', { exact: true }).waitFor()
  await tiny.getByText('The download stopped at 30.0 MB of 78 MB (38 %). Resume goes on from there.').waitFor()
  await tiny.getByRole('button', { name: 'Resume' }).click()
  await tiny.getByText('Downloading', { exact: true }).waitFor()
  const problem = "the downloaded file's SHA-256 is not tiny.en's; it was deleted, and nothing was added"
  models.refuse('tiny.en', problem)
  await tiny.getByRole('status').getByText(problem).waitFor()
  await tiny.getByRole('button', { name: 'Download' }).waitFor()
  assert.is(await tiny.getByRole('button', { name: /retry/i }).count(), 0)
  assert.equal(await seriousViolations(page), [], 'Settings → Speech, a refused download')
  assert.equal(problems, [])
  await context.close()
})

test('a recording made from audio carries the banner while the engine is rough; one from a transcript does not', async () => {
  const upload = async (filename: string, type: string, body: Buffer): Promise<string> => {
    const created = await h.request('POST', '/uploads', { body: { filename, byteSize: body.length, contentType: type } })
    assert.is(created.status, 201, JSON.stringify(created.body))
    const sent = await fetch(`${h.url}/ext/v1/uploads/${created.body.data.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${h.keys.full}`, 'content-type': type }, body: new Uint8Array(body) })
    assert.is(sent.status, 200, await sent.text())
    return String(created.body.data.runId)
  }
  const fromAudio = await upload('standup.wav', 'audio/wav', silentWav(2))
  const fromTranscript = await upload('standup.vtt', 'text/vtt', Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v Ana>We ship on Tuesday.\n'))
  // Processed: the audio fails at the (failing) engine and keeps its audio; the transcript is read.
  await h.worker.drain()
  const { page, context, problems } = await openPage(browser, app())
  await signIn(page, ADMIN)
  await page.goto(`/recordings/${fromAudio}`)
  await page.locator('.engine-banner').getByText('Transcripts are rough: this server uses PocketSphinx.').waitFor()
  await page.locator('.engine-banner').getByRole('link', { name: /^Download Whisper base\.en \(148 MB\)/ }).waitFor()
  assert.equal(await seriousViolations(page), [], 'a recording with the banner')
  await page.goto(`/recordings/${fromTranscript}`)
  await page.getByRole('heading', { name: 'Transcript' }).waitFor()
  await page.getByText('We ship on Tuesday.').waitFor()
  assert.is(await page.locator('.engine-banner').count(), 0, 'a transcript file was not transcribed by the engine')
  assert.equal(problems, [])
  await context.close()
})

test('a member who is not an administrator sees the engine, no Download, and whom to ask; so does the banner', async () => {
  const { page, context, problems } = await openPage(browser, app())
  await signIn(page, MEMBER)
  await openSpeech(page)
  await engineLine(page).getByText('PocketSphinx: rough, English only').waitFor()
  await page.getByText("Ask this server's administrator to add an accurate model").waitFor()
  assert.is(await page.getByRole('button', { name: 'Download' }).count(), 0)
  assert.is(await page.getByText('Add a model file').count(), 0)
  assert.equal(await seriousViolations(page), [], 'Settings → Speech, not an administrator')
  await openUpload(page)
  const banner = page.locator('.engine-banner')
  await banner.getByText('Transcripts are rough: this server uses PocketSphinx.').waitFor()
  await banner.getByText("Ask this server's administrator to add an accurate model").waitFor()
  assert.is(await banner.getByRole('link').count(), 0)
  // Hidden for this tab's session: gone at once, and after moving around.
  await banner.getByRole('button', { name: 'Hide for now' }).click()
  assert.is(await page.locator('.engine-banner').count(), 0)
  await openSpeech(page)
  await openUpload(page)
  await page.getByText('What happens next').waitFor()
  assert.is(await page.locator('.engine-banner').count(), 0)
  assert.equal(problems, [])
  await context.close()
})

test('on a phone (390 px) nothing is cut and the buttons can be reached', async () => {
  const { page, context, problems } = await openPage(browser, app(), { viewport: { width: 390, height: 844 } })
  await signIn(page, ADMIN)
  await page.goto('/settings/speech')
  const small = row(page, 'Whisper small')
  await small.getByRole('button', { name: 'Download' }).click()
  models.advance('small', 123_456_789)
  await small.getByText('123.5 MB of 488 MB (25 %)').waitFor()
  assert.equal(await widerThanScreen(page), [], 'no sideways scrolling')
  for (const b of await page.locator('main button, main label.button').all()) {
    await b.scrollIntoViewIfNeeded()
    const box = await b.boundingBox()
    assert.ok(box !== null && box.x >= 0 && box.x + box.width <= 390, `${await b.textContent()} fits the width`)
  }
  await screenshot(page, 'speech-phone')
  await page.goto('/upload')
  await page.locator('.engine-banner').waitFor()
  assert.equal(await widerThanScreen(page), [], 'the banner fits')
  await screenshot(page, 'speech-banner-phone')
  models.finish('small')
  assert.equal(problems, [])
  await context.close()
})

test.run()
