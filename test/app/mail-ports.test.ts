import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../src/app/config/index.js'
import { mailPorts } from '../../src/app/composition/mail-ports.js'
import { startSmtpStandin } from '../support/smtp-standin.js'

test('without NOTETAKER_SMTP_URL there is no mailer', () => {
  const config = loadConfig({})
  assert.ok(E.isRight(config))
  if (E.isRight(config)) assert.equal(mailPorts(config.right), {})
})

test('with it, mail goes through that server, from NOTETAKER_MAIL_FROM, signed in as its user', async () => {
  const standin = await startSmtpStandin({ users: { notes: 's3cret' } })
  try {
    const config = loadConfig({ NOTETAKER_SMTP_URL: `smtp://notes:s3cret@127.0.0.1:${standin.port}`, NOTETAKER_MAIL_FROM: 'Notetaker <notes@example.com>', NOTETAKER_SMTP_TIMEOUT_SECONDS: '5' })
    assert.ok(E.isRight(config))
    if (E.isLeft(config)) return
    const { mailer } = mailPorts(config.right)
    assert.is(mailer?.description, `SMTP at 127.0.0.1:${standin.port}`)
    assert.ok(E.isRight(await mailer!.send({ to: 'cy@example.com', subject: 'Hello', text: 'Hi' })()))
    const got = await standin.next()
    assert.equal([got.headers['from'], got.to, got.user, got.subject, got.text], ['Notetaker <notes@example.com>', ['cy@example.com'], 'notes', 'Hello', 'Hi'])
  } finally {
    await standin.close()
  }
})

test.run()
