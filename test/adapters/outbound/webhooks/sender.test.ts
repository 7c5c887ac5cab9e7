import type { IncomingMessage } from 'node:http'
import * as E from 'fp-ts/lib/Either.js'
import { Webhook } from 'standardwebhooks'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { httpWebhookSender } from '../../../../adapters/outbound/webhooks/sender.js'
import { mintWebhookSecret } from '../../../../adapters/outbound/webhooks/signing.js'
import { vetWebhookUrl } from '../../../../adapters/outbound/webhooks/url-policy.js'
import type { SendOutcome } from '../../../../src/core/domain/webhook-delivery.js'
import { type LoopbackServer, startServer } from '../net/loopback-server.js'

interface Received {
  readonly headers: IncomingMessage['headers']
  readonly body: string
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((ok) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => ok(Buffer.concat(chunks).toString('utf8')))
  })

const s = suite<{ servers: LoopbackServer[]; received: Received[] }>('webhook-http: signed delivery through the guarded fetcher')
s.before.each((ctx) => {
  ctx.servers = []
  ctx.received = []
})
s.after.each(async ({ servers }) => {
  await Promise.all(servers.map((x) => x.stop()))
})

const serve = async (ctx: { servers: LoopbackServer[]; received: Received[] }, answer: (res: import('node:http').ServerResponse) => void) => {
  const server = await startServer(async (req, res) => {
    ctx.received.push({ headers: req.headers, body: await readBody(req) })
    answer(res)
  })
  ctx.servers.push(server)
  return server
}

const body = JSON.stringify({ type: 'meeting.started', timestamp: '2026-06-01T12:00:00.000Z', data: { eventId: 'e1', title: 'Ünïcode ✓' } })
const sender = (over: Partial<Parameters<typeof httpWebhookSender>[0]> = {}) => httpWebhookSender({ allowPrivate: true, timeoutMs: 2_000, ...over })

s('a receiver using the standardwebhooks library verifies our delivery and rejects a tampered body', async (ctx) => {
  const server = await serve(ctx, (res) => res.writeHead(204).end())
  const secret = mintWebhookSecret()
  const out = await sender().send({ url: `${server.base}/hook`, messageId: 'msg_1', sentAt: new Date(), body, secrets: [secret] })()
  assert.equal([out.kind, out.kind === 'answered' ? out.status : 0], ['answered', 204])
  const got = ctx.received[0]!
  assert.is(got.headers['webhook-id'], 'msg_1')
  assert.match(String(got.headers['webhook-timestamp']), /^\d{10}$/)
  assert.match(String(got.headers['webhook-signature']), /^v1,[A-Za-z0-9+/]+=*$/)
  assert.is(got.headers['content-type'], 'application/json')
  const headers = got.headers as Record<string, string>
  assert.equal(new Webhook(secret).verify(got.body, headers), JSON.parse(body))
  assert.throws(() => new Webhook(secret).verify(got.body.replace('started', 'ended'), headers))
  assert.throws(() => new Webhook(mintWebhookSecret()).verify(got.body, headers), 'another secret fails')
})

s('during a rotation the request carries one signature per secret; either verifies', async (ctx) => {
  const server = await serve(ctx, (res) => res.writeHead(200).end('ok'))
  const [fresh, old] = [mintWebhookSecret(), mintWebhookSecret()]
  await sender().send({ url: server.base, messageId: 'msg_2', sentAt: new Date(), body, secrets: [fresh, old] })()
  const got = ctx.received[0]!
  assert.is(String(got.headers['webhook-signature']).split(' ').length, 2)
  for (const secret of [fresh, old]) new Webhook(secret).verify(got.body, got.headers as Record<string, string>)
})

s('a redirect is reported, never followed', async (ctx) => {
  const target = await serve(ctx, (res) => res.writeHead(200).end())
  const server = await serve(ctx, (res) => res.writeHead(302, { location: `${target.base}/elsewhere` }).end())
  const out = await sender().send({ url: server.base, messageId: 'm', sentAt: new Date(), body, secrets: [mintWebhookSecret()] })()
  assert.equal([out.kind, out.kind === 'answered' ? out.status : 0], ['answered', 302])
  assert.is(ctx.received.length, 1, 'only the first server was called')
})

