/**
 * A bot's live stream over a WebSocket at the same address as its Server-Sent Events: the same
 * events, resumed with lastEventId, closed normally after the end; refused before the upgrade
 * with the GET's statuses in the envelope; counted against the per-address connection limit;
 * closed (1001) when the server closes.
 */
import { request } from 'node:http'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsPlugin from 'ajv-formats'
import { pino } from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createSimulatedBotRunner } from '../../adapters/bots/simulated/runner.js'
import { type Harness, startHarness } from '../support/http.js'
import { readEvents } from '../support/sse.js'
import { PASSWORD, setPassword, signIn } from '../support/session.js'
import { connect, opened, type RefusedSocket } from '../support/web-socket.js'
import { upload } from './share-world.js'

const MEET = 'https://meet.google.com/abc-defg-hij'
const VTT = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<v Ada>Hello.\n')

const s = suite<{ h: Harness }>('WebSocket /bots/{runId}/live')
s.before.each(async (ctx) => {
  // The bot plays its meeting at 20 times real speed, as in live.test.ts.
  ctx.h = await startHarness({ ports: { botRunner: createSimulatedBotRunner({ clock: { now: () => new Date() }, logger: pino({ level: 'silent' }), speed: 20, audio: false, joinMs: 200, waitMs: 200 }) } })
})
s.after.each(async ({ h }) => h.close())

const live = (h: Harness, runId: string, query = '') => `${h.url}/ext/v1/bots/${runId}/live${query}`
const bearer = (key: string) => ({ authorization: `Bearer ${key}` })
const sendBot = async (h: Harness) => (await h.request('POST', '/bots', { body: { joinUrl: MEET } })).body.data.runId as string

s('the same events as Server-Sent Events, one JSON message each; resumed after lastEventId without a gap; closed with 1000 after the end', async ({ h }) => {
  const runId = await sendBot(h)
  const working = h.worker.drain()
  const first = opened(await connect(live(h, runId), bearer(h.keys.full)))
  assert.ok(typeof first.headers['x-request-id'] === 'string', 'the 101 carries the request id')
  const before = await first.read((all) => all.filter((m) => m.event === 'utterance').length >= 2)
  first.socket.close()
  const last = before[before.length - 1].seq
  const second = opened(await connect(live(h, runId, `?lastEventId=${last}`), bearer(h.keys.full)))
  const rest = await second.read(() => false, 30_000)
  assert.equal(await second.closed(), { code: 1000, reason: 'The bot is not in its meeting any more: nothing follows' })
  await working
  const all = [...before, ...rest]
  assert.equal(all.map((m) => m.seq), all.map((_, i) => i + 1), 'seqs 1, 2, 3 … across the reconnect, none twice, none missing')
  assert.is(all[all.length - 1].event, 'end')
  // The buffer, replayed over Server-Sent Events now that the bot has left: the same objects as the messages.
  const sse = await readEvents(await fetch(live(h, runId), { headers: bearer(h.keys.full) }), { timeoutMs: 5_000 })
  assert.equal(sse.map((e) => ({ ...JSON.parse(e.data) })), all)
  assert.ok(sse.every((e) => JSON.parse(e.data).event === e.event && JSON.parse(e.data).seq === Number(e.id)), 'each data names its kind and seq as the event does')
  // Each message is what the description says: the component schema of its kind.
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormatsPlugin.default(ajv)
  const schemaOf = (kind: string) => h.openapi.components.schemas[`Live${kind[0]!.toUpperCase()}${kind.slice(1)}`]
  for (const m of all) {
    const validate = ajv.compile(schemaOf(m.event))
    assert.ok(validate(m), `${JSON.stringify(m)}: ${ajv.errorsText(validate.errors)}`)
  }
  const streamed = h.openapi.paths['/bots/{runId}/live'].get.responses['200'].content['text/event-stream'].schema.oneOf.map((r: any) => r.$ref)
  assert.equal(streamed.sort(), ['LiveEnd', 'LivePartial', 'LiveSpeaker', 'LiveState', 'LiveUtterance'].map((n) => `#/components/schemas/${n}`))
})

s('a header Last-Event-ID resumes too, and wins over the query', async ({ h }) => {
  const runId = await sendBot(h)
  await h.worker.drain()
  const all = await opened(await connect(live(h, runId), bearer(h.keys.full))).read()
  const resumed = await opened(await connect(live(h, runId, '?lastEventId=1'), { ...bearer(h.keys.full), 'last-event-id': String(all.length - 1) })).read()
  assert.equal(resumed, [all[all.length - 1]])
})

