import { connect } from 'node:net'
import { Readable } from 'node:stream'
import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { route } from '../../adapters/driving/http-koa/route.js'
import { startHarness, type Harness } from '../support/http.js'

// Reads without a body are answered straight on node:http; everything else through Koa. Both must answer alike.
const Text = t.exact(t.type({ text: t.string }))
const probeRoutes = () => [
  route({
    operationId: 'probeBuffer', method: 'get', path: '/probe/buffer', tag: 'Probe', summary: 'a JSON route answering raw bytes', access: 'read',
    success: { status: 200, description: 'bytes', data: Text },
    handle: () => TE.right({ status: 200, stream: Buffer.from('plain bytes'), headers: { 'content-type': 'text/plain' } }),
  }),
  route({
    operationId: 'probeStream', method: 'get', path: '/probe/stream', tag: 'Probe', summary: 'a JSON route answering a stream', access: 'read',
    success: { status: 200, description: 'stream', data: Text },
    handle: () => TE.right({ status: 200, stream: Readable.from(['one ', 'two']), headers: { 'content-type': 'text/plain' } }),
  }),
  route({
    operationId: 'probeThrow', method: 'get', path: '/probe/throw', tag: 'Probe', summary: 'a route that fails', access: 'read',
    success: { status: 200, description: 'never', data: Text },
    handle: () => () => Promise.reject(new Error('boom')),
  }),
]

/** A request written by hand, for what fetch will not send (a fragment in the request line). */
const rawGet = (url: string, target: string, key: string) =>
  new Promise<{ head: string; body: string }>((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\nAuthorization: Bearer ${key}\r\nConnection: close\r\n\r\n`)
    })
    let text = ''
    socket.on('data', (d) => (text += d.toString()))
    socket.on('end', () => {
      const [head, body] = text.split('\r\n\r\n') as [string, string]
      resolve({ head, body })
    })
    socket.on('error', reject)
  })

const headerNames = (head: string) =>
  head
    .split('\r\n')
    .slice(1)
    .map((l) => l.slice(0, l.indexOf(':')).toLowerCase())
    .filter((n) => n !== 'date' && n !== 'connection' && n !== 'keep-alive')
    .sort()

const s = suite<{ h: Harness }>('HTTP: the direct path and the Koa path answer alike')
s.before.each(async (ctx) => {
  ctx.h = await startHarness({ routes: probeRoutes })
})
s.after.each(async ({ h }) => h.close())

s('GET /me straight on node:http and through Koa (a URL Koa must read) give the same status, headers and body', async ({ h }) => {
  const direct = await rawGet(h.url, '/ext/v1/me', h.keys.full)
  const viaKoa = await rawGet(h.url, '/ext/v1/me#fragment', h.keys.full)
  assert.match(direct.head, /^HTTP\/1\.1 200 OK/)
  assert.match(viaKoa.head, /^HTTP\/1\.1 200 OK/)
  assert.equal(headerNames(direct.head), headerNames(viaKoa.head))
  assert.equal(headerNames(direct.head), ['content-length', 'content-type', 'ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'x-content-type-options', 'x-request-id'])
  assert.equal(JSON.parse(direct.body), JSON.parse(viaKoa.body))
  assert.match(direct.head, /content-type: application\/json; charset=utf-8/i)
})

s('HEAD on a direct route has the headers of GET and no body', async ({ h }) => {
  const get = await fetch(`${h.url}/ext/v1/me`, { headers: { authorization: `Bearer ${h.keys.full}` } })
  const getText = await get.text()
  const head = await fetch(`${h.url}/ext/v1/me`, { method: 'HEAD', headers: { authorization: `Bearer ${h.keys.full}` } })
  assert.is(head.status, 200)
  assert.is(head.headers.get('content-length'), String(Buffer.byteLength(getText)))
  assert.is(await head.text(), '')
  assert.ok(head.headers.get('x-request-id'))
})

s('a direct route that answers bytes or a stream sends them', async ({ h }) => {
  // Plain fetch: the harness would hold these to the JSON the probe routes document.
  const get = (path: string) => fetch(`${h.url}/ext/v1${path}`, { headers: { authorization: `Bearer ${h.keys.full}` } })
  const buffer = await get('/probe/buffer')
  assert.is(buffer.status, 200)
  assert.is(await buffer.text(), 'plain bytes')
  assert.is(buffer.headers.get('content-type'), 'text/plain')
  const stream = await get('/probe/stream')
  assert.is(stream.status, 200)
  assert.is(await stream.text(), 'one two')
})

s('a failure on the direct path is a 500 in the envelope, with the request id echoed', async ({ h }) => {
  const r = await h.request('GET', '/probe/throw', { headers: { 'x-request-id': 'trace-42' } })
  assert.is(r.status, 500)
  assert.is(r.body.error.code, 'INTERNAL_ERROR')
  assert.is(r.headers.get('x-request-id'), 'trace-42')
})

s.run()
