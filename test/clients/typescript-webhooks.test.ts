/**
 * verifyWebhook against signatures made by the `standardwebhooks` package (the reference
 * implementation the docs point receivers to). A real delivery from a running server is
 * verified in typescript-serve.test.ts.
 */
import { randomBytes } from 'node:crypto'
import * as fc from 'fast-check'
import { Webhook } from 'standardwebhooks'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { verifyWebhook, WebhookVerificationError, type WebhookVerificationReason } from '../../clients/typescript/src/index.js'

const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`
const NOW = Date.parse('2026-06-01T12:00:00Z')
const now = () => NOW

const event = {
  type: 'upload.ready',
  timestamp: '2026-06-01T11:59:58.000Z',
  data: { eventId: 'e1', accountId: 'a1', uploadId: 'u1', runId: 'r1', reference: 'UP-1', title: 'Planning', stage: 'ready', error: null },
}
const body = JSON.stringify(event)

/** The three headers standardwebhooks would send for `payload`, signed at `at` (ms). */
const signed = (secret: string, payload: string, at = NOW, id = 'msg_1') => ({
  'webhook-id': id,
  'webhook-timestamp': String(Math.floor(at / 1000)),
  'webhook-signature': new Webhook(secret).sign(id, new Date(at), payload),
})

const reasonOf = async (promise: Promise<unknown>): Promise<WebhookVerificationReason> => {
  try {
    await promise
  } catch (e) {
    assert.instance(e, WebhookVerificationError)
    return (e as WebhookVerificationError).reason
  }
  throw new Error('expected the delivery to be refused')
}

test('a delivery signed by standardwebhooks verifies and answers the parsed event', async () => {
  const secret = newSecret()
  const headers = signed(secret, body)
  assert.equal(await verifyWebhook(secret, body, headers, { now }), event)
  assert.equal(await verifyWebhook(secret, new TextEncoder().encode(body), new Headers(headers), { now }), event, 'bytes and a fetch Headers')
  const nodeStyle = { ...headers, 'content-type': 'application/json', 'x-forwarded-for': ['a', 'b'] }
  assert.equal(await verifyWebhook(secret, Buffer.from(body), nodeStyle, { now }), event, "Node's req.headers and a Buffer")
  const upperCase = { 'Webhook-Id': headers['webhook-id'], 'Webhook-Timestamp': headers['webhook-timestamp'], 'Webhook-Signature': headers['webhook-signature'] }
  assert.equal(await verifyWebhook(secret, body, upperCase, { now }), event, 'header names in any case')
})

test('during a rotation any of the space-separated signatures may match', async () => {
  const [oldSecret, newOne] = [newSecret(), newSecret()]
  const a = signed(oldSecret, body)
  const b = signed(newOne, body)
  const both = { ...a, 'webhook-signature': `${a['webhook-signature']} ${b['webhook-signature']}` }
  assert.equal(await verifyWebhook(oldSecret, body, both, { now }), event)
  assert.equal(await verifyWebhook(newOne, body, both, { now }), event)
  assert.is(await reasonOf(verifyWebhook(newSecret(), body, both, { now })), 'no_matching_signature')
  const withOtherScheme = { ...a, 'webhook-signature': `v1a,${Buffer.alloc(64).toString('base64')} v1,bm90IGl0 ${a['webhook-signature']}` }
  assert.equal(await verifyWebhook(oldSecret, body, withOtherScheme, { now }), event, 'other schemes and wrong v1 signatures are passed over')
})

test('a changed body, id or timestamp, or another secret, does not verify', async () => {
  const secret = newSecret()
  const headers = signed(secret, body)
  assert.is(await reasonOf(verifyWebhook(secret, body.replace('u1', 'u2'), headers, { now })), 'no_matching_signature')
  assert.is(await reasonOf(verifyWebhook(secret, `${body} `, headers, { now })), 'no_matching_signature')
  assert.is(await reasonOf(verifyWebhook(secret, body, { ...headers, 'webhook-id': 'msg_2' }, { now })), 'no_matching_signature')
  assert.is(await reasonOf(verifyWebhook(secret, body, { ...headers, 'webhook-timestamp': String(NOW / 1000 - 1) }, { now })), 'no_matching_signature')
  assert.is(await reasonOf(verifyWebhook(newSecret(), body, headers, { now })), 'no_matching_signature')
  assert.is(await reasonOf(verifyWebhook(secret, body, { ...headers, 'webhook-signature': 'v1,' }, { now })), 'no_matching_signature')
})

test('stale and future timestamps are refused outside the tolerance (300 s by default)', async () => {
  const secret = newSecret()
  const at = (seconds: number) => signed(secret, body, NOW + seconds * 1000)
  assert.equal(await verifyWebhook(secret, body, at(-300), { now }), event, 'exactly 300 s old is still fine')
  assert.equal(await verifyWebhook(secret, body, at(300), { now }), event)
  assert.is(await reasonOf(verifyWebhook(secret, body, at(-301), { now })), 'timestamp_too_old')
  assert.is(await reasonOf(verifyWebhook(secret, body, at(301), { now })), 'timestamp_too_new')
  assert.is(await reasonOf(verifyWebhook(secret, body, at(-31), { now, toleranceSeconds: 30 })), 'timestamp_too_old')
  assert.equal(await verifyWebhook(secret, body, at(-3600), { now, toleranceSeconds: 7200 }), event)
  // Without `now`, the real clock: a delivery signed just now passes.
  assert.equal(await verifyWebhook(secret, body, signed(secret, body, Date.now())), event)
})

test('missing headers, a malformed timestamp or secret, and a body that is not JSON are refused by reason', async () => {
  const secret = newSecret()
  const headers = signed(secret, body)
  for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
    const { [name]: _, ...rest } = headers
    assert.is(await reasonOf(verifyWebhook(secret, body, rest, { now })), 'missing_header', name)
  }
  assert.is(await reasonOf(verifyWebhook(secret, body, { ...headers, 'webhook-timestamp': '1.5e9' }, { now })), 'invalid_timestamp')
  assert.is(await reasonOf(verifyWebhook('whsec_not base64!', body, headers, { now })), 'invalid_secret')
  const text = 'not json'
  assert.is(await reasonOf(verifyWebhook(secret, text, signed(secret, text), { now })), 'invalid_body')
})

test('the secret may be given without its whsec_ prefix, as standardwebhooks accepts it', async () => {
  const secret = newSecret()
  assert.equal(await verifyWebhook(secret.slice('whsec_'.length), body, signed(secret, body), { now }), event)
})

test('for any id, body and secret, what standardwebhooks signs verifies, and its verdict on a tampered body is ours', async () => {
  await fc.assert(
    fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }).filter((s) => !/\s/.test(s)), fc.jsonValue(), fc.uint8Array({ minLength: 16, maxLength: 64 }), async (id, value, key) => {
      const secret = `whsec_${Buffer.from(key).toString('base64')}`
      const payload = JSON.stringify({ type: 'recording.ready', data: value })
      // Signed at the real time, so standardwebhooks' own clock check passes too.
      const at = Date.now()
      const headers = signed(secret, payload, at, id)
      const verdicts = async (text: string) => {
        let theirs = true
        try {
          new Webhook(secret).verify(text, headers)
        } catch {
          theirs = false
        }
        const ours = await verifyWebhook(secret, text, headers, { now: () => at }).then(() => true, () => false)
        return [ours, theirs]
      }
      assert.equal(await verifyWebhook(secret, payload, headers, { now: () => at }), JSON.parse(payload))
      assert.equal(await verdicts(payload), [true, true])
      assert.equal(await verdicts(`${payload.slice(0, -1)} }`), [false, false])
    }),
    { numRuns: 100 },
  )
})

test.run()
