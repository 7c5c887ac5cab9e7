/**
 * The TypeScript client against a real `notetaker serve` process (memory stores, its own
 * port, the first-run key read from its stdout): a meeting upload to notes, a paged list
 * across pages, a bot whose lost answer is retried with the same Idempotency-Key, a keyed
 * DELETE replayed, typed errors, and a real signed webhook delivery verified with verifyWebhook.
 */
import { createReadStream, readFileSync, rmSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  createClient,
  NotetakerApiError,
  verifyWebhook,
  WebhookVerificationError,
  type NotetakerClient,
  type Upload,
} from '../../clients/typescript/src/index.js'
import { servedOpenApi } from '../../scripts/generate-client.js'
import { ROOT, serve, tempDir } from '../support/cli.js'

const TRANSCRIPTS = join(ROOT, 'fixtures', 'transcripts')
const MEET = 'https://meet.google.com/abc-defg-hij?simulate=meeting_ends'

interface Delivery {
  readonly body: Buffer
  readonly headers: IncomingHttpHeaders
}

const world = {
  dir: '',
  server: null as Awaited<ReturnType<typeof serve>> | null,
  receiver: null as Server | null,
  receiverUrl: '',
  deliveries: [] as Delivery[],
  key: '',
  client: null as unknown as NotetakerClient,
  /** Every request the main client sent, as `METHOD path?query`. */
  sent: [] as string[],
  secret: '',
  planning: null as Upload | null,
}

