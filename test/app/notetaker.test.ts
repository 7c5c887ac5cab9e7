/**
 * createNotetaker: the embedded service on memory and on SQLite (a temp folder).
 * Its answers are the HTTP API's JSON (compared with the API served over the same
 * core), its errors are NotetakerError with the API's codes, bad options are
 * refused like bad variables, and close() lets the process exit.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import * as E from 'fp-ts/lib/Either.js'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createHttpApp } from '../../adapters/driving/http-koa/app.js'
import { createNotetaker, type Notetaker, NotetakerError, type NotetakerOptions } from '../../src/index.js'
import { startSmtpStandin } from '../support/smtp-standin.js'

const root = join(import.meta.dirname, '..', '..')
const VTT_PATH = join(root, 'fixtures', 'transcripts', 'planning-meeting.vtt')
const VTT = readFileSync(VTT_PATH)
/** A bound on each wait, made when the wait starts (uvu imports every test file before it runs any). */
const bounded = () => ({ signal: AbortSignal.timeout(60_000), pollMs: 50 })

const STORES = ['memory', 'sqlite'] as const
type Store = (typeof STORES)[number]

/** A Notetaker on the store, in a temp folder of its own for SQLite, closed and removed after `f`. */
const withNotetaker = async (store: Store, f: (nt: Notetaker) => Promise<void>, options: Partial<NotetakerOptions> = {}) => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-embed-'))
  const nt = await createNotetaker({ store, dataDir: dir, logger: 'silent', ...options })
  try {
    await f(nt)
  } finally {
    await nt.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

/** The HTTP API over the same core, to compare answers with. */
const serveHttp = async (nt: Notetaker) => {
  const { listener } = createHttpApp(nt.core, { logger: pino({ level: 'silent' }) })
  const server: Server = createServer(listener)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ext/v1`
  return {
    get: async (key: string, path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${key}` } })
      return { status: res.status, body: (await res.json()) as any }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/** Every object inside a value: none may be an fp-ts Option or Either, or anything but plain JSON. */
const plainJsonProblems = (value: unknown, at = '$'): string[] => {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return []
  if (Array.isArray(value)) return value.flatMap((v, i) => plainJsonProblems(v, `${at}[${i}]`))
  if (typeof value !== 'object') return [`${at} is a ${typeof value}`]
  const problems = Object.getPrototypeOf(value) === Object.prototype ? [] : [`${at} is not a plain object`]
  if ('_tag' in value) problems.push(`${at} has a _tag`)
  return [...problems, ...Object.entries(value).flatMap(([k, v]) => plainJsonProblems(v, `${at}.${k}`))]
}

const assertPlainJson = (value: unknown, what: string) => {
  assert.equal(plainJsonProblems(value), [], `${what} is plain JSON`)
  assert.equal(JSON.parse(JSON.stringify(value)), value, `${what} survives JSON`)
}

/** The NotetakerError a call throws; fails when it does not throw one. */
const refusal = async (call: () => Promise<unknown>): Promise<NotetakerError> => {
  try {
    await call()
  } catch (e) {
    assert.instance(e, NotetakerError)
    return e as NotetakerError
  }
  throw new assert.Assertion({ message: 'expected a NotetakerError', generated: false, operator: 'throws', expects: 'a throw', actual: 'none' })
}

test('server administrators: the flag on accounts, GET /server says who may manage models, anyone else is refused them', () =>
  withNotetaker('memory', async (nt) => {
    const ada = await nt.accounts.create({ name: 'Ada', email: 'ada@example.com', serverAdmin: true })
    const bob = await nt.accounts.create({ name: 'Bob', email: 'bob@example.com' })
    assert.equal([ada.serverAdmin, bob.serverAdmin], [true, false])
    assert.is((await nt.as(ada.id).me()).account.serverAdmin, true)
    assert.is((await nt.as(ada.id).server()).speechToText.canManageModels, true)
    assert.is((await nt.as(ada.id, { access: 'readonly' }).server()).speechToText.canManageModels, false)
    assert.is((await nt.as(bob.id).server()).speechToText.canManageModels, false)
    const refused = await refusal(() => nt.as(bob.id).speechModels.list())
    assert.equal([refused.code, refused.message], ['FORBIDDEN', "Only this server's administrators manage its speech models"])
    const readOnly = await refusal(() => nt.as(ada.id, { access: 'readonly' }).speechModels.pull('base.en'))
    assert.equal([readOnly.code, readOnly.message], ['FORBIDDEN', 'This key is read-only and cannot make changes'])
  }))

