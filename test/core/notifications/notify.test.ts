import { randomBytes } from 'node:crypto'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryAccountStore } from '../../../adapters/stores/memory/accounts.js'
import { memoryNotificationStore } from '../../../adapters/stores/memory/notifications.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { aesGcmSecretBox } from '../../../adapters/system/secret-box.js'
import type { Actor } from '../../../src/core/domain/identity/api-key.js'
import type { Notice } from '../../../src/core/domain/notice.js'
import type { Mailer, OutgoingMail } from '../../../src/core/ports/mailer.js'
import { notificationUseCases } from '../../../src/core/notifications/index.js'
import { left, right } from '../../support/run.js'

const shared: Notice = { kind: 'recording-shared', to: 'cy@example.com', runId: 'run-1', recordingTitle: 'Weekly sync', sharedBy: 'Ada', link: 'https://notes.example.com/recordings/run-1' }
const invite: Notice = {
  kind: 'organization-invite', to: 'cy@example.com', organizationName: 'Acme', invitedBy: 'Ada', role: 'admin',
  link: 'https://notes.example.com/invite?token=secret-token-1', expiresAt: '2026-06-08T12:00:00.000Z',
}

const recordingMailer = (answer: (mail: OutgoingMail) => string | null) => {
  const sent: OutgoingMail[] = []
  const mailer: Mailer = {
    description: 'a test mailer',
    send: (mail) => {
      sent.push(mail)
      const problem = answer(mail)
      return problem === null ? TE.right(undefined) : TE.left(problem)
    },
  }
  return { mailer, sent }
}

const world = async (mailer?: Mailer) => {
  const accounts = memoryAccountStore()
  const cy = await right(accounts.create({ id: 'c0000000-0000-4000-8000-000000000003', name: 'Cy', email: 'cy@example.com', planKey: 'free', organizationId: null, serverAdmin: false, createdAt: '2026-05-01T00:00:00.000Z' }))
  const notifications = memoryNotificationStore()
  const clock = fixedClock('2026-06-01T12:00:00.000Z')
  const box = aesGcmSecretBox(randomBytes(32))
  const useCases = notificationUseCases({ accounts, notifications, clock, ids: randomIds, secretBox: box, ...(mailer === undefined ? {} : { mailer }) })
  const actor: Actor = { accountId: cy.id, keyId: 'k', access: 'full', organizationWide: false, organizationId: null }
  return { useCases, notifications, clock, actor, cyId: cy.id }
}

const s = suite('notify')

s('with a mailer, the notice is mailed and the account with its email is told in the app', async () => {
  const { mailer, sent } = recordingMailer(() => null)
  const w = await world(mailer)
  assert.equal(await w.useCases.notify(shared)(), { mailed: true, mailProblem: null })
  assert.equal(sent.map((m) => [m.to, m.subject]), [['cy@example.com', 'Ada shared "Weekly sync" with you']])
  assert.match(sent[0]!.text, 'https://notes.example.com/recordings/run-1')
  const page = await right(w.useCases.list(w.actor, { limit: 10, offset: 0 }))
  assert.is(page.unreadCount, 1)
  assert.equal(page.rows.map((n) => [n.kind, n.text, n.link, n.createdAt, n.readAt, n.accountId]), [
    ['recording-shared', 'Ada shared "Weekly sync" with you.', '/recordings/run-1', '2026-06-01T12:00:00.000Z', null, w.cyId],
  ])
})

s('a calendar to reconnect: mailed with the reason and the settings link; in the app it leads to Settings → Calendars', async () => {
  const { mailer, sent } = recordingMailer(() => null)
  const w = await world(mailer)
  const reconnect: Notice = {
    kind: 'calendar-reconnect', to: 'cy@example.com', calendarName: 'Work', providerName: 'Microsoft 365',
    reason: 'Microsoft no longer accepts this calendar\'s permission: it was revoked.', link: 'https://notes.example.com/settings/calendars',
  }
  assert.equal(await w.useCases.notify(reconnect)(), { mailed: true, mailProblem: null })
  assert.equal(sent.map((m) => [m.to, m.subject]), [['cy@example.com', 'Reconnect your calendar "Work" on Notetaker']])
  assert.match(sent[0]!.text, 'Notetaker can no longer read your calendar "Work" (Microsoft 365): Microsoft no longer accepts')
  assert.match(sent[0]!.text, 'https://notes.example.com/settings/calendars')
  const page = await right(w.useCases.list(w.actor, { limit: 10, offset: 0 }))
  assert.equal(page.rows.map((n) => [n.kind, n.text, n.link]), [
    ['calendar-reconnect', 'Your calendar "Work" (Microsoft 365) stopped syncing: reconnect it to keep its meetings up to date.', '/settings/calendars'],
  ])
})

s('without a mailer nothing is mailed and nothing is a problem; the app still tells the account', async () => {
  const w = await world()
  assert.equal(await w.useCases.notify(invite)(), { mailed: false, mailProblem: null })
  const page = await right(w.useCases.list(w.actor, { limit: 10, offset: 0 }))
  assert.equal(page.rows.map((n) => [n.text, n.link]), [['Ada invited you to join Acme as an admin.', '/invite?token=secret-token-1']])
})

s('a refused mail is the delivery\'s mailProblem, not a failure', async () => {
  const { mailer } = recordingMailer(() => 'The mail server refused the message: 550 no such user')
  const w = await world(mailer)
  assert.equal(await w.useCases.notify(shared)(), { mailed: false, mailProblem: 'The mail server refused the message: 550 no such user' })
  assert.is((await right(w.useCases.list(w.actor, { limit: 10, offset: 0 }))).unreadCount, 1, 'the app tells the account all the same')
})

s('an email without an account is mailed but stores nothing in the app', async () => {
  const { mailer, sent } = recordingMailer(() => null)
  const w = await world(mailer)
  assert.equal(await w.useCases.notify({ ...shared, to: 'dee@example.com' })(), { mailed: true, mailProblem: null })
  assert.is(sent.length, 1)
  assert.is((await right(w.notifications.list(w.cyId, { limit: 10, offset: 0 }))).total, 0)
})

s("an invite's one-time link is stored sealed and shown opened", async () => {
  const w = await world()
  await w.useCases.notify(invite)()
  const stored = (await right(w.notifications.list(w.cyId, { limit: 10, offset: 0 }))).rows[0]!
  assert.not.match(stored.link, 'secret-token-1')
  assert.is((await right(w.useCases.list(w.actor, { limit: 10, offset: 0 }))).rows[0]!.link, '/invite?token=secret-token-1')
})

s('marking read: by id or all, the unread count follows; a read-only key cannot; too many ids is refused', async () => {
  const w = await world()
  await w.useCases.notify(shared)()
  await w.useCases.notify(invite)()
  const [newest] = (await right(w.useCases.list(w.actor, { limit: 10, offset: 0 }))).rows
  assert.equal(await right(w.useCases.markRead(w.actor, { ids: [newest!.id] })), { marked: 1, unreadCount: 1 })
  assert.equal(await right(w.useCases.markRead(w.actor, { all: true })), { marked: 1, unreadCount: 0 })
  assert.is((await left(w.useCases.markRead({ ...w.actor, access: 'readonly' }, { all: true })))._tag, 'Forbidden')
  const tooMany = await left(w.useCases.markRead(w.actor, { ids: Array.from({ length: 101 }, (_, i) => `id-${i}`) }))
  assert.is(tooMany._tag, 'Validation')
})

s.run()