s('refused before the upgrade as the GET is, in the envelope: 401, 404 (another account, unknown, summary share, upload, no WebSocket there), 422, 400', async ({ h }) => {
  const runId = await sendBot(h)
  await h.worker.drain()
  const refused = async (url: string, headers: Record<string, string>) => (await connect(url, headers)) as RefusedSocket
  const statusAndCode = (r: RefusedSocket) => [r.status, r.body?.error?.code]
  assert.equal(statusAndCode(await refused(live(h, runId), {})), [401, 'UNAUTHORIZED'])
  assert.equal(statusAndCode(await refused(live(h, runId), bearer('ntk_nope_nope'))), [401, 'UNAUTHORIZED'])
  assert.equal(statusAndCode(await refused(live(h, runId), bearer(h.keys.other))), [404, 'NOT_FOUND'])
  assert.equal(statusAndCode(await refused(live(h, '00000000-0000-4000-8000-000000000000'), bearer(h.keys.full))), [404, 'NOT_FOUND'])
  const badQuery = await refused(live(h, runId, '?lastEventId=yesterday'), bearer(h.keys.full))
  assert.equal([...statusAndCode(badQuery), badQuery.body.error.details[0].path], [422, 'VALIDATION_ERROR', 'lastEventId'])
  const badHeader = await refused(live(h, runId), { ...bearer(h.keys.full), 'last-event-id': 'yesterday' })
  assert.equal([...statusAndCode(badHeader), badHeader.body.error.details[0].path], [422, 'VALIDATION_ERROR', 'Last-Event-ID'])
  const notUuid = (await fetch(live(h, 'not-a-uuid'), { headers: bearer(h.keys.full) })).status
  assert.equal([statusAndCode(await refused(live(h, 'not-a-uuid'), bearer(h.keys.full)))[0], notUuid], [422, 422], 'a run id that is no uuid, as the GET answers it')
  assert.equal(statusAndCode(await refused(`${h.url}/ext/v1/me`, bearer(h.keys.full))), [404, 'NOT_FOUND'], 'only the live stream takes a WebSocket')
  const share = await h.request('POST', `/recordings/${runId}/shares`, { body: { email: 'bob@example.com', scope: 'summary' } })
  assert.is(share.status, 201)
  assert.equal(statusAndCode(await refused(live(h, runId), bearer(h.keys.other))), [404, 'NOT_FOUND'], 'a summary share has no transcript, so no live lines')
  const uploaded = await upload(h, h.keys.full, { filename: 'notes.vtt', bytes: VTT })
  assert.equal(statusAndCode(await refused(live(h, uploaded.runId), bearer(h.keys.full))), [404, 'NOT_FOUND'], 'an upload has no bot')
})

/** One request on a connection of its own, closed after it (the harness's fetch keeps its connections open). */
const once = (method: string, url: string, headers: Record<string, string>, body?: unknown) =>
  new Promise<{ status: number; body: any }>((resolve, reject) => {
    const req = request(url, { method, headers: { ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, agent: false })
    req.on('response', (res) => {
      let text = ''
      res.on('data', (c: Buffer) => (text += String(c)))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text === '' ? undefined : JSON.parse(text) }))
    })
    req.on('error', reject)
    req.end(body === undefined ? undefined : JSON.stringify(body))
  })

s("the web app's session cookie opens it from the app's own origin; from another site's page it is refused (403)", async ({ h }) => {
  const runId = await sendBot(h)
  await h.worker.drain()
  await setPassword(h, 'ada@example.com')
  const { cookie } = await signIn(h, { email: 'ada@example.com', password: PASSWORD })
  const host = new URL(h.url).host
  const own = opened(await connect(live(h, runId), { cookie, origin: `http://${host}` }))
  assert.is((await own.read()).at(-1).event, 'end')
  const foreign = (await connect(live(h, runId), { cookie, origin: 'https://evil.example' })) as RefusedSocket
  assert.equal([foreign.status, foreign.body.error.code], [403, 'FORBIDDEN'], 'a page of another site cannot ride the cookie')
})

s('a handshake that is not a WebSocket one is refused with 400 in the envelope', async ({ h }) => {
  const runId = await sendBot(h)
  const answer = await once('GET', live(h, runId), { ...bearer(h.keys.full), connection: 'Upgrade', upgrade: 'websocket', 'sec-websocket-version': '13' })
  assert.equal([answer.status, answer.body.error.code], [400, 'BAD_REQUEST'])
  assert.match(answer.body.error.message, /Sec-WebSocket-Key/)
})

s('a request that asks to upgrade to another protocol (curl --http2 asks for h2c) is answered in HTTP/1.1 as if it had not', async ({ h }) => {
  const me = await once('GET', `${h.url}/ext/v1/me`, { ...bearer(h.keys.full), connection: 'Upgrade, HTTP2-Settings', upgrade: 'h2c', 'http2-settings': 'AAMAAABkAARAAAAAAAIAAAAA' })
  assert.equal([me.status, me.body.data.account.id], [200, h.accounts.first])
  const posted = await once('POST', `${h.url}/ext/v1/bots`, { ...bearer(h.keys.full), connection: 'Upgrade', upgrade: 'h2c' }, { joinUrl: MEET })
  assert.equal([posted.status, posted.body.error.code], [400, 'BAD_REQUEST'], 'a body Node left unread on the socket cannot be answered: refused in words')
})

s('open WebSockets count against the per-address connection limit; closing the server says goodbye with 1001', async () => {
  const h = await startHarness({ serverLimits: { maxConnectionsPerAddress: 2 } })
  try {
    // The bot is never run (no worker here): its stream stays open, waiting for it.
    const runId = (await once('POST', `${h.url}/ext/v1/bots`, bearer(h.keys.full), { joinUrl: MEET })).body.data.runId as string
    const a = opened(await connect(live(h, runId), bearer(h.keys.full)))
    const b = opened(await connect(live(h, runId), bearer(h.keys.full)))
    assert.is((await once('GET', `${h.url}/ext/v1/me`, bearer(h.keys.full))).status, 429, 'a third connection from the address is refused')
    a.socket.close()
    await a.closed()
    const goodbye = b.closed()
    await h.close()
    assert.equal((await goodbye).code, 1001)
  } finally {
    await h.close().catch(() => undefined)
  }
})

s.run()
