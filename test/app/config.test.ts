import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { loadConfig } from '../../src/app/config/index.js'

test('defaults: port 8080 on 127.0.0.1, SQLite under ./data, info logs', () => {
  const c = loadConfig({})
  assert.ok(E.isRight(c))
  if (E.isRight(c)) {
    assert.equal([c.right.PORT, c.right.HOST, c.right.DATA_DIR, c.right.NOTETAKER_STORE, c.right.LOG_LEVEL], [8080, '127.0.0.1', './data', 'sqlite', 'info'])
    assert.equal(c.right.NOTETAKER_PLANS.map((p) => p.key), ['self-hosted', 'free', 'pro'])
    assert.is(c.right.NOTETAKER_DEFAULT_PLAN, 'self-hosted')
    assert.is(c.right.NOTETAKER_PLANS[0]!.monthlyRecordings, null, 'self-hosted is unlimited')
  }
})

test('every invalid value is reported in words', () => {
  const c = loadConfig({ PORT: '70000', LOG_LEVEL: 'loud', NOTETAKER_PLANS: '[{"key":"x"}]' })
  assert.ok(E.isLeft(c))
  if (E.isLeft(c)) {
    assert.is(c.left.length, 3)
    assert.match(c.left.join('\n'), /PORT="70000" must be a whole number from 0 to 65535/)
    assert.match(c.left.join('\n'), /LOG_LEVEL="loud" must be one of/)
    assert.match(c.left.join('\n'), /NOTETAKER_PLANS=.* must be a JSON array/)
  }
})

test('plans are configurable and the default plan must be one of them', () => {
  const plans = JSON.stringify([{ key: 'team', paid: true, monthlyRecordings: 1000 }])
  assert.ok(E.isRight(loadConfig({ NOTETAKER_PLANS: plans, NOTETAKER_DEFAULT_PLAN: 'team' })))
  const unlimited = loadConfig({ NOTETAKER_PLANS: JSON.stringify([{ key: 'mine', paid: false, monthlyRecordings: null }]), NOTETAKER_DEFAULT_PLAN: 'mine' })
  assert.ok(E.isRight(unlimited) && unlimited.right.NOTETAKER_PLANS[0]!.monthlyRecordings === null, 'null is unlimited')
  const negative = loadConfig({ NOTETAKER_PLANS: JSON.stringify([{ key: 'x', paid: false, monthlyRecordings: -1 }]), NOTETAKER_DEFAULT_PLAN: 'x' })
  assert.ok(E.isLeft(negative) && /a whole number, or null for unlimited/.test(negative.left[0]!))
  const bad = loadConfig({ NOTETAKER_PLANS: plans })
  assert.ok(E.isLeft(bad) && /NOTETAKER_DEFAULT_PLAN=self-hosted is not one of the plans/.test(bad.left[0]!))
})

test('postgres needs DATABASE_URL, and the message never repeats the address', () => {
  const missing = loadConfig({ NOTETAKER_STORE: 'postgres' })
  assert.ok(E.isLeft(missing) && /NOTETAKER_STORE=postgres needs DATABASE_URL/.test(missing.left[0]!))
  const wrong = loadConfig({ NOTETAKER_STORE: 'postgres', DATABASE_URL: 'mysql://root:hunter2@db/x' })
  assert.ok(E.isLeft(wrong) && !wrong.left.join('\n').includes('hunter2'))
  const ok = loadConfig({ NOTETAKER_STORE: 'postgres', DATABASE_URL: 'postgres://notetaker:secret@db:5432/notetaker' })
  assert.ok(E.isRight(ok) && ok.right.DATABASE_URL === 'postgres://notetaker:secret@db:5432/notetaker')
})

test('Redis-backed limits and idempotency need REDIS_URL; S3 files need a bucket', () => {
  const redis = loadConfig({ NOTETAKER_RATE_LIMITER: 'redis' })
  assert.ok(E.isLeft(redis) && /needs REDIS_URL/.test(redis.left[0]!))
  assert.ok(E.isRight(loadConfig({ NOTETAKER_IDEMPOTENCY: 'redis', REDIS_URL: 'redis://127.0.0.1:6379' })))
  const s3 = loadConfig({ NOTETAKER_BLOBS: 's3' })
  assert.ok(E.isLeft(s3) && /NOTETAKER_BLOBS=s3 needs NOTETAKER_S3_BUCKET/.test(s3.left[0]!))
})

test('bot settings: the runner and the simulated outcome are checked', () => {
  const bad = loadConfig({ NOTETAKER_BOT: 'zoom-sdk', NOTETAKER_SIMULATED_OUTCOME: 'explodes' })
  assert.ok(E.isLeft(bad) && bad.left.length === 2)
  const ok = loadConfig({ NOTETAKER_BOT: 'chromium', NOTETAKER_BOT_SLOTS: '4' })
  assert.ok(E.isRight(ok) && ok.right.NOTETAKER_BOT === 'chromium' && ok.right.NOTETAKER_BOT_SLOTS === 4)
})

