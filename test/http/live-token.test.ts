/**
 * Live tokens (POST /bots/{runId}/live-token): a browser without a key opens a run's live stream
 * with `?token=`, over Server-Sent Events or a WebSocket; the token opens that run only, for five
 * minutes, as the caller who asked (a revoked key or a share taken back ends what it opens), and
 * never reaches the logs.
 */
import { randomBytes } from 'node:crypto'
import { Writable } from 'node:stream'
import { pino } from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { aesGcmSecretBox } from '../../adapters/system/secret-box.js'
import { type Harness, startHarness } from '../support/http.js'
import { readEvents } from '../support/sse.js'
import { connect, opened, type RefusedSocket } from '../support/web-socket.js'
import { upload } from './share-world.js'

const MEET = 'https://meet.google.com/abc-defg-hij'
const VTT = Buffer.from('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<v Ada>Hello.\n')

/** Every log line the server writes, debug included, to look for tokens in. */
const logged: string[] = []
const logger = pino({ level: 'debug' }, new Writable({ write: (chunk, _enc, done) => (logged.push(String(chunk)), done()) }))

const s = suite<{ h: Harness }>('POST /bots/{runId}/live-token')
s.before.each(async (ctx) => {
  logged.length = 0
  ctx.h = await startHarness({ logger })
})
s.after.each(async ({ h }) => h.close())

/** A bot that has been and gone: its stream replays the buffer and closes, so an answer can be read whole. */
const pastBot = async (h: Harness) => {
  const runId = (await h.request('POST', '/bots', { body: { joinUrl: MEET } })).body.data.runId as string
  await h.worker.drain()
  return runId
}
const tokenFor = async (h: Harness, runId: string, key = h.keys.full) => {
  const r = await h.request('POST', `/bots/${runId}/live-token`, { key })
  assert.is(r.status, 200, JSON.stringify(r.body))
  return r.body.data as { token: string; expiresAt: string }
}
/** The stream as a browser's EventSource opens it: no key, the token in the query. */
const sseWith = (h: Harness, runId: string, token: string) => fetch(`${h.url}/ext/v1/bots/${runId}/live?token=${encodeURIComponent(token)}`)
const socketWith = (h: Harness, runId: string, token: string) => connect(`${h.url}/ext/v1/bots/${runId}/live?token=${encodeURIComponent(token)}`)
const refusal = async (res: Response) => [res.status, ((await res.json()) as any).error.code]

s('a token opens its run by Server-Sent Events and by WebSocket, without a key, for five minutes; it is never logged', async ({ h }) => {
  const runId = await pastBot(h)
  const { token, expiresAt } = await tokenFor(h, runId)
  assert.is(expiresAt, new Date(h.clock.now().getTime() + 5 * 60_000).toISOString())
  const sse = await sseWith(h, runId, token)
  assert.is(sse.status, 200)
  const events = await readEvents(sse, { timeoutMs: 5_000 })
  assert.is(events[events.length - 1]!.event, 'end')
  const messages = await opened(await socketWith(h, runId, token)).read()
  assert.equal(messages.map((m) => m.seq), events.map((e) => Number(e.id)))
  h.clock.advance(5 * 60_000 - 1)
  assert.is((await sseWith(h, runId, token)).status, 200, 'still good just before it expires')
  const text = logged.join('')
  assert.ok(text.includes(`/bots/${runId}/live`), 'the requests were logged (by path)')
  assert.not.ok(text.includes(token) || text.includes(encodeURIComponent(token)), 'but never the token')
})

