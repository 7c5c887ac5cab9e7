/**
 * The settings sections in Chromium against a real `notetaker serve` (private
 * addresses allowed, so loopback receivers work): a webhook added in the UI gets
 * a delivery that shows in its log, is resent and has its secret rotated; an ICS
 * calendar served on loopback is connected and its auto-join mode and rules
 * changed; API keys are created read-only and revoked; the organization and
 * account sections explain themselves. Each section passes axe-core.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli } from '../support/cli.js'
import { launchBrowser, openPage, type RunningApp, screenshot, seriousViolations, signIn, startApp } from './support.js'

let app: RunningApp
let browser: Browser
let receiver: Server
let receiverUrl: string
const received: Array<{ type: string; webhookId: string }> = []
let feed: Server
let feedUrl: string

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const bodyOf = async (req: IncomingMessage): Promise<string> => {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text
}

/** The `week` parameter of the Meetings page for a day: its Monday, in local time (the browser's too). */
const weekOf = (d: Date) => {
  const m = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7))
  return `${m.getFullYear()}-${String(m.getMonth() + 1).padStart(2, '0')}-${String(m.getDate()).padStart(2, '0')}`
}

const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll('-', '')
const ics = () => {
  const tomorrow = new Date(Date.now() + 86_400_000)
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Notetaker tests//EN',
    'X-WR-CALNAME:Team calendar',
    'BEGIN:VEVENT',
    'UID:web-settings-1@example.com',
    'DTSTAMP:20240301T090000Z',
    `DTSTART:${ymd(tomorrow)}T150000Z`,
    'DURATION:PT30M',
    'SUMMARY:Roadmap review',
    'LOCATION:https://meet.google.com/abc-defg-hij',
    'END:VEVENT',
    // An invitation the account declined: not recorded, whatever the rules say, until the setting allows it.
    'BEGIN:VEVENT',
    'UID:declined@test',
    `DTSTART:${ymd(tomorrow)}T160000Z`,
    'DURATION:PT30M',
    'SUMMARY:Offsite planning',
    'LOCATION:https://meet.google.com/abc-defg-hij',
    'ORGANIZER;CN=Bo:mailto:bo@partner.example',
    `ATTENDEE;CN=Owner;PARTSTAT=DECLINED:mailto:${app.email}`,
    'END:VEVENT',
    // An all-day event: "All day" on its date, never "12:00 AM – 12:00 AM".
    'BEGIN:VEVENT',
    'UID:holiday@test',
    `DTSTART;VALUE=DATE:${ymd(tomorrow)}`,
    'SUMMARY:Company holiday',
    'END:VEVENT',
    'BEGIN:VEVENT',
    'UID:forever@test',
    `DTSTART:${ymd(tomorrow)}T170000Z`,
    'DURATION:P999999999999999999W',
    'SUMMARY:Forever',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n')
}

test.before(async () => {
  receiver = createServer(async (req, res) => {
    const body = JSON.parse(await bodyOf(req)) as { type: string }
    received.push({ type: body.type, webhookId: String(req.headers['webhook-id']) })
    res.writeHead(200).end('ok')
  })
  receiverUrl = `${await listen(receiver)}/hook`
  feed = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/calendar' }).end(ics()))
  feedUrl = `${await listen(feed)}/calendar.ics`
  app = await startApp({ NOTETAKER_ALLOW_PRIVATE_URLS: 'true', NOTETAKER_SIMULATED_SPEED: '10' })
  browser = await launchBrowser()
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
  receiver?.close()
  feed?.close()
})

const api = async <A>(path: string, init: RequestInit = {}): Promise<{ status: number; data: A }> => {
  const res = await fetch(`${app.url}/ext/v1${path}`, { ...init, headers: { authorization: `Bearer ${app.apiKey}`, 'content-type': 'application/json', ...init.headers } })
  return { status: res.status, data: ((await res.json()) as { data: A }).data }
}

const until = async (what: string, check: () => boolean | Promise<boolean>, ms = 20_000) => {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const section = async (page: Page, name: string) => {
  await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name }).click()
  await page.getByRole('heading', { name, level: 2 }).waitFor()
  assert.equal(await page.getByRole('navigation', { name: 'Settings sections' }).getByRole('link', { name }).getAttribute('aria-current'), 'page')
}

