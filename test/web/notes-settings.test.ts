/**
 * Settings → Notes in Chromium against a real `notetaker serve` (private addresses allowed, so a
 * server on loopback can be used), in an organization the first account owns: the owner points the
 * notes at a stand-in chat-completions server started here, Test shows its answer (and, against a
 * closed port, the failure in words) without saving, Save keeps the settings and never shows the key
 * again; a member sees them read-only and who may change them. An upload with a chosen template whose
 * server is down gets the built-in analyzer's notes, and the recording says so and retries. Axe on
 * every page; screenshots in test/artifacts/.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from '../support/cli.js'
import { launchBrowser, openPage, type RunningApp, screenshot, seriousViolations, signIn, startApp } from './support.js'

const KEY = 'sk-web-test-0123456789'
const MODEL = 'stand-in-model'
const ANSWER = 'Hello from the stand-in: the sample reads as a short standup.'

const MEETING_VTT = `WEBVTT

00:00:00.000 --> 00:00:05.000
<v Ana>Good morning, this is the standup for the mobile release.

00:00:05.500 --> 00:00:11.000
<v Ben>I'll send the patched build to the testers by Friday.

00:00:11.500 --> 00:00:17.000
<v Ana>We decided to ship the release on Tuesday.
`

let app: RunningApp
let browser: Browser
let standIn: Server
let standInUrl: string
/** A loopback address nothing listens on. */
let closedUrl: string
const asked: Array<{ path: string; authorization: string | undefined; model: unknown }> = []
let ownerKey: string
let memberKey: string

const listen = async (server: Server): Promise<number> => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return (server.address() as AddressInfo).port
}
const bodyOf = async (req: IncomingMessage): Promise<string> => {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text
}
const env = () => ({ DATA_DIR: app.dataDir, NOTETAKER_STORE: 'sqlite' })
const run = (args: string[]) => {
  const r = cli([...args, '--json'], env())
  assert.is(r.code, 0, r.stderr)
  return JSON.parse(r.stdout) as Record<string, unknown>
}

test.before(async () => {
  // An OpenAI-compatible chat-completions server: answers every completion with ANSWER as the JSON the test asks for (a one-line summary).
  standIn = createServer(async (req, res) => {
    const body = await bodyOf(req)
    if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) return void res.writeHead(404).end()
    let model: unknown = null
    try {
      model = (JSON.parse(body) as { model?: unknown }).model
    } catch {
      // recorded as null
    }
    asked.push({ path: req.url, authorization: req.headers.authorization, model })
    res.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        created: 0,
        model: MODEL,
        choices: [{ index: 0, message: { role: 'assistant', content: JSON.stringify({ summary: ANSWER }) }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 12, total_tokens: 22 },
      }),
    )
  })
  standInUrl = `http://127.0.0.1:${await listen(standIn)}`
  const closed = createServer()
  const port = await listen(closed)
  await new Promise((r) => closed.close(r))
  closedUrl = `http://127.0.0.1:${port}`

  app = await startApp({ NOTETAKER_ALLOW_PRIVATE_URLS: 'true' })
  // The first account owns an organization; a second account is a plain member of it.
  const org = run(['organizations', 'create', '--name', 'Acme', '--owner', app.email])
  run(['accounts', 'create', '--name', 'Mia Member', '--email', 'mia@example.com'])
  run(['organizations', 'add-member', '--organization', String(org['id']), '--account', 'mia@example.com', '--role', 'member'])
  ownerKey = String(run(['keys', 'create', '--account', app.email, '--org-wide'])['key'])
  memberKey = String(run(['keys', 'create', '--account', 'mia@example.com', '--org-wide'])['key'])
  browser = await launchBrowser()
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
  standIn?.close()
})

