/**
 * Issue 32's "done when", in Chromium against a real `notetaker serve` that
 * sends mail to a local SMTP stand-in: after the first start, in the browser
 * only, the owner creates the organization, invites two colleagues (each joins
 * from the link in their mail), uploads a meeting, corrects its notes (renames
 * the recording and a speaker, rewrites the summary, deletes a false action
 * item, fixes one's title, adds a missed one) and shares it with one colleague,
 * who is told in the app and by mail and reads the corrected notes; the other
 * colleague moves to a new email, confirmed by the link mailed to it. Once at
 * desktop width, once on a phone (390×844, touch), with no console error and
 * nothing wider than the phone.
 */
import type { Browser, Page } from 'playwright-core'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { LABELLED_VTT } from '../http/notes-world.js'
import { type SmtpStandin, startSmtpStandin } from '../support/smtp-standin.js'
import { launchBrowser, openPage, type PageOptions, PHONE, type RunningApp, screenshot, seriousViolations, signIn, startApp, type Watched } from './support.js'

let app: RunningApp
let browser: Browser
let mail: SmtpStandin

const api = async (path: string) => {
  const res = await fetch(`${app.url}/ext/v1${path}`, { headers: { authorization: `Bearer ${app.apiKey}` } })
  return ((await res.json()) as { data: any }).data
}

/** The web app link in a mail (invite or share), checked to point at this server. */
const linkIn = (text: string): string => {
  const link = /(http\S+)/.exec(text)?.[1] ?? ''
  assert.ok(link.startsWith(app.url), `the mail links to this server: ${text}`)
  return link
}

/** A section of the main navigation: on a phone through the menu button. */
const go = async (page: Page, phone: boolean, section: string) => {
  if (phone) await page.getByRole('button', { name: 'Menu' }).click()
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: section, exact: true }).click()
}

const fitsTheScreen = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)

test.before(async () => {
  mail = await startSmtpStandin()
  app = await startApp({ NOTETAKER_SMTP_URL: `smtp://127.0.0.1:${mail.port}`, NOTETAKER_MAIL_FROM: 'notetaker@example.com' })
  browser = await launchBrowser()
})
test.after(async () => {
  await browser?.close()
  await app?.stop()
  await mail?.close()
})

const WIDTHS: ReadonlyArray<readonly [string, PageOptions]> = [
  ['desktop', { viewport: { width: 1280, height: 900 } }],
  ['phone', PHONE],
]