s('a hanging receiver times out; the answer read is capped', async (ctx) => {
  const hanging = await serve(ctx, () => {})
  const out = await sender({ timeoutMs: 300 }).send({ url: hanging.base, messageId: 'm', sentAt: new Date(), body, secrets: [mintWebhookSecret()] })()
  assert.equal([out.kind, out.kind === 'unanswered' ? out.reason : ''], ['unanswered', 'timeout'])
  const chatty = await serve(ctx, (res) => res.writeHead(500, { 'content-type': 'text/plain' }).end('x'.repeat(1_000_000)))
  const big = (await sender({ maxResponseBytes: 1024 }).send({ url: chatty.base, messageId: 'm', sentAt: new Date(), body, secrets: [mintWebhookSecret()] })()) as Extract<SendOutcome, { kind: 'answered' }>
  assert.equal([big.kind, big.status, big.bodyExcerpt.length], ['answered', 500, 200])
})

s('429 and 503 report Retry-After in seconds', async (ctx) => {
  const server = await serve(ctx, (res) => res.writeHead(429, { 'retry-after': '120' }).end())
  const out = await sender().send({ url: server.base, messageId: 'm', sentAt: new Date(), body, secrets: [mintWebhookSecret()] })()
  assert.equal(out.kind === 'answered' ? [out.status, out.retryAfterSeconds] : null, [429, 120])
})

s('without the private-URL flag, loopback and metadata addresses are refused at delivery, also behind DNS', async (ctx) => {
  const server = await serve(ctx, (res) => res.writeHead(200).end())
  const strict = sender({ allowPrivate: false })
  const direct = await strict.send({ url: server.base.replace('http:', 'https:'), messageId: 'm', sentAt: new Date(), body, secrets: [mintWebhookSecret()] })()
  assert.equal(direct.kind === 'unanswered' ? direct.reason : null, 'refused')
  const rebound = sender({ allowPrivate: false, resolve: async () => ['169.254.169.254'] })
  const viaDns = await rebound.send({ url: 'https://hooks.example.com/in', messageId: 'm', sentAt: new Date(), body, secrets: [mintWebhookSecret()] })()
  assert.ok(viaDns.kind === 'unanswered' && viaDns.reason === 'refused')
  assert.match((viaDns as { message: string }).message, /hooks\.example\.com resolves to 169\.254\.169\.254.*link-local/)
  const plain = await strict.send({ url: server.base, messageId: 'm', sentAt: new Date(), body, secrets: [mintWebhookSecret()] })()
  assert.ok(plain.kind === 'unanswered' && plain.reason === 'refused', 'http is refused without the flag')
  assert.is(ctx.received.length, 0)
})

s('registration screening: schemes, literals and local names', () => {
  const ok = (url: string, allow = false) => E.isRight(vetWebhookUrl(url, allow))
  assert.ok(ok('https://hooks.example.com/in?x=1'))
  assert.ok(ok('https://93.184.216.34/in'))
  for (const bad of ['http://hooks.example.com', 'https://127.0.0.1', 'https://2130706433/', 'https://[::ffff:127.0.0.1]/', 'https://169.254.169.254/latest/meta-data', 'https://10.1.2.3', 'https://[fd00::1]/', 'https://localhost:8443/', 'https://metadata.google.internal/', 'https://user:pw@hooks.example.com/', 'https://hooks.example.com/#x', 'not a url']) {
    assert.not.ok(ok(bad), bad)
  }
  assert.ok(ok('http://127.0.0.1:9000/hook', true), 'the flag allows http and loopback')
  const refusal = vetWebhookUrl('http://hooks.example.com', false)
  assert.ok(E.isLeft(refusal) && /NOTETAKER_ALLOW_PRIVATE_URLS/.test(refusal.left))
})

s.run()
