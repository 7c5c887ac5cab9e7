/**
 * The client's transport against a scripted fetch and a fake clock: retries, backoff,
 * Retry-After, Idempotency-Keys, typed errors, paging, uploads and waiting. No real
 * timers are asserted on: every wait goes through the injected sleep, which records it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  backoffMs,
  createClient,
  DEFAULT_RETRY,
  NotetakerApiError,
  NotetakerConnectionError,
  NotetakerTimeoutError,
  parseRetryAfter,
  type ClientOptions,
  type RetryEvent,
} from '../../clients/typescript/src/index.js'
import { errorBody, fakeFetch, fakeTime, type Step } from './fake-fetch.js'

const BOT = { runId: 'b0b0b0b0-0000-4000-8000-000000000001', state: 'queued' }
const NEW_BOT = { joinUrl: 'https://meet.google.com/abc-defg-hij', title: 'Standup' }

const setup = (steps: Step[], options: Partial<ClientOptions> = {}) => {
  const fake = fakeFetch(steps)
  const time = fakeTime()
  const retries: RetryEvent[] = []
  let keys = 0
  const client = createClient({
    baseUrl: 'http://notetaker.test',
    apiKey: 'ntk_test',
    fetch: fake.fetch,
    sleep: time.sleep,
    now: time.now,
    random: () => 0.5,
    newIdempotencyKey: () => `key-${++keys}`,
    onRetry: (e) => retries.push(e),
    ...options,
  })
  return { client, fake, time, retries }
}

const collect = async <A>(rows: AsyncIterable<A>): Promise<A[]> => {
  const all: A[] = []
  for await (const row of rows) all.push(row)
  return all
}

const rejects = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise
  } catch (e) {
    return e
  }
  throw new Error('expected the call to fail')
}

test('backoff is full jitter under an exponential ceiling, capped', () => {
  const policy = { retries: 10, baseDelayMs: 100, maxDelayMs: 1000 }
  assert.equal([1, 2, 3, 4, 5, 6].map((n) => backoffMs(n, policy, () => 0.999999)), [99, 199, 399, 799, 999, 999])
  assert.equal([1, 2, 3].map((n) => backoffMs(n, policy, () => 0)), [0, 0, 0], 'full jitter reaches down to no wait')
  assert.equal(DEFAULT_RETRY, { retries: 3, baseDelayMs: 500, maxDelayMs: 30_000 })
})

test('Retry-After is read as seconds or as an HTTP date', () => {
  const now = Date.parse('2026-06-01T12:00:00Z')
  assert.is(parseRetryAfter('7', now), 7000)
  assert.is(parseRetryAfter(' 0 ', now), 0)
  assert.is(parseRetryAfter('Mon, 01 Jun 2026 12:00:30 GMT', now), 30_000)
  assert.is(parseRetryAfter('Mon, 01 Jun 2026 11:00:00 GMT', now), 0, 'a date in the past means now')
  assert.is(parseRetryAfter('soon', now), null)
  assert.is(parseRetryAfter('-3', now), null)
  assert.is(parseRetryAfter(null, now), null)
})

test('a 429 waits what Retry-After says (seconds), then succeeds with the same Idempotency-Key', async () => {
  const { client, fake, time, retries } = setup([
    { status: 429, json: errorBody('RATE_LIMITED', 'Too many requests'), headers: { 'retry-after': '2' } },
    { status: 201, json: { data: BOT } },
  ])
  const bot = await client.bots.send(NEW_BOT)
  assert.equal(bot, BOT)
  assert.equal(time.waits, [2000])
  assert.is(fake.calls.length, 2)
  assert.equal(fake.calls.map((c) => c.headers['idempotency-key']), ['key-1', 'key-1'], 'one key for every attempt of the call')
  assert.equal(fake.calls.map((c) => c.body), [JSON.stringify(NEW_BOT), JSON.stringify(NEW_BOT)])
  assert.equal(retries.map((r) => [r.attempt, r.status, r.delayMs, r.idempotencyKey]), [[1, 429, 2000, 'key-1']])
  const first = fake.calls[0]!
  assert.equal([first.method, first.url, first.headers['authorization'], first.headers['content-type']], ['POST', 'http://notetaker.test/ext/v1/bots', 'Bearer ntk_test', 'application/json'])
})

test('a 429 with Retry-After as an HTTP date waits until that date', async () => {
  const at = new Date(Date.parse('2026-06-01T12:00:00Z') + 5000).toUTCString()
  const { client, time } = setup([
    { status: 429, json: errorBody('RATE_LIMITED', 'Too many requests'), headers: { 'retry-after': at } },
    { status: 200, json: { data: { id: 'me' } } },
  ])
  await client.me.get()
  assert.equal(time.waits, [5000])
})

test('a Retry-After longer than the cap ends the call at once with the 429 (and how long it asked)', async () => {
  const { client, fake, time } = setup([{ status: 429, json: errorBody('RATE_LIMITED', 'Too many requests'), headers: { 'retry-after': '120' } }], { maxDelayMs: 10_000 })
  const e = await rejects(client.me.get())
  assert.instance(e, NotetakerApiError)
  const err = e as NotetakerApiError
  assert.equal([err.status, err.code, err.retryAfterMs, err.attempts], [429, 'RATE_LIMITED', 120_000, 1])
  assert.equal([fake.calls.length, time.waits], [1, []])
})

test('503 then 200: one retry after a jittered backoff', async () => {
  const { client, fake, time } = setup([{ status: 503, json: errorBody('INTERNAL_ERROR', 'busy') }, { status: 200, json: { data: { id: 'me' } } }])
  assert.equal(await client.me.get(), { id: 'me' })
  assert.equal(time.waits, [250], 'random 0.5 of the 500 ms first ceiling')
  assert.is(fake.calls.length, 2)
  assert.is(fake.calls[0]!.headers['idempotency-key'], undefined, 'reads carry no key')
})

test('retries are bounded: 4 attempts by default, then the last error with its code and request id', async () => {
  const fail: Step = { status: 500, json: errorBody('INTERNAL_ERROR', 'Something broke') }
  const { client, fake, time, retries } = setup([fail, fail, fail, fail, fail])
  const e = (await rejects(client.bots.send(NEW_BOT))) as NotetakerApiError
  assert.instance(e, NotetakerApiError)
  assert.equal([e.status, e.code, e.message, e.requestId, e.attempts], [500, 'INTERNAL_ERROR', 'Something broke', 'req-4', 4])
  assert.equal(time.waits, [250, 500, 1000], 'the ceiling doubles on each retry')
  assert.equal([fake.calls.length, fake.left], [4, 1])
  assert.equal(new Set(fake.calls.map((c) => c.headers['idempotency-key'])), new Set(['key-1']))
  assert.is(retries.length, 3)
})

test('retries: 0 makes one attempt; a per-call retries overrides the client', async () => {
  const fail: Step = { status: 502, text: '<html>Bad gateway</html>' }
  const none = setup([fail], { retries: 0 })
  const e = (await rejects(none.client.me.get())) as NotetakerApiError
  assert.equal([e.status, e.code, e.attempts, none.time.waits], [502, 'INTERNAL_ERROR', 1, []], 'a proxy page without the envelope still has a code')
  assert.match(e.message, 'Bad gateway')
  const one = setup([fail, fail], { retries: 5 })
  await rejects(one.client.me.get({ retries: 1 }))
  assert.is(one.fake.calls.length, 2)
})

test('the wait before a retry never exceeds maxDelayMs', async () => {
  const fail: Step = { status: 503, json: errorBody('INTERNAL_ERROR', 'busy') }
  const { client, time } = setup([fail, fail, fail, fail, fail, fail], { retries: 5, random: () => 0.999999, maxDelayMs: 1500 })
  await rejects(client.me.get())
  assert.equal(time.waits, [499, 999, 1499, 1499, 1499])
})

test('a network failure is retried, and a POST keeps its Idempotency-Key across it', async () => {
  const { client, fake, retries } = setup([{ fail: new TypeError('fetch failed') }, { status: 201, json: { data: BOT } }])
  assert.equal(await client.bots.send(NEW_BOT), BOT)
  assert.equal(fake.calls.map((c) => c.headers['idempotency-key']), ['key-1', 'key-1'])
  assert.equal([retries[0]!.status, (retries[0]!.error as Error).message], [null, 'fetch failed'])
})

test('no answer on any attempt: NotetakerConnectionError with the last failure as its cause', async () => {
  const down: Step = { fail: new TypeError('fetch failed') }
  const { client } = setup([down, down, down, down])
  const e = (await rejects(client.me.get())) as NotetakerConnectionError
  assert.instance(e, NotetakerConnectionError)
  assert.equal([e.attempts, e.method, e.path, (e.cause as Error).message], [4, 'GET', '/me', 'fetch failed'])
})

test('an attempt that times out counts as no answer and is retried', async () => {
  const { client, fake } = setup([{ hang: true }, { status: 200, json: { data: { id: 'me' } } }], { timeoutMs: 5 })
  assert.equal(await client.me.get(), { id: 'me' })
  assert.is(fake.calls.length, 2)
})

test('after an attempt with no answer, a 409 (the first still running) is retried until the replay', async () => {
  const { client, fake } = setup([
    { fail: new TypeError('socket hang up') },
    { status: 409, json: errorBody('CONFLICT', 'A request with this Idempotency-Key is still being processed; retry after it finishes') },
    { status: 201, json: { data: BOT }, headers: { 'idempotent-replayed': 'true' } },
  ])
  assert.equal(await client.bots.send(NEW_BOT), BOT)
  assert.equal(fake.calls.map((c) => c.headers['idempotency-key']), ['key-1', 'key-1', 'key-1'])
})

test('a 409 to a first attempt is final: the conflict is real', async () => {
  const { client, fake } = setup([{ status: 409, json: errorBody('CONFLICT', 'A bot is already live') }])
  const e = (await rejects(client.bots.send(NEW_BOT))) as NotetakerApiError
  assert.equal([e.status, e.code, fake.calls.length], [409, 'CONFLICT', 1])
})

test('a write sent without a key is retried only on 429, never after a 5xx or a lost answer', async () => {
  const five = setup([{ status: 503, json: errorBody('INTERNAL_ERROR', 'busy') }])
  await rejects(five.client.bots.send(NEW_BOT, { idempotencyKey: false }))
  assert.equal([five.fake.calls.length, five.fake.calls[0]!.headers['idempotency-key']], [1, undefined])
  const lost = setup([{ fail: new TypeError('fetch failed') }])
  assert.instance(await rejects(lost.client.bots.send(NEW_BOT, { idempotencyKey: false })), NotetakerConnectionError)
  assert.is(lost.fake.calls.length, 1)
  const limited = setup([{ status: 429, json: errorBody('RATE_LIMITED', 'slow down'), headers: { 'retry-after': '1' } }, { status: 201, json: { data: BOT } }])
  await limited.client.bots.send(NEW_BOT, { idempotencyKey: false })
  assert.is(limited.fake.calls.length, 2)
})

test('a key of the caller is used as given; every write gets one by default', async () => {
  const { client, fake } = setup([
    { status: 201, json: { data: BOT } },
    { status: 200, json: { data: { id: 'm' } } },
    { status: 200, json: { data: { id: 'm' } } },
    { status: 200, json: { data: { id: 'm' } } },
  ])
  await client.bots.send(NEW_BOT, { idempotencyKey: 'my-own-key' })
  await client.meetings.update('m', { title: 'x' })
  await client.meetings.delete('m')
  await client.meetings.get('m')
  assert.equal(fake.calls.map((c) => [c.method, c.headers['idempotency-key']]), [['POST', 'my-own-key'], ['PATCH', 'key-1'], ['DELETE', 'key-2'], ['GET', undefined]])
})

test('headers of the caller replace the client\'s whatever their case; a key given as a header is the call\'s key', async () => {
  const ok: Step = { status: 201, json: { data: BOT } }
  const { client, fake } = setup([ok, ok, ok], { headers: { 'X-Team': 'a', Accept: 'application/json' } })
  await client.bots.send(NEW_BOT, { headers: { 'Idempotency-Key': 'from-header', 'x-team': 'b' } })
  await client.bots.send(NEW_BOT, { headers: { 'Idempotency-Key': 'from-header' }, idempotencyKey: 'from-option' })
  await client.bots.send(NEW_BOT, { headers: { 'Idempotency-Key': 'from-header' }, idempotencyKey: false })
  assert.equal(fake.calls.map((c) => c.headers['idempotency-key']), ['from-header', 'from-option', undefined])
  assert.equal([fake.calls[0]!.headers['x-team'], fake.calls[0]!.headers['accept']], ['b', 'application/json'])
})

test('4xx answers are not retried and carry code, message, details and the request id', async () => {
  const { client, fake } = setup([
    { status: 422, json: errorBody('VALIDATION_ERROR', 'The request is not valid', [{ path: 'filename', message: 'Unsupported file type .exe' }]), headers: { 'x-request-id': 'abc-123' } },
    { status: 404, json: errorBody('NOT_FOUND', 'No such recording') },
  ])
  const invalid = (await rejects(client.uploads.create({ filename: 'notes.exe' }))) as NotetakerApiError
  assert.equal([invalid.status, invalid.code, invalid.requestId, invalid.details], [422, 'VALIDATION_ERROR', 'abc-123', [{ path: 'filename', message: 'Unsupported file type .exe' }]])
  const missing = (await rejects(client.recordings.get('00000000-0000-4000-8000-000000000000'))) as NotetakerApiError
  assert.equal([missing.status, missing.code, missing.message, missing.details], [404, 'NOT_FOUND', 'No such recording', []])
  assert.is(fake.calls.length, 2)
})

test('aborting stops the waits between retries', async () => {
  const controller = new AbortController()
  const { client } = setup([{ status: 503, json: errorBody('INTERNAL_ERROR', 'busy') }], {
    sleep: async (_ms, signal) => {
      controller.abort(new Error('given up'))
      if (signal?.aborted) throw signal.reason
    },
  })
  const e = (await rejects(client.me.get({ signal: controller.signal }))) as Error
  assert.is(e.message, 'given up')
})

test('the base URL gets /ext/v1 unless it has it; paths are filled and encoded; queries drop undefined', async () => {
  const ok: Step = { status: 200, json: { data: { rows: [], total: 0, limit: 10, offset: 0 } } }
  for (const baseUrl of ['http://h.test', 'http://h.test/', 'http://h.test/ext/v1', 'http://h.test/ext/v1/']) {
    const { client, fake } = setup([ok], { baseUrl })
    await client.request('get', '/recordings/{runId}/transcript', { path: { runId: 'a/b c' }, query: { limit: 10, offset: undefined } })
    assert.is(fake.calls[0]!.url, 'http://h.test/ext/v1/recordings/a%2Fb%20c/transcript?limit=10', baseUrl)
  }
})

test('request() answers the whole JSON body, typed by path and method', async () => {
  const { client } = setup([{ status: 200, json: { data: { rows: [{ id: 'w' }], total: 1, limit: 1, offset: 0 } } }])
  const body = await client.request('get', '/webhooks')
  assert.equal(body.data.total, 1)
})

const page = (rows: number[], total: number, limit: number, offset: number): Step => ({ status: 200, json: { data: { rows: rows.map((id) => ({ id })), total, limit, offset } } })

test('list iterators walk offset by limit until total, fetching a page only when the loop needs it', async () => {
  const { client, fake } = setup([page([1, 2], 5, 2, 0), page([3, 4], 5, 2, 2), page([5], 5, 2, 4)])
  const seen: unknown[] = []
  for await (const row of client.uploads.list({ limit: 2 })) seen.push((row as unknown as { id: number }).id)
  assert.equal(seen, [1, 2, 3, 4, 5])
  assert.equal(fake.calls.map((c) => new URL(c.url).search), ['?limit=2&offset=0', '?limit=2&offset=2', '?limit=2&offset=4'])

  const lazy = setup([page([1, 2], 5, 2, 0), page([3, 4], 5, 2, 2)])
  for await (const row of lazy.client.uploads.list({ limit: 2 })) if ((row as unknown as { id: number }).id === 1) break
  assert.is(lazy.fake.calls.length, 1, 'breaking out of the loop fetches nothing more')

  const empty = setup([page([], 0, 100, 0)])
  assert.equal(await collect(empty.client.recordings.list()), [])
  assert.is(new URL(empty.fake.calls[0]!.url).search, '?limit=100&offset=0', '100 rows a page by default')

  const shrunk = setup([page([1], 3, 2, 0), page([], 3, 2, 1)])
  assert.equal((await collect(shrunk.client.recordings.list({ limit: 2 }))).length, 1, 'an empty page ends the walk even if total promised more')
})

const UPLOAD = { id: 'u1', runId: 'r1', stage: 'pending', filename: 'standup.vtt' }
const transcript = 'WEBVTT\n\n00:00.000 --> 00:02.000\n<v Ada>Hello.\n'

test('upload from bytes: POST with byteSize, then PUT of the bytes, both keyed; answers the upload', async () => {
  const { client, fake } = setup([{ status: 201, json: { data: UPLOAD } }, { status: 200, json: { data: { ...UPLOAD, stage: 'stored' } } }])
  const created: string[] = []
  const upload = await client.uploads.upload({ filename: 'standup.vtt', title: 'Standup', data: Buffer.from(transcript), onCreated: (u) => created.push(u.id) })
  assert.is(upload.stage, 'stored')
  assert.equal(created, ['u1'])
  const [post, put] = fake.calls
  assert.equal(JSON.parse(post!.body!), { title: 'Standup', filename: 'standup.vtt', byteSize: Buffer.byteLength(transcript) })
  assert.equal([put!.method, put!.url, put!.body, put!.bodyKind, put!.headers['content-type']], ['PUT', 'http://notetaker.test/ext/v1/uploads/u1/content', transcript, 'bytes', 'application/octet-stream'])
  assert.equal([post!.headers['idempotency-key'], put!.headers['idempotency-key']], ['key-1', 'key-2'])
})

test('upload from a file path: the name and size come from the file, and a failed PUT is sent again', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'notetaker-client-'))
  try {
    const file = join(dir, 'planning.vtt')
    writeFileSync(file, transcript)
    const { client, fake } = setup([
      { status: 201, json: { data: UPLOAD } },
      { status: 503, json: errorBody('INTERNAL_ERROR', 'busy') },
      { status: 200, json: { data: { ...UPLOAD, stage: 'stored' } } },
    ])
    await client.uploads.upload({ data: file })
    const [post, put1, put2] = fake.calls
    assert.equal(JSON.parse(post!.body!), { filename: 'planning.vtt', byteSize: Buffer.byteLength(transcript) })
    assert.equal([put1!.bodyKind, put1!.body, put2!.body], ['blob', transcript, transcript], 'the file is read again for the retry')
    assert.is(put1!.headers['idempotency-key'], put2!.headers['idempotency-key'])
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('upload from a Node Readable or a web ReadableStream: streamed half-duplex, no byteSize unless given, never retried', async () => {
  const node = setup([{ status: 201, json: { data: UPLOAD } }, { status: 503, json: errorBody('INTERNAL_ERROR', 'busy') }])
  const e = (await rejects(node.client.uploads.upload({ filename: 'standup.vtt', data: Readable.from([Buffer.from('WEBVTT\n\n'), '00:00.000 --> 00:02.000\n<v Ada>Hello.\n']) }))) as NotetakerApiError
  assert.equal([e.status, e.attempts], [503, 1], 'a stream cannot be sent twice')
  const [post, put] = node.fake.calls
  assert.equal(JSON.parse(post!.body!), { filename: 'standup.vtt' })
  assert.equal([put!.bodyKind, put!.duplex, put!.body], ['stream', 'half', transcript])

  const web = setup([{ status: 201, json: { data: UPLOAD } }, { status: 200, json: { data: { ...UPLOAD, stage: 'stored' } } }])
  const stream = new Blob([transcript]).stream()
  await web.client.uploads.upload({ filename: 'standup.vtt', data: stream, byteSize: Buffer.byteLength(transcript), contentType: 'text/vtt' })
  assert.equal(JSON.parse(web.fake.calls[0]!.body!), { contentType: 'text/vtt', filename: 'standup.vtt', byteSize: Buffer.byteLength(transcript) })
  assert.equal([web.fake.calls[1]!.body, web.fake.calls[1]!.headers['content-type']], [transcript, 'text/vtt'])
})

test('upload needs a filename unless the data is a path', async () => {
  const { client, fake } = setup([])
  assert.instance(await rejects(client.uploads.upload({ data: new Uint8Array([1]) })), TypeError)
  assert.is(fake.calls.length, 0)
})

test('waitForUpload polls until ready or failed, and gives up with the last stage after timeoutMs', async () => {
  const at = (stage: string): Step => ({ status: 200, json: { data: { ...UPLOAD, stage } } })
  const ready = setup([at('stored'), at('transcribing'), at('analysing'), at('ready')])
  assert.is((await ready.client.uploads.waitForUpload('u1', { pollMs: 250 })).stage, 'ready')
  assert.equal(ready.time.waits, [250, 250, 250])

  const failed = setup([at('stored'), { status: 200, json: { data: { ...UPLOAD, stage: 'failed', error: 'line 3: no cue' } } }])
  const done = await failed.client.uploads.waitForUpload('u1')
  assert.equal([done.stage, done.error], ['failed', 'line 3: no cue'])

  const slow = setup([at('transcribing'), at('transcribing'), at('transcribing'), at('transcribing')])
  const e = (await rejects(slow.client.uploads.waitForUpload('u1', { timeoutMs: 2500, pollMs: 1000 }))) as NotetakerTimeoutError
  assert.instance(e, NotetakerTimeoutError)
  assert.is(e.upload.stage, 'transcribing')
  assert.equal(slow.time.waits, [1000, 1000, 500], 'the last wait stops at the deadline')
})

test('audio answers the Response unread, with the Range asked for', async () => {
  const { client, fake } = setup([{ status: 206, text: 'RIFF', headers: { 'content-type': 'audio/wav', 'content-range': 'bytes 0-3/100' } }])
  const audio = await client.recordings.audio('r1', { range: 'bytes=0-3' })
  assert.equal([audio.status, audio.headers.get('content-range'), await audio.text()], [206, 'bytes 0-3/100', 'RIFF'])
  assert.is(fake.calls[0]!.headers['range'], 'bytes=0-3')
})

test.run()