test('webhooks: add one, see its delivery in the log, resend it, rotate the secret, disable it', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click()
  await section(page, 'Webhooks')
  await page.getByText('No endpoint yet.').waitFor()
  assert.equal(await seriousViolations(page), [], 'webhooks, empty')

  await page.getByLabel('Endpoint URL').fill(receiverUrl)
  await page.getByLabel('Description').fill('Test receiver')
  // Every event is ticked by default; leave out the upload ones.
  await page.getByRole('checkbox', { name: /upload\.ready/ }).uncheck()
  await page.getByRole('checkbox', { name: /upload\.failed/ }).uncheck()
  await page.getByRole('button', { name: 'Add the endpoint' }).click()
  const secret = page.getByTestId('secret')
  await secret.waitFor()
  assert.match((await secret.textContent()) ?? '', /^whsec_/)
  await page.getByText('shown only this once').waitFor()
  await page.getByRole('button', { name: 'I have copied it' }).click()
  await secret.waitFor({ state: 'detached' })
  const card = page.getByRole('region', { name: receiverUrl })
  await card.waitFor()
  assert.not.ok(((await card.textContent()) ?? '').includes('upload.ready'))

  // Something that emits an event: a bot sent through the API.
  const bot = await api<{ runId: string }>('/bots', { method: 'POST', body: JSON.stringify({ joinUrl: 'https://meet.google.com/abc-defg-hij', title: 'Webhook trigger' }) })
  assert.is(bot.status, 201)
  await until('a delivery to the receiver', () => received.length > 0)

  await card.getByRole('button', { name: 'Delivery log' }).click()
  const log = card.getByRole('table')
  await log.getByRole('cell', { name: '200' }).first().waitFor()
  const first = received[0]!
  await log.getByText(first.type).first().waitFor()
  assert.equal(await seriousViolations(page), [], 'webhooks, log')
  await screenshot(page, 'settings-webhooks')

  const before = received.length
  await log.getByRole('button', { name: /^Resend/ }).last().click()
  await card.getByText(/Queued .* again/).waitFor()
  await until('the resent delivery', () => received.length > before)
  await log.getByText('(resent)').first().waitFor()
  assert.ok(received.slice(before).some((r) => received.slice(0, before).some((o) => o.webhookId === r.webhookId)), 'a resend carries the same webhook-id')

  // A test event on request, shown in the log with what was sent and what the receiver answered.
  await card.getByRole('button', { name: `Send a test event to ${receiverUrl}` }).click()
  await card.getByText('A test event is on its way').waitFor()
  await until('the test event', () => received.some((r) => r.type === 'webhook.test'))
  await log.getByText('(test)').first().waitFor()
  await log.locator('summary', { hasText: 'webhook.test' }).first().click()
  const sent = log.locator('details[open] pre.payload')
  await sent.first().waitFor()
  assert.match((await sent.first().textContent()) ?? '', /"type": "webhook\.test"[\s\S]*"endpointId"/)
  assert.is(await sent.nth(1).textContent(), 'ok', "the receiver's answer")
  assert.equal(await seriousViolations(page), [], 'webhooks, a payload open')

  await card.getByRole('button', { name: 'Rotate the secret' }).click()
  await card.getByTestId('secret').waitFor()
  assert.match((await card.getByTestId('secret').textContent()) ?? '', /^whsec_/)
  await card.getByRole('button', { name: 'I have copied it' }).click()

  await card.getByRole('checkbox', { name: `Enabled ${receiverUrl}` }).uncheck()
  await card.getByText('Disabled', { exact: true }).waitFor()
  const endpoints = await api<{ rows: Array<{ status: string; previousSecretExpiresAt: string | null }> }>('/webhooks')
  assert.equal(endpoints.data.rows.map((w) => w.status), ['disabled'])
  assert.ok(endpoints.data.rows[0]?.previousSecretExpiresAt !== null, 'the secret was rotated')
  assert.equal(problems, [])
  await context.close()
})