for (const store of STORES) {
  test(`${store}: an upload becomes notes, answered in the same JSON as the HTTP API`, () =>
    withNotetaker(store, async (nt) => {
      const ada = await nt.accounts.create({ name: 'Ada', email: 'ada@example.com' })
      assertPlainJson(ada, 'the account')
      const { key } = await nt.keys.create({ account: ada.email })
      const api = nt.as(key)

      const created = await api.uploads.create({ filename: 'planning-meeting.vtt', title: 'Launch planning', byteSize: VTT.length })
      assert.is(created.stage, 'pending')
      const stored = await api.uploads.putContent(created.id, VTT)
      assert.is(stored.stage, 'stored')
      const done = await api.uploads.waitUntilProcessed(created.id, bounded())
      assert.is(done.stage, 'ready', done.error ?? '')
      assert.ok(done.hasNotes)

      const recording = await api.recordings.get(done.runId, { transcript: true })
      assert.is(recording.runId, done.runId)
      assert.is(recording.title, 'Launch planning')
      assert.is(recording.state, 'ready')
      assert.ok(recording.shortSummary.length > 0, 'a short summary')
      assert.ok(recording.actionItems.length > 0, 'action items')
      assert.ok(recording.transcript !== undefined && recording.transcript.length > 0 && recording.transcriptTotal === recording.transcript.length)
      const list = await api.recordings.list({ limit: 10 })
      const transcript = await api.recordings.transcript(done.runId, { limit: 2, offset: 1 })
      assert.is(transcript.rows.length, 2)
      const me = await api.me()
      for (const [what, value] of Object.entries({ created, stored, done, recording, list, transcript, me })) assertPlainJson(value, what)

      const http = await serveHttp(nt)
      try {
        for (const [path, value] of [
          [`/recordings/${done.runId}?include=transcript`, recording],
          [`/recordings/${done.runId}/transcript?limit=2&offset=1`, transcript],
          ['/recordings?limit=10', list],
          [`/uploads/${created.id}`, done],
          ['/me', me],
        ] as const) {
          const answer = await http.get(key, path)
          assert.is(answer.status, 200, path)
          assert.equal(value, answer.body.data, `GET ${path} answers what the facade does`)
        }
        // An error too: the envelope's code and message are the error's.
        const missing = '00000000-0000-4000-8000-000000000000'
        const e = await refusal(() => api.recordings.get(missing))
        const answer = await http.get(key, `/recordings/${missing}`)
        assert.is(answer.status, e.status)
        assert.equal(answer.body.error, { code: e.code, message: e.message })
      } finally {
        await http.close()
      }
    }))

  test(`${store}: refusals are NotetakerErrors with the API's codes`, () =>
    withNotetaker(store, async (nt) => {
      const ada = await nt.accounts.create({ name: 'Ada', email: 'ada@example.com' })
      await nt.accounts.create({ name: 'Bob', email: 'bob@example.com' })
      const api = nt.as(ada.id)
      const upload = await api.uploads.create({ filename: 'notes.vtt' })

      // Another account's recording is not found, never forbidden.
      const notFound = await refusal(() => nt.as('bob@example.com').recordings.get(upload.runId))
      assert.equal([notFound.code, notFound.status, notFound.name], ['NOT_FOUND', 404, 'NotetakerError'])

      // A read-only key reads, but cannot write.
      const readonlyKey = (await nt.keys.create({ account: ada.id, access: 'readonly' })).key
      const reader = nt.as(readonlyKey)
      assert.is((await reader.uploads.get(upload.id)).id, upload.id)
      const forbidden = await refusal(() => reader.uploads.create({ filename: 'more.vtt' }))
      assert.equal([forbidden.code, forbidden.status, forbidden.message], ['FORBIDDEN', 403, 'This key is read-only and cannot make changes'])
      const forbiddenToo = await refusal(() => nt.as(ada.email, { access: 'readonly' }).meetings.create({ title: 'Sync', link: 'https://meet.google.com/abc-defg-hij', startsAt: '2030-01-01T10:00:00.000Z' }))
      assert.is(forbiddenToo.code, 'FORBIDDEN')
      const noOrganization = await refusal(() => api.organization.get())
      assert.equal([noOrganization.code, noOrganization.message], ['FORBIDDEN', 'This route needs an organization-wide key'])

      // Bad input is 422 with details naming the field, as over HTTP.
      const badLink = await refusal(() => api.meetings.create({ title: 'Sync', link: 'https://example.com/call', startsAt: '2030-01-01T10:00:00.000Z' }))
      assert.equal([badLink.code, badLink.status], ['VALIDATION_ERROR', 422])
      assert.equal(badLink.details.map((d) => d.path), ['link'])
      const unknownField = await refusal(() => api.uploads.create({ filename: 'a.vtt', colour: 'red' } as never))
      assert.equal(unknownField.details, [{ path: 'colour', message: 'is not a known field' }])
      const missingField = await refusal(() => api.uploads.create({} as never))
      assert.equal(missingField.details, [{ path: 'filename', message: 'is required' }])
      const tooMany = await refusal(() => api.recordings.list({ limit: 1000 }))
      assert.equal([tooMany.code, tooMany.details[0]?.path], ['VALIDATION_ERROR', 'limit'])
      const notUuid = await refusal(() => api.recordings.get('rec-1'))
      assert.equal(notUuid.details, [{ path: 'runId', message: 'must be a UUID' }])
      const noFile = await refusal(() => api.uploads.putContent(upload.id, join(root, 'no-such-file.vtt')))
      assert.equal([noFile.code, noFile.details[0]?.path], ['VALIDATION_ERROR', 'content'])
      const twice = await refusal(() => nt.accounts.create({ name: 'Ada again', email: 'ADA@example.com' }))
      assert.is(twice.code, 'CONFLICT')
      const noEmail = await refusal(() => nt.accounts.create({ name: 'Eve', email: 'eve' }))
      assert.equal([noEmail.code, noEmail.details[0]?.path], ['VALIDATION_ERROR', 'email'])

      // Who the caller is: an unknown key is 401, an unknown account 404.
      const unknownKey = await refusal(() => nt.as('ntk_aaaaaaaaaaaa_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb').me())
      assert.equal([unknownKey.code, unknownKey.status], ['UNAUTHORIZED', 401])
      assert.is((await refusal(() => nt.as('nobody@example.com').me())).code, 'NOT_FOUND')
      // A revoked key stops working at once.
      const key = await nt.keys.create({ account: ada.id })
      assert.is((await nt.as(key.key).me()).key.id, key.id)
      assert.equal(await nt.keys.revoke(key.id), { id: key.id, revokedAt: (await nt.keys.list(ada.id)).find((k) => k.id === key.id)!.revokedAt, alreadyRevoked: false })
      assert.is((await refusal(() => nt.as(key.key).me())).code, 'UNAUTHORIZED')
    }))
}