s('refused with 401: expired, for another run, altered, sealed by another server, made with a key since revoked', async ({ h }) => {
  const runId = await pastBot(h)
  const otherRun = await pastBot(h)
  const { token } = await tokenFor(h, runId)
  assert.equal(await refusal(await sseWith(h, otherRun, token)), [401, 'UNAUTHORIZED'], 'another run')
  assert.match(((await (await sseWith(h, otherRun, token)).json()) as any).error.message, /another bot's stream/)
  const altered = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA')
  assert.equal(await refusal(await sseWith(h, runId, altered)), [401, 'UNAUTHORIZED'], 'altered')
  const foreign = aesGcmSecretBox(randomBytes(32)).seal(JSON.stringify({ use: 'live', runId, accountId: h.accounts.first, keyId: 'k', access: 'full', organizationWide: false, organizationId: null, expiresAt: Date.now() * 2 }))
  assert.equal(await refusal(await sseWith(h, runId, foreign)), [401, 'UNAUTHORIZED'], 'sealed by another server')
  assert.equal(await refusal(await sseWith(h, runId, 'not-a-token')), [401, 'UNAUTHORIZED'])
  const socket = (await socketWith(h, otherRun, token)) as RefusedSocket
  assert.equal([socket.status, socket.body.error.code], [401, 'UNAUTHORIZED'], 'the WebSocket refuses it alike, before the upgrade')

  const made = (await h.request('POST', '/keys', { body: { name: 'Page', access: 'readonly' } })).body.data
  const fromKey = await tokenFor(h, runId, made.key)
  assert.is((await sseWith(h, runId, fromKey.token)).status, 200)
  assert.is((await h.request('DELETE', `/keys/${made.id}`)).status, 200)
  assert.equal(await refusal(await sseWith(h, runId, fromKey.token)), [401, 'UNAUTHORIZED'], 'its key was revoked')

  h.clock.advance(5 * 60_000)
  const expired = await sseWith(h, runId, token)
  assert.equal([expired.status, ((await expired.json()) as any).error.message], [401, 'This live token has expired (it lasts 5 minutes): ask for a new one (POST /ext/v1/bots/' + runId + '/live-token)'])
})

s("who may have one: as for the stream; another account's run, a summary share, an upload, an unknown run answer 404; a token of a share taken back opens nothing (404)", async ({ h }) => {
  const runId = await pastBot(h)
  const status = async (path: string, key: string | null = h.keys.full, body?: unknown) => {
    const r = await h.request('POST', path, { key, ...(body === undefined ? {} : { body }) })
    return [r.status, r.body.error?.code]
  }
  assert.equal(await status(`/bots/${runId}/live-token`, null), [401, 'UNAUTHORIZED'])
  assert.equal(await status(`/bots/${runId}/live-token`, h.keys.other), [404, 'NOT_FOUND'])
  assert.equal(await status('/bots/00000000-0000-4000-8000-000000000000/live-token'), [404, 'NOT_FOUND'])
  assert.equal(await status(`/bots/${(await upload(h, h.keys.full, { filename: 'notes.vtt', bytes: VTT })).runId}/live-token`), [404, 'NOT_FOUND'])
  assert.equal(await status('/bots/not-a-uuid/live-token'), [422, 'VALIDATION_ERROR'])
  assert.equal(await status(`/bots/${runId}/live-token`, h.keys.full, { runId }), [422, 'VALIDATION_ERROR'], 'it takes no body')
  assert.is((await h.request('POST', `/bots/${runId}/live-token`, { key: h.keys.readonly })).status, 200, 'a read-only key may ask')

  const summary = await h.request('POST', `/recordings/${runId}/shares`, { body: { email: 'bob@example.com', scope: 'summary' } })
  assert.equal(await status(`/bots/${runId}/live-token`, h.keys.other), [404, 'NOT_FOUND'], 'a summary share has no transcript')
  assert.is((await h.request('DELETE', `/recordings/${runId}/shares/${summary.body.data.id}`)).status, 200)
  const full = await h.request('POST', `/recordings/${runId}/shares`, { body: { email: 'bob@example.com', scope: 'full' } })
  const { token } = await tokenFor(h, runId, h.keys.other)
  assert.is((await sseWith(h, runId, token)).status, 200, 'a full share may watch')
  assert.is((await h.request('DELETE', `/recordings/${runId}/shares/${full.body.data.id}`)).status, 200)
  assert.equal(await refusal(await sseWith(h, runId, token)), [404, 'NOT_FOUND'], 'the share was taken back')
})

s('a key in the Authorization header wins over a token; a token is no key elsewhere (401)', async ({ h }) => {
  const runId = await pastBot(h)
  const { token } = await tokenFor(h, runId)
  const withOtherKey = await fetch(`${h.url}/ext/v1/bots/${runId}/live?token=${encodeURIComponent(token)}`, { headers: { authorization: `Bearer ${h.keys.other}` } })
  assert.is(withOtherKey.status, 404, "the header's key is the caller, and it cannot see the run")
  const elsewhere = await fetch(`${h.url}/ext/v1/recordings/${runId}?token=${encodeURIComponent(token)}`)
  assert.is(elsewhere.status, 401, 'no key: the token opens nothing but the stream')
})

s.run()