test('calendars: connect an ICS feed, see it sync, change its auto-join mode and rules', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.goto('/settings/calendars')
  await page.getByText('No calendar is connected.').waitFor()
  assert.equal(await seriousViolations(page), [], 'calendars, empty')
  await page.getByLabel('iCalendar feed address').fill(feedUrl)
  await page.getByRole('button', { name: 'Connect the calendar' }).click()
  const card = page.locator('section.connection')
  await card.getByText('Syncing').waitFor({ timeout: 20_000 })
  assert.not.match((await card.textContent()) ?? '', /Not yet/)
  // Named by the feed itself, not "Calendar feed ics-…", with how many of its meetings are to come.
  await card.getByRole('heading', { name: 'Team calendar' }).waitFor()
  assert.is(await card.getByText(/ics-[0-9a-f]{16}/).count(), 0)
  assert.is(await card.locator('dt:has-text("Meetings") + dd').textContent(), '3 to come')
  const leftOut = card.getByRole('list', { name: 'What the last sync left out' })
  assert.equal(await leftOut.getByRole('listitem').allTextContents(), [
    '1 event could not be read and was left out; the rest was synced.',
    'Event "Forever" could not be read and was left out: it lasts more than 1,000 days, longer than the 90 days an event may last.',
  ])

  await card.getByLabel('Record automatically').selectOption('manual')
  await card.getByText('Saved the auto-join mode.').waitFor()
  await card.getByRole('button', { name: 'Add a rule to Bar rules' }).click()
  await card.getByLabel('Bar rules: rule 1 value').fill('Standup')
  await card.getByRole('button', { name: 'Save the rules' }).click()
  await card.getByText('Saved the rules.').waitFor()
  const connections = await api<{ rows: Array<{ autoJoin: string; barRules: unknown[] }> }>('/calendar/connections')
  assert.equal(connections.data.rows.map((c) => [c.autoJoin, c.barRules]), [['manual', [{ kind: 'title', value: 'standup' }]]])
  assert.equal(await card.getByLabel('Bar rules: rule 1 value').inputValue(), 'standup', 'the rule as the server keeps it')
  assert.equal(await seriousViolations(page), [], 'calendars')
  await screenshot(page, 'settings-calendars')

  // Renamed, then back to the feed's own name with an empty one.
  await card.getByRole('button', { name: 'Rename Team calendar' }).click()
  await card.getByLabel('Name of the calendar').fill('  Product team  ')
  await card.getByRole('button', { name: 'Save the name' }).click()
  await card.getByText('Saved the name.').waitFor()
  await card.getByRole('heading', { name: 'Product team' }).waitFor()
  assert.equal((await api<{ rows: Array<{ name: string }> }>('/calendar/connections')).data.rows.map((c) => c.name), ['Product team'])
  await card.getByRole('button', { name: 'Rename Product team' }).click()
  await card.getByLabel('Name of the calendar').fill('')
  await card.getByRole('button', { name: 'Save the name' }).click()
  await card.getByRole('heading', { name: 'Team calendar' }).waitFor()

  // Its meeting is on the schedule, not recorded in manual mode.
  const tomorrow = new Date(Date.now() + 86_400_000)
  await page.goto(`/meetings?week=${weekOf(tomorrow)}`)
  const row = page.getByRole('listitem', { name: 'Roadmap review' })
  await row.getByText('records only the meetings you pick').waitFor()
  const declined = page.getByRole('listitem', { name: 'Offsite planning' })
  assert.match((await declined.getByTestId('decision').textContent()) ?? '', /Not recorded.*You declined this meeting\./)
  const holiday = page.getByRole('listitem', { name: 'Company holiday' })
  assert.is(await holiday.locator('.meeting-time').textContent(), 'All day')
  const day = page.locator('section.day', { has: holiday })
  assert.equal((await day.locator('li.meeting h3').allTextContents())[0], 'Company holiday', 'first in its day, on its own date')
  assert.match((await day.locator('h2').textContent()) ?? '', new RegExp(String(tomorrow.getUTCDate())))

  // Declined meetings can be left to the rules instead (here: manual, so still not recorded, for that reason).
  await page.goto('/settings/calendars')
  // The box follows the server's answer, so it is clicked rather than checked (check() expects an immediate change).
  await card.getByRole('checkbox', { name: 'Also record meetings I declined' }).click()
  await card.getByText('Meetings you declined are now left to the rules.').waitFor()
  const after = await api<{ rows: Array<{ recordDeclined: boolean }> }>('/calendar/connections')
  assert.equal(after.data.rows.map((c) => c.recordDeclined), [true])
  await page.goto(`/meetings?week=${weekOf(tomorrow)}`)
  await declined.getByText('records only the meetings you pick').waitFor()
  assert.equal(problems, [])
  await context.close()
})