test("a bot's meeting as it happens: bots.live iterates its events, in order, to the end", () =>
  withNotetaker(
    'sqlite',
    async (nt) => {
      const ada = await nt.accounts.create({ name: 'Ada', email: 'ada@example.com' })
      const api = nt.as(ada.id)
      const bot = await api.bots.send({ joinUrl: 'https://meet.google.com/abc-defg-hij', title: 'Live tour' })
      const events = []
      for await (const e of api.bots.live(bot.runId)) events.push(e)
      assert.equal(events.map((e) => e.seq), events.map((_, i) => i + 1))
      const last = events[events.length - 1]!
      assert.ok(last.event === 'end' && last.outcome === 'left', JSON.stringify(last))
      // The end comes when the bot leaves; the transcript when processing is over.
      let done = await api.recordings.get(bot.runId, { transcript: true })
      for (let i = 0; i < 200 && done.state !== 'ready'; i++) {
        await new Promise((r) => setTimeout(r, 50))
        done = await api.recordings.get(bot.runId, { transcript: true })
      }
      assert.is(done.state, 'ready')
      assert.equal(events.flatMap((e) => (e.event === 'utterance' ? [e.text] : [])), done.transcript?.map((u) => u.text))
      assert.is((await refusal(async () => { for await (const _ of nt.as('nobody@example.com').bots.live(bot.runId)) break })).code, 'NOT_FOUND')
      // A token for a page, when the program serves the API too: it stands for Ada on this run's stream only.
      const { token, expiresAt } = await api.bots.liveToken(bot.runId)
      assert.ok(Date.parse(expiresAt) > Date.now())
      const stands = await nt.core.live.actorOfToken(token, bot.runId)()
      assert.ok(E.isRight(stands) && stands.right.accountId === ada.id)
      assert.is((await refusal(() => nt.as('nobody@example.com').bots.liveToken(bot.runId))).code, 'NOT_FOUND')
    },
    { settings: { NOTETAKER_SIMULATED_SPEED: '50' } },
  ))

