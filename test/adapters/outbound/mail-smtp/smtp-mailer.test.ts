import * as E from 'fp-ts/lib/Either.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { readSmtpAddress, smtpMailer } from '../../../../adapters/outbound/mail-smtp/index.js'
import { closedPort, silentSmtpServer, startSmtpStandin } from '../../../support/smtp-standin.js'

const mail = {
  to: 'cy@example.com',
  subject: 'Ada shared "Weekly sync" with you',
  text: 'Ada shared the notes of "Weekly sync" with you on Notetaker, and this line is long enough to be folded by quoted-printable — with a dash.\n\nOpen them here:\nhttps://notes.example.com/recordings/run-1',
}

const mailerAt = (url: string, timeoutMs = 2_000, allowSelfSigned = false) => {
  const address = readSmtpAddress(url)
  if (!address.ok) throw new Error(address.problem)
  return smtpMailer({ address: address.value, from: 'Notetaker <notes@example.com>', timeoutMs, allowSelfSigned })
}

const s = suite('SMTP mailer')

s('a message arrives with its From, To, Subject and body', async () => {
  const standin = await startSmtpStandin()
  try {
    const sent = await mailerAt(`smtp://127.0.0.1:${standin.port}`).send(mail)()
    assert.ok(E.isRight(sent), JSON.stringify(sent))
    const got = await standin.next()
    assert.is(got.from, 'notes@example.com')
    assert.equal(got.to, ['cy@example.com'])
    assert.is(got.headers['from'], 'Notetaker <notes@example.com>')
    assert.is(got.headers['to'], 'cy@example.com')
    assert.is(got.subject, mail.subject)
    assert.is(got.text, mail.text)
    assert.is(got.user, null)
  } finally {
    await standin.close()
  }
})

s("it signs in with the address's user name and password (decoded)", async () => {
  const standin = await startSmtpStandin({ users: { 'notes@example.com': 'p@ss word' } })
  try {
    const sent = await mailerAt(`smtp://notes%40example.com:p%40ss%20word@127.0.0.1:${standin.port}`).send(mail)()
    assert.ok(E.isRight(sent), JSON.stringify(sent))
    assert.is((await standin.next()).user, 'notes@example.com')
    const wrong = await mailerAt(`smtp://notes%40example.com:nope@127.0.0.1:${standin.port}`).send(mail)()
    assert.ok(E.isLeft(wrong))
    assert.match(wrong.left, `The mail server at 127.0.0.1:${standin.port} refused the user name or password`)
    assert.not.match(wrong.left, 'nope')
  } finally {
    await standin.close()
  }
})

s('smtp:// upgrades with STARTTLS when the server offers it, and a certificate nobody signed is refused in words', async () => {
  const standin = await startSmtpStandin({ starttls: true })
  try {
    const sent = await mailerAt(`smtp://127.0.0.1:${standin.port}`, 2_000, true).send(mail)()
    assert.ok(E.isRight(sent), JSON.stringify(sent))
    assert.is((await standin.next()).secure, true, 'the message came over TLS')
    const untrusted = await mailerAt(`smtp://127.0.0.1:${standin.port}`).send(mail)()
    assert.ok(E.isLeft(untrusted))
    assert.match(untrusted.left, `The mail server at 127.0.0.1:${standin.port} could not be trusted over TLS (`)
    assert.match(untrusted.left, /certificate/)
    assert.is(standin.received.length, 1, 'nothing was sent in the clear')
  } finally {
    await standin.close()
  }
})

s('a server that refuses the recipient (550) gives its answer in words', async () => {
  const standin = await startSmtpStandin({ refuse: true })
  try {
    const sent = await mailerAt(`smtp://127.0.0.1:${standin.port}`).send(mail)()
    assert.ok(E.isLeft(sent))
    assert.match(sent.left, `The mail server at 127.0.0.1:${standin.port} refused the message: `)
    assert.match(sent.left, '550')
    assert.match(sent.left, 'cy@example.com unavailable')
    assert.is(standin.received.length, 0)
  } finally {
    await standin.close()
  }
})

s('a server that is down gives a problem in words, without waiting', async () => {
  const port = await closedPort()
  const started = Date.now()
  const sent = await mailerAt(`smtp://127.0.0.1:${port}`).send(mail)()
  assert.ok(E.isLeft(sent))
  assert.is(sent.left, `The mail server at 127.0.0.1:${port} could not be reached: it refused the connection.`)
  assert.ok(Date.now() - started < 2_000)
})

s('a server that never answers gives up within the timeout', async () => {
  const silent = await silentSmtpServer()
  try {
    const started = Date.now()
    const sent = await mailerAt(`smtp://127.0.0.1:${silent.port}`, 300).send(mail)()
    const took = Date.now() - started
    assert.ok(E.isLeft(sent))
    assert.is(sent.left, `The mail server at 127.0.0.1:${silent.port} did not answer in time.`)
    assert.ok(took >= 250 && took < 1_500, `took ${took} ms`)
  } finally {
    await silent.close()
  }
})

s('the address: smtp and smtps, default ports, and words for what is not one', () => {
  assert.equal(readSmtpAddress('smtp://u:p@mail.example.com'), { ok: true, value: { host: 'mail.example.com', port: 587, secure: false, auth: { user: 'u', pass: 'p' } } })
  assert.equal(readSmtpAddress('smtps://mail.example.com'), { ok: true, value: { host: 'mail.example.com', port: 465, secure: true, auth: null } })
  assert.equal(readSmtpAddress('smtp://mail.example.com:2525/'), { ok: true, value: { host: 'mail.example.com', port: 2525, secure: false, auth: null } })
  assert.equal(readSmtpAddress('https://mail.example.com'), { ok: false, problem: 'must start with smtp:// (STARTTLS) or smtps:// (TLS)' })
  assert.equal(readSmtpAddress('mail.example.com'), { ok: false, problem: 'must be an address like smtp://user:password@mail.example.com:587 or smtps://…:465' })
  assert.equal(readSmtpAddress('smtp://mail.example.com/x?y'), { ok: false, problem: 'must be the mail server alone, without a path or query' })
  assert.is(mailerAt('smtp://u:secret@mail.example.com').description, 'SMTP at mail.example.com:587')
})

s.run()