test('a DATABASE_URL that is set but not a Postgres address says so, not that it is missing', () => {
  for (const url of ['postgres//db/x', 'mysql://db/x', 'postgres://', 'not a url']) {
    const r = loadConfig({ NOTETAKER_STORE: 'postgres', DATABASE_URL: url })
    assert.ok(E.isLeft(r) && r.left[0] === 'DATABASE_URL is not the address of a Postgres database; it looks like postgres://user:password@host:5432/database', url)
  }
  assert.ok(E.isRight(loadConfig({ NOTETAKER_STORE: 'postgres', DATABASE_URL: 'postgres:///notetaker?host=/run/postgresql' })), 'a socket folder')
})

test('a malformed secret is named, never repeated', () => {
  const r = loadConfig({ NOTETAKER_SECRET_KEY: 'my-very-secret-value' })
  assert.ok(E.isLeft(r))
  if (E.isLeft(r)) {
    assert.match(r.left[0]!, /^NOTETAKER_SECRET_KEY=\(hidden\) must be 32 bytes in base64/)
    assert.not.ok(r.left.join('\n').includes('my-very-secret-value'))
  }
})

test('NOTETAKER_PUBLIC_URL: an http(s) address, read without its trailing slash; anything else refused in words', () => {
  const read = (value: string) => loadConfig({ NOTETAKER_PUBLIC_URL: value })
  const ok = (value: string, expected: string) => {
    const c = read(value)
    assert.ok(E.isRight(c), `${value}: ${E.isLeft(c) ? c.left.join('; ') : ''}`)
    if (E.isRight(c)) assert.is(c.right.NOTETAKER_PUBLIC_URL, expected)
  }
  const refused = (value: string, words: RegExp) => {
    const c = read(value)
    assert.ok(E.isLeft(c), `${value} is refused`)
    if (E.isLeft(c)) assert.match(c.left.join('\n'), words)
    return E.isLeft(c) ? c.left.join('\n') : ''
  }
  const unset = loadConfig({})
  assert.ok(E.isRight(unset) && unset.right.NOTETAKER_PUBLIC_URL === '')
  ok('https://notes.example.com/', 'https://notes.example.com')
  ok('HTTPS://Notes.Example.com:8443', 'https://notes.example.com:8443')
  ok('http://10.0.0.5:8080/notetaker//', 'http://10.0.0.5:8080/notetaker')
  refused('notes.example.com', /NOTETAKER_PUBLIC_URL="notes.example.com" must be an absolute http\(s\) address/)
  refused('ftp://notes.example.com', /must start with https:\/\/ or http:\/\//)
  refused('https://notes.example.com/?x=1', /without a query/)
  refused('https://notes.example.com/ext/v1/', /without the API's \/ext\/v1/)
  const secret = refused('https://ana:hunter2@notes.example.com', /without a user name or password/)
  assert.not.ok(secret.includes('hunter2'), 'the password is not repeated')
})

test.run()

test('mail: an SMTP address needs a sender; a malformed one is refused in words that never repeat its password', () => {
  const noSender = loadConfig({ NOTETAKER_SMTP_URL: 'smtp://notes:hunter2@mail.example.com:587' })
  assert.ok(E.isLeft(noSender) && noSender.left[0] === 'NOTETAKER_SMTP_URL needs NOTETAKER_MAIL_FROM, the address mail comes from, e.g. Notetaker <notes@example.com>')
  const bad = loadConfig({ NOTETAKER_SMTP_URL: 'http://notes:hunter2@mail.example.com', NOTETAKER_MAIL_FROM: 'notes@example.com' })
  assert.ok(E.isLeft(bad))
  if (E.isLeft(bad)) {
    assert.is(bad.left[0], 'NOTETAKER_SMTP_URL=(hidden) must start with smtp:// (STARTTLS) or smtps:// (TLS)')
    assert.not.ok(bad.left.join('\n').includes('hunter2'))
  }
  const badSender = loadConfig({ NOTETAKER_SMTP_URL: 'smtp://mail.example.com', NOTETAKER_MAIL_FROM: 'Notetaker' })
  assert.ok(E.isLeft(badSender) && /^NOTETAKER_MAIL_FROM="Notetaker" must be an email address/.test(badSender.left[0]!))
  const ok = loadConfig({ NOTETAKER_SMTP_URL: 'smtps://notes:hunter2@mail.example.com', NOTETAKER_MAIL_FROM: 'Notetaker <notes@example.com>' })
  assert.ok(E.isRight(ok) && ok.right.NOTETAKER_SMTP_TIMEOUT_SECONDS === 10 && ok.right.NOTETAKER_MAIL_FROM === 'Notetaker <notes@example.com>')
  assert.ok(E.isRight(loadConfig({})), 'no mail by default')
})