const eventually = async <A>(what: string, read: () => A | undefined | Promise<A | undefined>, seconds = 30): Promise<A> => {
  const until = Date.now() + seconds * 1000
  for (;;) {
    const value = await read()
    if (value !== undefined) return value
    if (Date.now() > until) throw new Error(`${what}: not seen within ${seconds} s`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

const rejects = async (promise: Promise<unknown>): Promise<unknown> => {
  try {
    await promise
  } catch (e) {
    return e
  }
  throw new Error('expected the call to fail')
}

test.before(async () => {
  world.receiver = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      world.deliveries.push({ body: Buffer.concat(chunks), headers: req.headers })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((r) => world.receiver!.listen(0, '127.0.0.1', r))
  world.receiverUrl = `http://127.0.0.1:${(world.receiver.address() as AddressInfo).port}/hooks/notetaker`
  world.dir = tempDir('client')
  world.server = await serve({ DATA_DIR: world.dir, NOTETAKER_STORE: 'memory', NOTETAKER_ALLOW_PRIVATE_URLS: 'true' })
  world.key = world.server.output.map((l) => /^\s+(ntk_\S+)$/.exec(l)?.[1]).find((k) => k !== undefined) ?? ''
  assert.ok(world.key, `the first run printed a key:\n${world.server.output.join('\n')}`)
  world.client = createClient({
    baseUrl: world.server.url,
    apiKey: world.key,
    fetch: (input, init) => {
      const url = new URL(String(input))
      world.sent.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`)
      return fetch(input, init)
    },
  })
})

test.after(async () => {
  if (world.server !== null) assert.is(await world.server.stop(), 0, 'serve stops cleanly on SIGTERM')
  await new Promise((r) => world.receiver?.close(r))
  if (world.dir !== '') rmSync(world.dir, { recursive: true, force: true })
})

test('the document the server serves is the one the client is generated from', async () => {
  const served = (await world.client.request('get', '/openapi.json')) as { servers: Array<{ url: string }> }
  const built = await servedOpenApi()
  // The one difference by design: a running server names the absolute address it was asked at.
  assert.equal(served.servers.map((x) => x.url), [`${world.server!.url}/ext/v1`])
  assert.equal(built.servers?.map((x) => x.url), ['/ext/v1'])
  assert.equal(
    { ...served, servers: built.servers },
    built,
    'GET /openapi.json of a running server differs from the document scripts/generate-client.ts builds in-process: if it now depends on the configuration, build it there the way serve does',
  )
})

test('an uploaded meeting transcript becomes notes, and its upload.ready delivery verifies', async () => {
  const client = world.client
  const hook = await client.webhooks.create({ url: world.receiverUrl, events: ['upload.ready'], description: 'client test' })
  assert.match(hook.secret, /^whsec_/)
  world.secret = hook.secret

  const file = join(TRANSCRIPTS, 'planning-meeting.vtt')
  const upload = await client.uploads.upload({ data: file, title: 'Launch planning' })
  assert.equal([upload.filename, upload.kind, upload.byteSize, upload.title], ['planning-meeting.vtt', 'transcript', readFileSync(file).length, 'Launch planning'])
  const done = await client.uploads.waitForUpload(upload.id, { timeoutMs: 60_000, pollMs: 100 })
  assert.is(done.stage, 'ready', done.error ?? '')
  world.planning = done

  const notes = await client.recordings.get(done.runId)
  assert.equal([notes.state, notes.origin, notes.hasNotes], ['ready', 'upload', true])
  assert.ok(notes.shortSummary.length > 20, `a summary: ${notes.shortSummary}`)
  assert.ok(notes.actionItems.length > 0, 'action items')
  assert.ok(notes.actionItems.some((a) => a.owner === 'Tom Becker' && /login crash/i.test(a.title)), JSON.stringify(notes.actionItems))
  assert.equal(notes.speakers.map((s) => s.name).sort(), ['Maria Lopez', 'Priya Shah', 'Tom Becker'])

  // The real delivery: signed by the server's worker, verified by the client.
  const delivery = await eventually('the upload.ready delivery', () =>
    world.deliveries.find((d) => JSON.parse(d.body.toString('utf8')).data?.uploadId === upload.id),
  )
  const event = await verifyWebhook(world.secret, delivery.body, delivery.headers)
  assert.is(event.type, 'upload.ready')
  if (event.type === 'upload.ready') assert.equal([event.data.uploadId, event.data.runId, event.data.stage], [upload.id, done.runId, 'ready'])
  const forged = await verifyWebhook(world.secret, Buffer.from(delivery.body.toString('utf8').replace('Launch planning', 'Launch plannin')), delivery.headers).catch((e: unknown) => e)
  assert.instance(forged, WebhookVerificationError)
  const late = await verifyWebhook(world.secret, delivery.body, delivery.headers, { now: () => Date.now() + 600_000 }).catch((e: unknown) => e)
  assert.is((late as WebhookVerificationError).reason, 'timestamp_too_old')
})

test('the transcript pages in order, and its pages add up to transcriptTotal', async () => {
  const runId = world.planning!.runId
  const withTranscript = await world.client.recordings.get(runId, { transcript: true })
  const utterances = []
  for await (const u of world.client.recordings.transcript(runId, { limit: 3 })) utterances.push(u)
  assert.is(utterances.length, withTranscript.transcriptTotal)
  assert.equal(utterances, withTranscript.transcript)
  assert.ok(utterances.length > 3, 'more than one page')
})

test('paged lists walk every page: uploads from bytes and from a stream, listed two at a time', async () => {
  const client = world.client
  const fromBytes = await client.uploads.upload({ filename: 'teams.vtt', title: 'Teams export', data: readFileSync(join(TRANSCRIPTS, 'teams.vtt')) })
  const fromStream = await client.uploads.upload({ filename: 'zoom.srt', title: 'Zoom export', data: createReadStream(join(TRANSCRIPTS, 'zoom.srt')) })
  // Bytes declare their size at POST /uploads; a stream's is counted by the server as it stores it.
  assert.equal([fromBytes.byteSize, fromStream.byteSize], [readFileSync(join(TRANSCRIPTS, 'teams.vtt')).length, readFileSync(join(TRANSCRIPTS, 'zoom.srt')).length])
  for (const u of [fromBytes, fromStream]) assert.is((await client.uploads.waitForUpload(u.id, { timeoutMs: 60_000, pollMs: 100 })).stage, 'ready')

  world.sent.length = 0
  const uploads: string[] = []
  for await (const u of client.uploads.list({ limit: 2 })) uploads.push(u.id)
  assert.equal(new Set(uploads), new Set([world.planning!.id, fromBytes.id, fromStream.id]))
  assert.equal(world.sent, ['GET /ext/v1/uploads?limit=2&offset=0', 'GET /ext/v1/uploads?limit=2&offset=2'])

  const titles: string[] = []
  for await (const r of client.recordings.list({ limit: 1 })) titles.push(r.title)
  assert.equal(new Set(titles), new Set(['Launch planning', 'Teams export', 'Zoom export']))
  assert.is(world.sent.filter((s) => s.startsWith('GET /ext/v1/recordings?')).length, 3, 'one request per page of one')
})

test('a bot whose first answer is lost is retried with the same Idempotency-Key and is sent once', async () => {
  const attempts: { key: string | null; status: number; replayed: string | null; runId: string }[] = []
  let dropped = false
  const client = createClient({
    baseUrl: `${world.server!.url}/ext/v1`,
    apiKey: world.key,
    sleep: async () => undefined,
    // The server answers, but the first answer never reaches the caller (a timeout, a reset).
    fetch: async (input, init) => {
      const response = await fetch(input, init)
      if (init?.method === 'POST' && String(input).endsWith('/bots') && response.status === 201) {
        const body = (await response.clone().json()) as { data: { runId: string } }
        attempts.push({ key: new Headers(init.headers).get('idempotency-key'), status: response.status, replayed: response.headers.get('idempotent-replayed'), runId: body.data.runId })
        if (!dropped) {
          dropped = true
          throw new TypeError('fetch failed: the connection was reset')
        }
      }
      return response
    },
  })
  const bot = await client.bots.send({ joinUrl: MEET, title: 'Client bot' })
  assert.is(attempts.length, 2)
  const [first, second] = attempts
  assert.ok(first!.key !== null && first!.key === second!.key, 'the retry carries the first attempt’s key')
  assert.equal([first!.status, first!.replayed, second!.status, second!.replayed], [201, null, 201, 'true'], 'the retry is a replay')
  assert.equal([first!.runId, second!.runId], [bot.runId, bot.runId], 'the same bot both times')

  const bots: string[] = []
  for await (const r of client.bots.list()) if (r.origin === 'manual') bots.push(r.runId)
  assert.equal(bots, [bot.runId], 'one bot was sent')
  // Without the key, a second call is a second bot: refused while the first is live.
  const again = (await rejects(client.bots.send({ joinUrl: MEET, title: 'Client bot' }))) as NotetakerApiError
  assert.equal([again.status, again.code], [409, 'CONFLICT'])
  await client.bots.leave(bot.runId)
})

test('every write is keyed: a DELETE repeated with its key answers what the first did, not 404', async () => {
  const client = world.client
  const meeting = await client.meetings.create({ title: 'Weekly sync', link: 'https://meet.google.com/abc-defg-hij', startsAt: new Date(Date.now() + 3_600_000).toISOString() })
  const first = await client.meetings.delete(meeting.id, { idempotencyKey: `delete-${meeting.id}` })
  const repeat = await client.meetings.delete(meeting.id, { idempotencyKey: `delete-${meeting.id}` })
  assert.equal(repeat, first)
  const fresh = (await rejects(client.meetings.delete(meeting.id))) as NotetakerApiError
  assert.equal([fresh.status, fresh.code], [404, 'NOT_FOUND'], 'a new call (a new key) sees it gone')
})

test('errors are typed: 404 and 422 with code, details and the request id; 401 for a wrong key', async () => {
  const client = world.client
  const missing = (await rejects(client.recordings.get('00000000-0000-4000-8000-000000000000'))) as NotetakerApiError
  assert.instance(missing, NotetakerApiError)
  assert.equal([missing.status, missing.code, missing.attempts], [404, 'NOT_FOUND', 1])
  assert.match(missing.requestId ?? '', /^[0-9a-f-]{36}$/)

  const invalid = (await rejects(client.uploads.create({ filename: 'minutes.exe' }))) as NotetakerApiError
  assert.equal([invalid.status, invalid.code], [422, 'VALIDATION_ERROR'])
  assert.ok(invalid.details.some((d) => d.path === 'filename'), JSON.stringify(invalid.details))
  assert.ok(invalid.message.length > 0)

  const malformed = (await rejects(client.recordings.get('not-a-uuid'))) as NotetakerApiError
  assert.equal([malformed.status, malformed.code, malformed.details[0]?.path], [422, 'VALIDATION_ERROR', 'runId'])

  const stranger = createClient({ baseUrl: world.server!.url, apiKey: 'ntk_0000000000000000_nope' })
  const denied = (await rejects(stranger.me.get())) as NotetakerApiError
  assert.equal([denied.status, denied.code], [401, 'UNAUTHORIZED'])
  assert.equal((await client.me.get()).key.access, 'full')
})

test.run()