// No worker: the bot stays queued until it is called off, so its answers do not depend on timing. A speech-to-text
// engine is configured because audio uploads are refused without one; with no worker it never runs.
test('the main paths of each area answer plain JSON', () =>
  withNotetaker('memory', async (nt) => {
    const organization = await nt.accounts.create({ name: 'Ada', email: 'ada@example.com', organization: 'Acme' })
    assert.type(organization.organizationId, 'string')
    const api = nt.as(organization.id, { organizationWide: true })
    const startsAt = new Date(Date.now() + 3_600_000).toISOString()
    const meeting = await api.meetings.create({ title: 'Weekly sync', link: 'https://meet.google.com/abc-defg-hij', startsAt })
    const changed = await api.meetings.update(meeting.id, { recordOverride: false })
    const schedule = await api.schedule({ from: new Date().toISOString(), to: new Date(Date.now() + 86_400_000).toISOString() })
    assert.equal(schedule.rows.map((r) => [r.meetingId, r.willRecord, r.skipReason]), [[meeting.id, false, 'override_off']])
    const meetings = await api.meetings.list()
    const bot = await api.bots.send({ joinUrl: 'https://meet.google.com/abc-defg-hij?simulate=never_admitted', title: 'Tour bot' })
    const allowance = await api.allowance()
    const left = await api.bots.leave(bot.runId)
    const bots = await api.bots.list({ limit: 5 })
    const webhook = await api.webhooks.create({ url: 'https://hooks.example.com/notetaker', events: ['recording.ready'] })
    assert.match(webhook.secret, /^whsec_/)
    const webhooks = await api.webhooks.list()
    const webhookDetail = await api.webhooks.get(webhook.id)
    const members = await api.organization.members()
    const invite = await api.organization.invite({ email: 'bob@example.com', role: 'member' })
    const deleted = await api.meetings.delete(meeting.id)
    const answers = { meeting, changed, schedule, meetings, bot, left, bots, webhook, webhooks, webhookDetail, members, invite, allowance, deleted }
    for (const [what, value] of Object.entries(answers)) assertPlainJson(value, what)
    assert.is(changed.recordOverride, false)
    assert.is(left.state, 'cancelled')
    assert.equal(bots.rows.map((r) => r.runId), [bot.runId])
    assert.equal(members.rows.map((m) => [m.email, m.role]), [['ada@example.com', 'owner']])
    assert.equal(Object.keys(meeting).sort(), Object.keys(deleted).sort(), 'a meeting has the documented fields only')
    assert.not.ok('accountId' in meeting, 'no field beyond the documented ones')
    assert.is(allowance.used, 1, 'the bot counted while it was queued')
    assert.is((await api.allowance()).used, 0, 'and no more once called off')

    // Content from a stream, and the audio back as one.
    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(1000, 7)])
    const audioUpload = await api.uploads.create({ filename: 'call.wav', byteSize: wav.length })
    assert.is((await api.uploads.putContent(audioUpload.id, Readable.from([wav]))).stage, 'stored')
    const audio = await api.recordings.audio(audioUpload.runId)
    assert.equal([audio.contentType, audio.byteSize], ['audio/wav', wav.length])
    const chunks: Buffer[] = []
    for await (const chunk of audio.stream) chunks.push(chunk as Buffer)
    assert.ok(Buffer.concat(chunks).equals(wav), 'the stored bytes')
    const transcriptUpload = await api.uploads.create({ filename: 'notes.vtt' })
    assert.is((await refusal(() => api.recordings.audio(transcriptUpload.runId))).code, 'NOT_FOUND')
  }, { worker: false, settings: { NOTETAKER_TRANSCRIBER: 'pocketsphinx' } }))

