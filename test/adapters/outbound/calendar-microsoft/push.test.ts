/** Microsoft adapter, push: subscriptions to a local receiver, lifecycle notifications, the handshake, checking notifications. */
import * as E from 'fp-ts/lib/Either.js'
import * as assert from 'uvu/assert'
import { microsoftValidationRequest, readMicrosoftNotification } from '../../../../adapters/outbound/calendar-microsoft/index.js'
import { connect, failureOf, microsoftSuite, startReceiver, unwrap } from './harness.js'

const s = microsoftSuite('Microsoft adapter, push')

s('watch: a change reaches the receiver, readMicrosoftNotification accepts it and refuses a wrong clientState; renew; stopWatch', async (ctx) => {
  const grant = await connect(ctx)
  const receiver = await startReceiver()
  try {
    const channel = await unwrap(ctx.adapter.oauth.watch(grant.accessToken, ctx.ms.defaultCalendarId(), receiver.url, 'client-state-secret'))
    assert.is(channel.resourceId, null)
    const days = (Date.parse(channel.expiresAt) - Date.now()) / 86_400_000
    assert.ok(days > 6.5 && days <= 7, `expires in ${days} days`)
    ctx.ms.addEvent({ subject: 'New', start: '2026-12-02T09:00:00Z', end: '2026-12-02T10:00:00Z' })
    await ctx.ms.settle()
    assert.is(receiver.bodies.length, 1)
    const body = receiver.bodies[0]!
    const states = (token: string) => (id: string) => (id === channel.id ? token : null)
    assert.equal(readMicrosoftNotification(body, states('client-state-secret')), E.right({ changed: [channel.id], lifecycle: [], refused: 0 }))
    assert.ok(E.isLeft(readMicrosoftNotification(body, states('another-secret'))))
    assert.ok(E.isLeft(readMicrosoftNotification(body, states('client-state-secre'))))
    assert.ok(E.isLeft(readMicrosoftNotification(body, () => null)))
    assert.ok(E.isLeft(readMicrosoftNotification('not json', states('client-state-secret'))))
    const renewed = await unwrap(ctx.adapter.oauth.renewWatch(grant.accessToken, channel))
    assert.is(renewed.id, channel.id)
    await unwrap(ctx.adapter.oauth.stopWatch(grant.accessToken, channel))
    assert.is(ctx.ms.subscriptions().length, 0)
  } finally {
    await receiver.close()
  }
})

s('a revoked grant sends a reauthorizationRequired lifecycle notification to the same address', async (ctx) => {
  const grant = await connect(ctx)
  const receiver = await startReceiver()
  try {
    const channel = await unwrap(ctx.adapter.oauth.watch(grant.accessToken, ctx.ms.defaultCalendarId(), receiver.url, 'client-state-secret'))
    ctx.ms.revokeGrant()
    await ctx.ms.settle()
    const notices = receiver.bodies.map((b) => readMicrosoftNotification(b, (id) => (id === channel.id ? 'client-state-secret' : null)))
    assert.equal(notices, [E.right({ changed: [], lifecycle: [{ subscriptionId: channel.id, event: 'reauthorizationRequired' }], refused: 0 })])
  } finally {
    await receiver.close()
  }
})

s('readMicrosoftNotification keeps the genuine items of a batch and counts the forged ones', () => {
  const body = JSON.stringify({
    value: [
      { subscriptionId: 'sub-1', clientState: 'right', changeType: 'updated' },
      { subscriptionId: 'sub-1', clientState: 'right', changeType: 'created' },
      { subscriptionId: 'sub-1', clientState: 'wrong', changeType: 'deleted' },
      { subscriptionId: 'sub-9', clientState: 'right', changeType: 'updated' },
      { subscriptionId: 'sub-1', changeType: 'updated' },
    ],
  })
  const known = (id: string) => (id === 'sub-1' ? 'right' : null)
  assert.equal(readMicrosoftNotification(body, known), E.right({ changed: ['sub-1'], lifecycle: [], refused: 3 }))
  assert.ok(E.isLeft(readMicrosoftNotification(JSON.stringify({ value: [] }), known)))
})

s('microsoftValidationRequest says what to echo, and only for a validation request', () => {
  assert.equal(microsoftValidationRequest({ validationToken: 'Validation: Testing 123' }), { echo: 'Validation: Testing 123' })
  assert.is(microsoftValidationRequest({}), null)
  assert.is(microsoftValidationRequest({ validationToken: 'x'.repeat(5000) }), null)
})

s('a receiver that does not answer the handshake: watch fails in words, retryable', async (ctx) => {
  const grant = await connect(ctx)
  const failure = await failureOf(ctx.adapter.oauth.watch(grant.accessToken, ctx.ms.defaultCalendarId(), 'http://127.0.0.1:9/nobody', 'state'))
  assert.ok(failure.retryable)
  assert.match(failure.message, /notification address/)
})

s.run()