const api = async <A>(path: string, key: string, init: RequestInit = {}): Promise<{ status: number; data: A; text: string }> => {
  const res = await fetch(`${app.url}/ext/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...init.headers } })
  const text = await res.text()
  return { status: res.status, data: (JSON.parse(text) as { data: A }).data, text }
}

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 250))
  }
}

const openNotes = async (page: Page) => {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name: 'Notes' }).click()
  await page.getByRole('heading', { name: 'Notes', level: 2 }).waitFor()
}

interface SettingsView {
  analyzer: string
  openai: { url: string; model: string; contextTokens: number; hasKey: boolean } | null
  defaultTemplate: string
  source: string
  canEdit: boolean
}

test('the owner points the notes at an OpenAI-compatible server, tests it, and saves; the key is never shown back', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  await openNotes(page)
  await page.getByText("this server's own configuration applies").waitFor()
  assert.ok(await page.getByRole('radio', { name: 'Built-in (offline)' }).isChecked())
  assert.equal(await seriousViolations(page), [], 'notes settings, as the server has them')

  await page.getByRole('radio', { name: 'OpenAI-compatible server' }).check()
  await page.getByLabel('Server URL').fill(standInUrl)
  await page.getByLabel('Model').fill(MODEL)
  await page.getByLabel('API key').fill(KEY)
  assert.is(await page.getByLabel('API key').getAttribute('type'), 'password')
  assert.is(await page.getByLabel('Context length (tokens)').inputValue(), '8192')
  await page.getByText('8192 suits an 8k local model').waitFor()

  // Test: the stand-in's answer, with the time it took, from the form as typed (nothing saved yet).
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const answered = page.getByRole('status').filter({ hasText: 'The server answered in' })
  await answered.waitFor({ timeout: 30_000 })
  assert.match((await answered.textContent()) ?? '', /The server answered in \d+(\.\d)? m?s:/)
  await answered.getByText(ANSWER).waitFor()
  const call = asked.at(-1)
  assert.ok(call !== undefined, 'the stand-in was asked')
  assert.is(call?.authorization, `Bearer ${KEY}`, 'the typed key went to the server')
  assert.is(call?.model, MODEL)
  assert.is((await api<SettingsView>('/notes-settings', ownerKey)).data.source, 'server', 'Test saves nothing')

  // Test against a closed port: the failure in words.
  await page.getByLabel('Server URL').fill(closedUrl)
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  const failed = page.getByRole('alert').filter({ hasText: 'The test failed' })
  await failed.waitFor({ timeout: 60_000 })
  const words = (await failed.textContent()) ?? ''
  assert.match(words, /^The test failed after \d+(\.\d)? m?s: \S.{8,}/, words)
  assert.not.match(words, /\[object|undefined|null$/)
  assert.equal(await seriousViolations(page), [], 'notes settings, after the tests')
  await screenshot(page, 'settings-notes-test')

  // Save refused by the API: its words, and nothing saved.
  await page.getByLabel('Server URL').fill(`${standInUrl}/?model=x`)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByRole('alert').filter({ hasText: 'must not contain a ?query' }).waitFor()
  assert.is((await api<SettingsView>('/notes-settings', ownerKey)).data.source, 'server', 'a refused Save saves nothing')

  // Save: the stand-in, with the Standup template by default.
  await page.getByLabel('Server URL').fill(standInUrl)
  await page.getByLabel('Default template').selectOption({ label: 'Standup' })
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await page.getByText("Saved. The next recording's notes are written this way").waitFor()
  const saved = await api<SettingsView>('/notes-settings', ownerKey)
  assert.equal(saved.data.analyzer, 'openai')
  assert.equal(saved.data.openai, { url: standInUrl, model: MODEL, contextTokens: 8192, hasKey: true })
  assert.is(saved.data.defaultTemplate, 'standup')
  assert.is(saved.data.source, 'saved')
  assert.not.ok(saved.text.includes(KEY), 'the API never answers the key')

  // Read again: the key field is empty, says a key is saved, and the page holds no trace of it.
  await page.reload()
  await page.getByRole('heading', { name: 'Notes', level: 2 }).waitFor()
  assert.ok(await page.getByRole('radio', { name: 'OpenAI-compatible server' }).isChecked())
  assert.is(await page.getByLabel('Server URL').inputValue(), standInUrl)
  assert.is(await page.getByLabel('API key').inputValue(), '')
  assert.is(await page.getByLabel('API key').getAttribute('placeholder'), 'A key is saved')
  assert.not.ok((await page.content()).includes(KEY), 'the key is not in the page')
  // Test with the saved key: the field is empty, so the server's own saved key is used.
  await page.getByRole('button', { name: 'Test', exact: true }).click()
  await page.getByRole('status').filter({ hasText: 'The server answered in' }).waitFor({ timeout: 30_000 })
  assert.is(asked.at(-1)?.authorization, `Bearer ${KEY}`, 'the saved key was used')
  assert.equal(await seriousViolations(page), [], 'notes settings, saved')
  await screenshot(page, 'settings-notes')
  assert.equal(problems, [])
  await context.close()

  // At a phone's width nothing sticks out sideways.
  const phone = await openPage(browser, app, { viewport: { width: 390, height: 844 } })
  await signIn(phone.page, app)
  await phone.page.goto('/settings/notes')
  await phone.page.getByLabel('Server URL').waitFor()
  assert.ok((await phone.page.evaluate(() => document.documentElement.scrollWidth)) <= 390, 'nothing sticks out sideways')
  assert.equal(await seriousViolations(phone.page), [], 'notes settings, phone')
  await screenshot(phone.page, 'settings-notes-phone')
  assert.equal(phone.problems, [])
  await phone.context.close()
})

test('a member sees the notes settings read-only, and who can change them', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign in with an API key' }).click()
  await page.getByLabel('API key').fill(memberKey)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('button', { name: 'Sign out' }).waitFor()
  await openNotes(page)
  await page.getByText("Only the organization's owners and admins can change them.").waitFor()
  const facts = page.getByRole('definition')
  assert.ok((await facts.allTextContents()).includes('OpenAI-compatible server'))
  assert.ok((await facts.allTextContents()).includes('A key is saved'))
  assert.ok((await facts.allTextContents()).includes('Standup'))
  assert.is(await page.getByRole('button', { name: /Save|Test/ }).count(), 0)
  assert.is(await page.getByRole('textbox').count(), 0)
  assert.is(await page.getByRole('radio').count(), 0)
  assert.not.ok((await page.content()).includes(KEY))
  // The API agrees: the member may not change them.
  const refused = await api('/notes-settings', memberKey, { method: 'PUT', body: JSON.stringify({ analyzer: 'builtin', defaultTemplate: 'general' }) })
  assert.is(refused.status, 403)
  assert.equal(await seriousViolations(page), [], 'notes settings, member')
  await screenshot(page, 'settings-notes-member')
  assert.equal(problems, [])
  await context.close()
})

test('an upload with a chosen template, whose server is down, says its notes are the built-in analyzer\'s and retries', async () => {
  const down = await api('/notes-settings', ownerKey, { method: 'PUT', body: JSON.stringify({ analyzer: 'openai', openai: { url: closedUrl, model: MODEL, contextTokens: 8192 }, defaultTemplate: 'standup' }) })
  assert.is(down.status, 200, down.text)
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Upload' }).click()
  await page.getByLabel('Choose a file').setInputFiles({ name: 'standup.vtt', mimeType: 'text/vtt', buffer: Buffer.from(MEETING_VTT) })
  const template = page.getByLabel('Notes template')
  assert.is(await template.inputValue(), '', 'the default unless chosen')
  await template.getByRole('option', { name: 'The default (Standup)' }).waitFor({ state: 'attached' })
  await template.selectOption({ label: 'Interview' })
  await page.getByLabel('Title').fill('Release standup')
  assert.equal(await seriousViolations(page), [], 'the upload page with a template')
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  // The upload page says so too, with the server's failure in words, and links the notes.
  await page.getByRole('heading', { name: /Your notes are ready|The upload did not go through|The built-in analyzer wrote the notes instead/ }).waitFor({ timeout: 120_000 })
  await page.getByRole('heading', { name: 'The built-in analyzer wrote the notes instead' }).waitFor({ timeout: 1000 })
  assert.match((await page.getByRole('status').filter({ hasText: 'written by the built-in analyzer' }).textContent()) ?? '', /did not answer|refused|could not/)
  assert.equal(await seriousViolations(page), [], 'the upload page after a fallback')
  await screenshot(page, 'upload-notes-fallback')
  await page.getByRole('link', { name: 'Read the notes' }).click()

  await page.getByRole('heading', { name: 'Release standup', level: 1 }).waitFor()
  const notice = page.getByRole('region', { name: 'These notes were written by the built-in analyzer' })
  await notice.waitFor()
  assert.match((await notice.textContent()) ?? '', /built-in analyzer/)
  await page.getByText('Notes by the built-in analyzer, template Interview, because the notes server failed.').waitFor()
  await page.getByRole('heading', { name: 'Summary' }).waitFor()
  assert.equal(await seriousViolations(page), [], 'a recording with fallback notes')
  await screenshot(page, 'recording-notes-fallback')

  // Back to the built-in analyzer; Retry makes the notes again, and the notice goes.
  const builtin = await api('/notes-settings', ownerKey, { method: 'PUT', body: JSON.stringify({ analyzer: 'builtin', defaultTemplate: 'standup' }) })
  assert.is(builtin.status, 200, builtin.text)
  await notice.getByRole('button', { name: 'Retry' }).click()
  await notice.waitFor({ state: 'detached', timeout: 60_000 })
  await page.getByText('Notes by the built-in analyzer, template Interview.').waitFor({ timeout: 60_000 })
  assert.is(await page.getByRole('region', { name: 'The notes could not be made' }).count(), 0)
  assert.equal(problems, [])
  await context.close()
})

test.run()