test('mail settings give the embedded server a mailer (GET /server says so); notifications are listed and marked read', async () => {
  const standin = await startSmtpStandin()
  try {
    const settings = { NOTETAKER_SMTP_URL: `smtp://127.0.0.1:${standin.port}`, NOTETAKER_MAIL_FROM: 'Notetaker <notes@example.com>' }
    await withNotetaker('memory', async (nt) => {
      const api = nt.as((await nt.accounts.create({ name: 'Ada', email: 'ada@example.com' })).id)
      assert.equal((await api.server()).mail, { configured: true })
      assert.equal(await api.notifications.list(), { rows: [], total: 0, limit: 25, offset: 0, unreadCount: 0 })
      assert.equal(await api.notifications.markRead({ all: true }), { marked: 0, unreadCount: 0 })
    }, { worker: false, settings })
    await withNotetaker('memory', async (nt) => {
      assert.equal((await nt.as((await nt.accounts.create({ name: 'Ada', email: 'ada@example.com' })).id).server()).mail, { configured: false })
    }, { worker: false })
  } finally {
    await standin.close()
  }
})

test('options: typed settings are taken, and bad options are refused as the service refuses bad variables', async () => {
  await withNotetaker(
    'memory',
    async (nt) => {
      assert.is(nt.config.NOTETAKER_MAX_UPLOAD_MB, 5)
      assert.is(nt.config.NOTETAKER_ALLOW_PRIVATE_URLS, true)
      assert.is(nt.config.NOTETAKER_BOT_SLOTS, 3)
      const ada = await nt.accounts.create({ name: 'Ada', email: 'ada@example.com' })
      assert.equal((await nt.as(ada.id).allowance()).plan, { key: 'tiny', paid: false, monthlyRecordings: 1 })
    },
    { settings: { NOTETAKER_MAX_UPLOAD_MB: 5, NOTETAKER_ALLOW_PRIVATE_URLS: true, NOTETAKER_BOT_SLOTS: '3', NOTETAKER_PLANS: [{ key: 'tiny', paid: false, monthlyRecordings: 1 }], NOTETAKER_DEFAULT_PLAN: 'tiny' } },
  )
  const refused = async (options: unknown) => {
    const e = await refusal(() => createNotetaker(options as NotetakerOptions))
    assert.equal([e.code, e.status], ['VALIDATION_ERROR', 422])
    assert.ok(e.message.startsWith('The options of createNotetaker are not valid: '), e.message)
    return e.details
  }
  assert.equal(await refused({ store: 'mysql' }), [{ path: 'store', message: 'NOTETAKER_STORE="mysql" must be one of: sqlite, memory, postgres' }])
  assert.equal(await refused({}), [{ path: 'store', message: 'store is required: memory, sqlite or postgres' }])
  assert.equal((await refused({ store: 'postgres' })).map((d) => d.path), ['databaseUrl'])
  assert.equal((await refused({ store: 'memory', logger: 'loud' })).map((d) => d.path), ['logger'])
  assert.equal((await refused({ store: 'memory', worker: 'yes' })).map((d) => d.path), ['worker'])
  const details = await refused({ store: 'memory', settings: { NOTETAKER_MAX_UPLOAD_MB: 0, NOTETAKER_COLOUR: 'red', NOTETAKER_RATE_LIMITER: 'redis' } })
  assert.equal(details.map((d) => d.path), ['settings.NOTETAKER_COLOUR', 'settings.NOTETAKER_MAX_UPLOAD_MB'])
  assert.equal(details[1]?.message, 'NOTETAKER_MAX_UPLOAD_MB="0" must be a whole number from 1 to 10240')
  assert.equal((await refused({ store: 'memory', settings: { NOTETAKER_RATE_LIMITER: 'redis' } })).map((d) => d.path), ['redisUrl'])

  // Valid options, but a store that cannot be opened: a NotetakerError too, with the reason and its cause.
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-embed-'))
  try {
    writeFileSync(join(dir, 'a-file'), 'not a folder')
    const e = await refusal(() => createNotetaker({ store: 'sqlite', dataDir: join(dir, 'a-file'), logger: 'silent' }))
    assert.is(e.code, 'INTERNAL_ERROR')
    assert.match(e.message, /^Notetaker could not start: /)
    assert.instance(e.cause, Error)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('after close(), calls are refused', async () => {
  const nt = await createNotetaker({ store: 'memory', logger: 'silent', worker: false })
  const ada = await nt.accounts.create({ name: 'Ada', email: 'ada@example.com' })
  const api = nt.as(ada.id)
  await api.me()
  await Promise.all([nt.close(), nt.close()])
  for (const call of [() => api.me(), () => nt.accounts.get(ada.id)]) {
    const e = await refusal(call)
    assert.equal([e.code, e.message], ['INTERNAL_ERROR', 'This Notetaker is closed; createNotetaker starts another'])
  }
})

test('close() stops everything: a process that used Notetaker on each store, worker included, exits on its own', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-exit-'))
  const script = `
    import { createNotetaker } from ${JSON.stringify(join(root, 'src', 'index.ts'))}
    for (const store of ['memory', 'sqlite']) {
      const nt = await createNotetaker({ store, dataDir: ${JSON.stringify(dir)}, logger: 'silent' })
      const ada = await nt.accounts.create({ name: 'Ada', email: 'ada@example.com' })
      const api = nt.as(ada.id)
      const upload = await api.uploads.create({ filename: 'planning-meeting.vtt' })
      await api.uploads.putContent(upload.id, ${JSON.stringify(VTT_PATH)})
      const done = await api.uploads.waitUntilProcessed(upload.id, { pollMs: 50 })
      await nt.close()
      console.log(store, done.stage)
    }
  `
  // A file rather than --eval: the processing threads inherit the process's flags, and --input-type is refused in them.
  const file = join(dir, 'embed-and-exit.mts')
  writeFileSync(file, script)
  try {
    const child = spawn(process.execPath, ['--import', 'tsx', file], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (c) => (output += c))
    child.stderr.on('data', (c) => (output += c))
    // Bounded: a process kept alive by a timer, a thread or a connection would never exit, and is killed.
    const exited = await new Promise<{ code: number | null } | 'still running'>((resolve) => {
      const limit = setTimeout(() => {
        child.kill('SIGKILL')
        resolve('still running')
      }, 90_000)
      child.on('exit', (code) => {
        clearTimeout(limit)
        resolve({ code })
      })
    })
    assert.equal(exited, { code: 0 }, output)
    assert.equal(output.trim().split('\n'), ['memory ready', 'sqlite ready'])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