test('API keys: create a read-only key, see it once, revoke it', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.goto('/settings/keys')
  await page.getByRole('heading', { name: 'API keys', level: 2 }).waitFor()
  await page.getByRole('table').waitFor()
  await page.getByLabel('Name').fill('Read-only for the dashboard')
  await page.getByRole('radio', { name: 'Read-only' }).check()
  await page.getByLabel('Expires after (days)').fill('30')
  // The first run's password session is in no organization: no organization-wide choice.
  assert.is(await page.getByRole('checkbox', { name: /Organization-wide/ }).count(), 0)
  await page.getByRole('button', { name: 'Create the key' }).click()
  const key = (await page.getByTestId('secret').textContent()) ?? ''
  assert.match(key, /^ntk_/)
  const me = await fetch(`${app.url}/ext/v1/me`, { headers: { authorization: `Bearer ${key}` } })
  assert.equal(((await me.json()) as { data: { key: { access: string } } }).data.key.access, 'readonly')
  const listed = await api<{ rows: Array<{ name: string; expiresAt: string | null }> }>('/keys')
  assert.ok(listed.data.rows.some((k) => k.name === 'Read-only for the dashboard' && k.expiresAt !== null))
  await page.getByRole('button', { name: 'I have copied it' }).click()
  await page.getByTestId('secret').waitFor({ state: 'detached' })
  assert.not.ok(((await page.content()) ?? '').includes(key), 'shown only once')
  await page.getByRole('button', { name: 'Revoke Read-only for the dashboard' }).click()
  await page.getByRole('button', { name: 'Yes, revoke' }).click()
  await page.getByRole('row', { name: /Read-only for the dashboard/ }).getByText('Revoked').waitFor()
  assert.is((await fetch(`${app.url}/ext/v1/me`, { headers: { authorization: `Bearer ${key}` } })).status, 401)
  // The API's refusal shows in its words: a name of spaces only.
  await page.getByLabel('Name').fill('   ')
  await page.getByRole('button', { name: 'Create the key' }).click()
  await page.getByText(/must be 1 to 100 characters/).first().waitFor()
  assert.equal(await seriousViolations(page), [], 'keys')
  await screenshot(page, 'settings-keys')
  assert.equal(problems, [])
  await context.close()
})

test('API keys: a long list is paged; dark and phone layouts pass axe', async () => {
  for (let i = 1; i <= 25; i++) {
    const r = await api('/keys', { method: 'POST', body: JSON.stringify({ name: `Batch ${i}`, access: 'readonly' }) })
    assert.is(r.status, 201)
  }
  const total = (await api<{ total: number }>('/keys')).data.total
  for (const options of [{ colorScheme: 'dark' as const }, { viewport: { width: 390, height: 844 } }]) {
    const { page, context, problems } = await openPage(browser, app, options)
    await signIn(page, app)
    await page.goto('/settings/keys')
    const pager = page.getByRole('navigation', { name: 'Keys pages' })
    await pager.getByText(`1–25 of ${total}`).waitFor()
    await pager.getByRole('button', { name: 'Next' }).click()
    await pager.getByText(`26–${total} of ${total}`).waitFor()
    assert.match(page.url(), /offset=25/)
    await page.getByRole('cell', { name: 'Batch 25', exact: true }).waitFor()
    assert.equal(await seriousViolations(page), [], `keys ${JSON.stringify(options)}`)
    assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= (options.viewport?.width ?? 1280), 'nothing sticks out sideways')
    await screenshot(page, options.colorScheme === 'dark' ? 'settings-keys-dark' : 'settings-keys-phone')
    assert.equal(problems, [])
    await context.close()
  }
})

