/** Google push against the stand-in: watch opens a channel, a change reaches a local receiver, readGoogleNotification checks it, stopWatch ends it. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { googleChannelId, readGoogleNotification } from '../../../../adapters/outbound/calendar-google/index.js'
import type { OAuthGrant } from '../../../../src/core/ports/calendar-oauth.js'
import { at, connect, type Harness, start } from './harness.js'

/** A plain HTTP receiver on loopback that records each notification's headers. */
const receiver = async () => {
  const got: http.IncomingHttpHeaders[] = []
  const server = http.createServer((req, res) => {
    got.push(req.headers)
    req.resume()
    res.writeHead(200).end()
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/calendar/google`, got, close: () => new Promise<void>((ok) => server.close(() => ok())) }
}

const ctx = { h: undefined as unknown as Harness, grant: undefined as unknown as OAuthGrant }
test.before.each(async () => {
  ctx.h = await start({ newChannelId: () => 'channel-1' })
  ctx.grant = await connect(ctx.h)
})
test.after.each(async () => {
  await ctx.h.close()
})

test('watch, then a change: the notification reaches the receiver and is accepted with the right token, refused with a wrong one', async () => {
  const { h, grant } = ctx
  const hook = await receiver()
  try {
    const before = Date.now()
    const opened = await h.google.oauth.watch(grant.accessToken, 'primary', hook.url, 'channel-secret-1')()
    if (E.isLeft(opened)) return assert.unreachable(opened.left.message)
    const channel = opened.right
    assert.is(channel.id, 'channel-1')
    assert.ok(channel.resourceId !== null && channel.resourceId !== '')
    assert.ok(Date.parse(channel.expiresAt) > before + 6 * 86_400_000, 'Google gives a week')
    const asked = h.g.requests.find((r) => r.path.endsWith('/events/watch'))
    assert.is(asked?.body?.type, 'web_hook')
    assert.is(asked?.body?.address, hook.url)

    h.g.addEvent('primary', { summary: 'New', start: at('2026-11-20'), end: at('2026-11-20', '11:00') })
    await h.g.settle()
    assert.equal(hook.got.map((n) => n['x-goog-resource-state']), ['sync', 'exists'])
    const [hello, change] = hook.got
    if (hello === undefined || change === undefined) return assert.unreachable()
    assert.is(googleChannelId(change), 'channel-1')
    const expected = { channel, token: 'channel-secret-1' }
    const first = readGoogleNotification(hello, expected)
    assert.ok(E.isRight(first) && first.right.state === 'sync' && !first.right.changed)
    assert.equal(readGoogleNotification(change, expected), E.right({ channelId: 'channel-1', resourceId: channel.resourceId ?? '', state: 'exists', changed: true, messageNumber: 2 }))

    const wrongToken = readGoogleNotification(change, { channel, token: 'channel-secret-2' })
    assert.equal(wrongToken, E.left("The notification's channel token does not match."))
    assert.ok(E.isLeft(readGoogleNotification({ ...change, 'x-goog-channel-token': undefined }, expected)))
    assert.ok(E.isLeft(readGoogleNotification(change, { channel: { ...channel, id: 'channel-9' }, token: 'channel-secret-1' })))
    assert.ok(E.isLeft(readGoogleNotification({ ...change, 'x-goog-resource-id': 'other' }, expected)))
    assert.ok(E.isLeft(readGoogleNotification({}, expected)))

    const stopped = await h.google.oauth.stopWatch(grant.accessToken, channel)()
    assert.ok(E.isRight(stopped))
    assert.equal(h.g.channels(), [])
    h.g.notifyChange('primary')
    await h.g.settle()
    assert.is(hook.got.length, 2, 'no notification after stopping')
    assert.ok(E.isRight(await h.google.oauth.stopWatch(grant.accessToken, channel)()), 'stopping a stopped channel is done already')
  } finally {
    await hook.close()
  }
})

test('a refused subscription is a failure in words', async () => {
  const failed = await ctx.h.google.oauth.watch(ctx.grant.accessToken, 'primary', 'http://example.com/hook', 'secret')()
  if (E.isRight(failed)) return assert.unreachable('a non-https address was accepted')
  assert.is(failed.left.retryable, false)
  assert.not.match(failed.left.message, 'secret')
})

test.run()