for (const [n, [width, options]] of WIDTHS.entries()) {
  const phone = width === 'phone'
  test(`${width}: a team set up, a meeting corrected and shared, in the browser only`, async () => {
    const watched: Watched[] = []
    const open = async () => {
      const w = await openPage(browser, app, options)
      watched.push(w)
      return w.page
    }
    const owner = await open()
    await signIn(owner, app)

    // The organization, made once by the server's first account.
    await go(owner, phone, 'Settings')
    await owner.getByRole('link', { name: 'Organization' }).click()
    if (n === 0) {
      await owner.getByLabel('Name').fill('Northwind')
      await owner.getByRole('button', { name: 'Create the organization' }).click()
    }
    await owner.getByRole('heading', { name: 'Northwind', level: 2 }).waitFor()

    // Two colleagues invited; each joins from the link in the mail.
    const colleagues = [`ana-${width}@example.com`, `ben-${width}@example.com`]
    const pages: Page[] = []
    for (const [i, email] of colleagues.entries()) {
      await owner.getByLabel('Email').fill(email)
      await owner.getByRole('button', { name: 'Create the invite' }).click()
      await owner.getByText(`Sent to ${email}`).waitFor()
      const invite = await mail.next()
      assert.equal(invite.to, [email])
      assert.match(invite.subject, /invited you to Northwind on Notetaker/)
      const page = await open()
      await page.goto(linkIn(invite.text))
      await page.getByLabel('Your name').fill(i === 0 ? `Ana ${width}` : `Ben ${width}`)
      await page.locator('input[name=password]').fill(`a passphrase for ${email}`)
      await page.getByRole('button', { name: 'Join' }).click()
      await page.getByText('You are a member.').waitFor()
      pages.push(page)
    }
    await owner.reload()
    for (const email of colleagues) await owner.getByText(email).first().waitFor()
    assert.ok(await fitsTheScreen(owner), 'the organization page fits')
    await screenshot(owner, `team-story-members-${width}`)

    // A meeting uploaded in the browser.
    await go(owner, phone, 'Upload')
    await owner.getByLabel('Choose a file').setInputFiles({ name: 'launch.vtt', mimeType: 'text/vtt', buffer: LABELLED_VTT })
    await owner.getByLabel('Title').fill(`Launch ${width}`)
    await owner.getByRole('button', { name: 'Upload', exact: true }).click()
    await owner.getByRole('heading', { name: 'Your notes are ready' }).waitFor({ timeout: 30_000 })
    await owner.getByRole('link', { name: 'Read the notes' }).click()
    await owner.getByRole('heading', { name: `Launch ${width}`, level: 1 }).waitFor()
    const runId = /\/recordings\/([0-9a-f-]{36})/.exec(owner.url())?.[1] ?? ''

    // The notes corrected: the recording and a speaker renamed, the summary rewritten, the action items put right.
    await owner.getByRole('button', { name: 'Rename the recording' }).click()
    await owner.getByRole('form', { name: 'Rename the recording' }).getByLabel('Title').fill(`Mobile launch (${width})`)
    await owner.getByRole('form', { name: 'Rename the recording' }).getByRole('button', { name: 'Save' }).click()
    await owner.getByRole('heading', { name: `Mobile launch (${width})`, level: 1 }).waitFor()
    await owner.getByRole('button', { name: 'Rename Speaker 2' }).click()
    await owner.locator('form.rename').getByLabel('Name for Speaker 2').fill('Priya')
    await owner.locator('form.rename').getByRole('button', { name: 'Save' }).click()
    await owner.getByRole('button', { name: 'Rename Priya' }).waitFor()
    await owner.getByRole('button', { name: 'Edit the summary' }).click()
    await owner.getByRole('form', { name: 'Edit the summary' }).getByLabel('Summary').fill('The launch event moves to Berlin; Priya sends the build.')
    await owner.getByRole('form', { name: 'Edit the summary' }).getByRole('button', { name: 'Save' }).click()
    await owner.locator('p.short-summary', { hasText: 'The launch event moves to Berlin; Priya sends the build.' }).waitFor()
    const falseItem = 'Book the venue and share the costs with finance'
    await owner.getByRole('button', { name: `Delete “${falseItem}”` }).click()
    await owner.getByRole('group', { name: `Delete “${falseItem}”?` }).getByRole('button', { name: 'Delete it' }).click()
    await owner.getByRole('checkbox', { name: falseItem }).waitFor({ state: 'detached' })
    await owner.getByRole('button', { name: 'Edit “Send the patched build to the testers”' }).click()
    await owner.getByRole('form', { name: 'Edit “Send the patched build to the testers”' }).getByLabel('Title').fill('Send the patched build to the beta testers')
    await owner.getByRole('form', { name: 'Edit “Send the patched build to the testers”' }).getByRole('button', { name: 'Save' }).click()
    await owner.getByRole('checkbox', { name: 'Send the patched build to the beta testers' }).waitFor()
    await owner.getByRole('button', { name: 'Add an action item' }).click()
    await owner.getByRole('form', { name: 'New action item' }).getByLabel('New action item').fill('Book the smaller venue near the station')
    await owner.getByRole('form', { name: 'New action item' }).getByRole('button', { name: 'Save' }).click()
    await owner.getByRole('checkbox', { name: 'Book the smaller venue near the station' }).waitFor()
    assert.ok(await fitsTheScreen(owner), 'the corrected recording fits')

    // Shared with Ana, who is told by mail and in the app.
    await owner.getByPlaceholder('colleague@example.com').fill(colleagues[0] ?? '')
    await owner.getByRole('button', { name: 'Share', exact: true }).click()
    await owner.getByText(`Sent to ${colleagues[0]}`).waitFor()
    const shared = await mail.next()
    assert.equal(shared.to, [colleagues[0]])
    assert.match(shared.subject, new RegExp(`shared "Mobile launch \\(${width}\\)" with you`))
    assert.equal(await seriousViolations(owner), [], 'the corrected, shared recording')
    await screenshot(owner, `team-story-recording-${width}`)

    const ana = pages[0]!
    await ana.reload()
    if (phone) await ana.getByRole('button', { name: 'Menu' }).click()
    await ana.getByRole('link', { name: 'Notifications, 1 unread' }).click()
    await ana.getByText(/shared .*Mobile launch/).waitFor()
    await ana.getByRole('link', { name: 'Open the recording' }).click()
    await ana.getByRole('heading', { name: `Mobile launch (${width})`, level: 1 }).waitFor()
    await ana.locator('p.short-summary', { hasText: 'The launch event moves to Berlin; Priya sends the build.' }).waitFor()
    await ana.getByText('Send the patched build to the beta testers').first().waitFor()
    await ana.getByText('Book the smaller venue near the station').first().waitFor()
    assert.is(await ana.getByText(falseItem, { exact: true }).count(), 0, 'the false item is gone for her too')
    assert.ok((await ana.locator('ol.transcript .line-speaker', { hasText: 'Priya' }).count()) > 0, 'the speaker is renamed in her transcript')
    assert.is(await ana.getByRole('button', { name: 'Edit the summary' }).count(), 0, 'and she cannot edit the owner\'s notes')
    assert.ok(await fitsTheScreen(ana), 'the shared recording fits')
    assert.equal(await seriousViolations(ana), [], 'the shared recording')

    // Ben moves to a new address: it counts once the link mailed to it is opened.
    if (n === 0) {
      const ben = pages[1]!
      await ben.goto('/settings/account')
      const profile = ben.getByRole('form', { name: 'Name and email' })
      await profile.getByLabel('Email').fill('benjamin@example.com')
      await profile.getByLabel('Current password').fill(`a passphrase for ${colleagues[1]}`)
      await profile.getByRole('button', { name: 'Save' }).click()
      await ben.getByText('We sent a link to benjamin@example.com').waitFor()
      const confirmation = await mail.next()
      assert.equal(confirmation.to, ['benjamin@example.com'])
      await ben.goto(linkIn(confirmation.text))
      await ben.getByRole('button', { name: 'Confirm my new email' }).click()
      await ben.getByText('Done: you sign in with benjamin@example.com from now on.').waitFor()
      assert.equal(await seriousViolations(ben), [], 'the confirmation page')
      await ben.goto('/settings/account')
      assert.is(await ben.getByRole('form', { name: 'Name and email' }).getByLabel('Email').inputValue(), 'benjamin@example.com')
    }

    // What the API now answers is what the browser showed.
    const after = await api(`/recordings/${runId}`)
    assert.is(after.title, `Mobile launch (${width})`)
    assert.is(after.shortSummary, 'The launch event moves to Berlin; Priya sends the build.')
    assert.equal(after.actionItems.map((i: { title: string }) => i.title), ['Send the patched build to the beta testers', 'Book the smaller venue near the station'])
    assert.ok(after.speakers.some((s: { name: string }) => s.name === 'Priya'))

    assert.equal(watched.flatMap((w) => w.problems), [])
    await Promise.all(watched.map((w) => w.context.close()))
  })
}

test.run()
