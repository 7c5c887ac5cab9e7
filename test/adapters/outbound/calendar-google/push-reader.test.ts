/** Google's push reader (the OAuth port's `push`) on the headers the stand-in really sends. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ExpectedPush, PushChannel, PushRequest } from '../../../../src/core/ports/calendar-oauth.js'
import { at, connect, type Harness, start } from './harness.js'

/** A receiver that keeps each notification as the push route receives it. */
const receiver = async () => {
  const got: PushRequest[] = []
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]))
      got.push({ headers, query: Object.fromEntries(new URL(req.url ?? '/', 'http://receiver').searchParams), body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(200).end()
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ext/v1/calendar/push/google`, got, close: () => new Promise<void>((ok) => server.close(() => ok())) }
}

const expecting = (channel: PushChannel, token: string): ExpectedPush => (id) => (id === channel.id ? { channel, token } : null)

const ctx = { h: undefined as unknown as Harness }
test.before.each(async () => {
  ctx.h = await start({ newChannelId: () => 'channel-1' })
})
test.after.each(async () => {
  await ctx.h.close()
})

test('a change is genuine with the right token; the opening `sync` changes nothing; a wrong token or an unknown channel is refused', async () => {
  const { h } = ctx
  const reader = h.google.oauth.push
  const grant = await connect(h)
  const hook = await receiver()
  try {
    const channel = await h.google.oauth.watch(grant.accessToken, 'primary', hook.url, 'channel-secret-1')()
    if (E.isLeft(channel)) return assert.unreachable(channel.left.message)
    h.g.addEvent('primary', { summary: 'New', start: at('2026-11-20'), end: at('2026-11-20', '11:00') })
    await h.g.settle()
    const [hello, change] = hook.got
    if (hello === undefined || change === undefined) return assert.unreachable('two notifications')
    const expected = expecting(channel.right, 'channel-secret-1')
    assert.is(reader.validation(change), null, 'Google has no handshake')
    assert.equal(reader.channelsNamed(change), ['channel-1'])
    assert.equal(reader.check(hello, expected), E.right({ changed: [], rewatch: [], refused: 0 }))
    assert.equal(reader.check(change, expected), E.right({ changed: ['channel-1'], rewatch: [], refused: 0 }))
    assert.equal(reader.check(change, expecting(channel.right, 'channel-secret-2')), E.left("The notification's channel token does not match."))
    assert.equal(reader.check(change, () => null), E.left('The notification is for a channel no calendar connection has.'))
  } finally {
    await hook.close()
  }
})

test('a request that is no Google notification names no channel and is refused in words, whatever its body', () => {
  const reader = ctx.h.google.oauth.push
  const channel: PushChannel = { id: 'channel-1', resourceId: 'resource-1', expiresAt: '2026-12-01T00:00:00.000Z' }
  for (const body of ['', 'not json', '{"value":[]}']) {
    const request = { headers: { 'content-type': 'application/json' }, query: {}, body }
    assert.equal(reader.channelsNamed(request), [])
    assert.equal(reader.check(request, expecting(channel, 'secret')), E.left('Not a Google Calendar notification: the X-Goog-Channel-ID header is missing.'))
    assert.is(reader.validation({ ...request, query: { validationToken: 'abc' } }), null)
  }
  const headless = { headers: { 'x-goog-channel-id': 'channel-1', 'x-goog-channel-token': 'secret' }, query: {}, body: '' }
  assert.equal(reader.channelsNamed(headless), ['channel-1'])
  assert.ok(E.isLeft(reader.check(headless, expecting(channel, 'secret'))), 'without its resource id and state it is refused')
})

test.run()