test('organization and account: outside an organization its administrator may create one; the allowance and the session shown', async () => {
  const { page, context, problems } = await openPage(browser, app)
  await signIn(page, app)
  await page.goto('/settings/organization')
  // The first start's account is a server administrator: it may create the organization.
  await page.getByRole('heading', { name: 'Create an organization' }).waitFor()
  assert.equal(await seriousViolations(page), [], 'organization')
  await screenshot(page, 'settings-organization')

  await section(page, 'Account')
  // The first start names the account by its email, so the page may show it twice (as the name, and as the email).
  await page.locator('main').getByText(app.email).first().waitFor()
  await page.getByText('your password').waitFor()
  // The first start's account is on the unlimited self-hosted plan: no meter, no limit.
  await page.getByText('Unlimited').waitFor()
  assert.is(await page.getByRole('meter', { name: 'Recordings used this month' }).count(), 0)
  assert.equal(await seriousViolations(page), [], 'account')
  await screenshot(page, 'settings-account')

  // On a limited plan the meter shows, and the card says who can lift the limit.
  const env = { DATA_DIR: app.dataDir, NOTETAKER_STORE: 'sqlite' }
  assert.is(cli(['accounts', 'set-plan', '--account', app.email, '--plan', 'free'], env).code, 0)
  // The server sees another process's change within NOTETAKER_AUTH_CACHE_SECONDS (5 s here).
  const meter = page.getByRole('meter', { name: 'Recordings used this month' })
  for (let tries = 0; tries < 20 && (await meter.count()) === 0; tries++) {
    await page.waitForTimeout(500)
    await page.reload()
    await page.getByText(/Unlimited|used this month/).first().waitFor()
  }
  await meter.waitFor({ timeout: 1000 })
  const used = (await api<{ used: number }>('/me/allowance')).data.used
  assert.is(await meter.getAttribute('aria-valuenow'), String(used))
  assert.match((await page.getByTestId('allowance-lift').textContent()) ?? '', /a server administrator changes the plan in Settings → Plans \(or runs notetaker accounts set-plan --account EMAIL --plan self-hosted\),\s+or the operator changes NOTETAKER_PLANS/)
  assert.equal(await seriousViolations(page), [], 'account on a limited plan')
  assert.is(cli(['accounts', 'set-plan', '--account', app.email, '--plan', 'self-hosted'], env).code, 0)

  // /settings opens the first section.
  await page.goto('/settings')
  await page.getByRole('heading', { name: 'Calendars', level: 2 }).waitFor()
  assert.equal(problems, [])
  await context.close()
})

test('a read-only session sees the settings, the schedule and the bots without write controls', async () => {
  const made = cli(['keys', 'create', '--account', app.email, '--readonly', '--json'], { DATA_DIR: app.dataDir, NOTETAKER_STORE: 'sqlite' })
  assert.is(made.code, 0, made.stderr)
  const key = (JSON.parse(made.stdout) as { key: string }).key
  const { page, context, problems } = await openPage(browser, app)
  await page.goto('/')
  await page.getByRole('button', { name: 'Sign in with an API key' }).click()
  await page.getByLabel('API key').fill(key)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await page.getByRole('button', { name: 'Sign out' }).waitFor()

  await page.goto('/settings/webhooks')
  await page.getByRole('region', { name: receiverUrl }).waitFor()
  assert.is(await page.getByRole('button', { name: /Add the endpoint|Rotate|Delete|Resend/ }).count(), 0)
  assert.is(await page.getByRole('checkbox').count(), 0)
  await section(page, 'Calendars')
  await page.getByRole('region', { name: 'Team calendar' }).waitFor()
  assert.is(await page.getByRole('button', { name: /Connect|Save|Sync|Disconnect|Rename/ }).count(), 0)
  assert.ok(await page.getByLabel('Record automatically').isDisabled())
  await section(page, 'Account')
  await page.getByText('an API key').waitFor()
  assert.is(await page.getByRole('button', { name: 'Save' }).count(), 0)

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Send a bot' }).click()
  await page.getByText('This session is read-only').waitFor()
  assert.is(await page.getByRole('button', { name: 'Send the bot' }).count(), 0)
  await page.goto(`/meetings?week=${weekOf(new Date(Date.now() + 86_400_000))}`)
  await page.getByRole('listitem', { name: 'Roadmap review' }).waitFor()
  assert.is(await page.getByRole('button', { name: 'Add a meeting' }).count(), 0)
  assert.is(await page.getByRole('checkbox').count(), 0)
  assert.equal(problems, [])
  await context.close()
})

test.run()
