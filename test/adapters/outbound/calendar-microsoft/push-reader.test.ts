/** Microsoft's push reader (the OAuth port's `push`) on what the stand-in really sends: the handshake, changes, lifecycle events, forgeries. */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import * as E from 'fp-ts/lib/Either.js'
import * as assert from 'uvu/assert'
import type { ExpectedPush, PushChannel, PushRequest } from '../../../../src/core/ports/calendar-oauth.js'
import { connect, microsoftSuite, unwrap } from './harness.js'

const s = microsoftSuite('Microsoft push reader')

/** A receiver that answers as the push route will: the reader's validation echo, else 202; it keeps every other request. */
const routeLike = async (reader: { validation(r: PushRequest): string | null }) => {
  const got: PushRequest[] = []
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver')
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const request: PushRequest = {
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])),
        query: Object.fromEntries(url.searchParams),
        body: Buffer.concat(chunks).toString('utf8'),
      }
      const echo = reader.validation(request)
      if (echo !== null) return void res.writeHead(200, { 'content-type': 'text/plain' }).end(echo)
      got.push(request)
      res.writeHead(202).end()
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/ext/v1/calendar/push/microsoft`, got, close: () => new Promise<void>((ok) => server.close(() => ok())) }
}

const expecting = (channel: PushChannel, token: string): ExpectedPush => (id) => (id === channel.id ? { channel, token } : null)

s('the handshake is answered by the reader, a change is genuine with the right clientState, refused with a wrong one or for an unknown subscription', async (ctx) => {
  const reader = ctx.adapter.oauth.push
  const grant = await connect(ctx)
  const receiver = await routeLike(reader)
  try {
    const channel = await unwrap(ctx.adapter.oauth.watch(grant.accessToken, ctx.ms.defaultCalendarId(), receiver.url, 'client-state-secret'))
    ctx.ms.addEvent({ subject: 'New', start: '2026-12-02T09:00:00Z', end: '2026-12-02T10:00:00Z' })
    await ctx.ms.settle()
    assert.is(receiver.got.length, 1)
    const change = receiver.got[0]!
    assert.is(reader.validation(change), null, 'a notification is no handshake')
    assert.equal(reader.channelsNamed(change), [channel.id])
    assert.equal(reader.check(change, expecting(channel, 'client-state-secret')), E.right({ changed: [channel.id], rewatch: [], refused: 0 }))
    assert.equal(reader.check(change, expecting(channel, 'another-secret')), E.left('The notification is for no subscription of ours, or its clientState does not match.'))
    assert.ok(E.isLeft(reader.check(change, () => null)), 'no connection has the subscription')
  } finally {
    await receiver.close()
  }
})

s('lifecycle: reauthorizationRequired and subscriptionRemoved ask to watch anew; missed asks for a sync', async (ctx) => {
  const reader = ctx.adapter.oauth.push
  const grant = await connect(ctx)
  const receiver = await routeLike(reader)
  try {
    const channel = await unwrap(ctx.adapter.oauth.watch(grant.accessToken, ctx.ms.defaultCalendarId(), receiver.url, 'client-state-secret'))
    const expected = expecting(channel, 'client-state-secret')
    ctx.ms.expireSubscription(channel.id)
    await ctx.ms.settle()
    assert.equal(receiver.got.map((r) => reader.check(r, expected)), [E.right({ changed: [], rewatch: [channel.id], refused: 0 })])

    const again = await unwrap(ctx.adapter.oauth.watch(grant.accessToken, ctx.ms.defaultCalendarId(), receiver.url, 'client-state-secret'))
    ctx.ms.revokeGrant()
    await ctx.ms.settle()
    assert.equal(reader.check(receiver.got[1]!, expecting(again, 'client-state-secret')), E.right({ changed: [], rewatch: [again.id], refused: 0 }))
  } finally {
    await receiver.close()
  }
  // The stand-in never sends `missed` (see its README); Graph's shape, by hand.
  const channel: PushChannel = { id: 'sub-1', resourceId: null, expiresAt: '2026-12-08T00:00:00.000Z' }
  const missed = { headers: {}, query: {}, body: JSON.stringify({ value: [{ subscriptionId: 'sub-1', clientState: 'secret', lifecycleEvent: 'missed' }] }) }
  assert.equal(reader.check(missed, expecting(channel, 'secret')), E.right({ changed: ['sub-1'], rewatch: [], refused: 0 }))
})

s('a batch names each subscription once; forged items are counted, not trusted', (ctx) => {
  const reader = ctx.adapter.oauth.push
  const channel: PushChannel = { id: 'sub-1', resourceId: null, expiresAt: '2026-12-08T00:00:00.000Z' }
  const body = JSON.stringify({
    value: [
      { subscriptionId: 'sub-1', clientState: 'secret', changeType: 'updated' },
      { subscriptionId: 'sub-1', clientState: 'secret', changeType: 'created' },
      { subscriptionId: 'sub-1', clientState: 'guess', changeType: 'deleted' },
      { subscriptionId: 'sub-2', clientState: 'secret', changeType: 'updated' },
    ],
  })
  const request = { headers: {}, query: {}, body }
  assert.equal(reader.channelsNamed(request), ['sub-1', 'sub-2'])
  assert.equal(reader.check(request, expecting(channel, 'secret')), E.right({ changed: ['sub-1'], rewatch: [], refused: 2 }))
})

s('an unreadable body names no subscription and is refused in words; the handshake only with a token', (ctx) => {
  const reader = ctx.adapter.oauth.push
  const channel: PushChannel = { id: 'sub-1', resourceId: null, expiresAt: '2026-12-08T00:00:00.000Z' }
  for (const body of ['not json', '', '{}', '{"value":"x"}', '[1,2]']) {
    const request = { headers: {}, query: {}, body }
    assert.equal(reader.channelsNamed(request), [], body)
    const checked = reader.check(request, expecting(channel, 'secret'))
    assert.ok(E.isLeft(checked) && /not JSON|no items/.test(checked.left), body)
  }
  assert.is(reader.validation({ headers: {}, query: { validationToken: 'Validation: Testing 123' }, body: '' }), 'Validation: Testing 123')
  assert.is(reader.validation({ headers: {}, query: {}, body: '' }), null)
  assert.is(reader.validation({ headers: {}, query: { validationToken: '' }, body: '' }), null)
})

s.run()
