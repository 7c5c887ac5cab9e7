import { randomUUID } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type Harness, startHarness } from '../support/http.js'
import { organizationWorld } from './organization-world.js'
import { rawConnection } from './raw-connection.js'

// Actions that take no body (rotate a secret, resend, sync, retry, leave, every DELETE) refused nothing before:
// a body was silently ignored. Now nothing, whitespace or `{}` is taken; anything else is 422 on `(body)`.

const s = suite<{ h: Harness; orgKey: string }>('Bodyless actions refuse a body')
s.before(async (ctx) => {
  ctx.h = await startHarness()
  ctx.orgKey = (await organizationWorld(ctx.h)).keys.owner
})
s.after(async ({ h }) => h.close())

/** Every operation but a read that takes no body, by the description, with fresh ids in its path. */
const bodyless = (h: Harness) =>
  Object.entries<any>(h.openapi.paths).flatMap(([path, ops]) =>
    Object.entries<any>(ops)
      .filter(([method, op]) => method !== 'get' && op.requestBody === undefined)
      .map(([method, op]) => ({ method: method.toUpperCase(), template: path, path: path.replace(/\{\w+\}/g, () => randomUUID()), op })),
  )

s('every bodyless action answers 422 on (body) to a body, in words, whatever its type', async ({ h, orgKey }) => {
  const operations = bodyless(h)
  const names = operations.map((o) => `${o.method} ${o.template}`)
  for (const expected of ['POST /webhooks/{id}/rotate-secret', 'POST /webhooks/{id}/deliveries/{deliveryId}/resend', 'POST /calendar/connections/{id}/sync', 'POST /uploads/{uploadId}/retry', 'POST /bots/{runId}/leave', 'DELETE /recordings/{runId}']) {
    assert.ok(names.includes(expected), `${expected} is among them`)
  }
  for (const { method, path, op } of operations) {
    const key = op['x-reach'] === 'organization' ? orgKey : h.keys.full
    for (const body of [{ force: true }, [], 'null']) {
      const r = await h.request(method, path, typeof body === 'string' ? { key, rawBody: body, headers: { 'content-type': 'application/json' } } : { key, body })
      assert.is(r.status, 422, `${method} ${path} with ${JSON.stringify(body)}: ${JSON.stringify(r.body)}`)
      assert.equal(r.body.error.details, [{ path: '(body)', message: 'This action takes no body: send none (or an empty JSON object, {})' }])
    }
    const text = await h.request(method, path, { key, rawBody: 'please', headers: { 'content-type': 'text/plain' } })
    assert.is(text.status, 422, `${method} ${path} with text`)
  }
})

s('nothing, whitespace and {} are taken: the action runs as without a body', async ({ h }) => {
  const hook = (await h.request('POST', '/webhooks', { body: { url: 'https://example.com/hook', events: ['upload.ready'] } })).body.data
  for (const options of [{}, { body: {} }, { rawBody: ' \r\n', headers: { 'content-type': 'application/json' } }, { rawBody: '{ }', headers: { 'content-type': 'application/json' } }]) {
    const r = await h.request('POST', `/webhooks/${hook.id}/rotate-secret`, options)
    assert.is(r.status, 200, `${JSON.stringify(options)}: ${JSON.stringify(r.body)}`)
  }
  const refused = await h.request('POST', `/webhooks/${hook.id}/rotate-secret`, { body: { graceHours: 0 } })
  assert.is(refused.status, 422)
  const kept = await h.request('GET', `/webhooks/${hook.id}`)
  assert.is(kept.status, 200)
})

s('a long body is refused without being read whole, and the connection serves on', async ({ h }) => {
  const c = await rawConnection(h.url)
  const body = JSON.stringify({ pad: 'x'.repeat(100_000) })
  await c.write(`DELETE /ext/v1/meetings/${randomUUID()} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${h.keys.full}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`)
  const a = await c.answer()
  assert.is(a.status, 422)
  await c.write(`GET /ext/v1/me HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${h.keys.full}\r\n\r\n`)
  assert.is((await c.answer()).status, 200)
  c.socket.destroy()
})

s.run()
