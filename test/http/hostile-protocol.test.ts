import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type Harness, startHarness } from '../support/http.js'
import { rawConnection } from './raw-connection.js'

const s = suite<{ h: Harness; logs: any[] }>('Hostile protocol: malformed chunked bodies, nosniff everywhere')
s.before(async (ctx) => {
  ctx.logs = []
  const logger = pino({ level: 'debug' }, { write: (line: string) => void ctx.logs.push(JSON.parse(line)) })
  ctx.h = await startHarness({ logger })
})
s.after(async ({ h }) => h.close())

const host = 'Host: 127.0.0.1\r\n'

const chunked = (h: Harness, method: string, path: string, contentType: string) =>
  `${method} /ext/v1${path} HTTP/1.1\r\n${host}Authorization: Bearer ${h.keys.full}\r\nContent-Type: ${contentType}\r\nTransfer-Encoding: chunked\r\n\r\n`

s('a chunk size that is not hex: 400 in the envelope, then the connection closes', async ({ h }) => {
  const c = await rawConnection(h.url)
  await c.write(`${chunked(h, 'POST', '/meetings', 'application/json')}zz\r\n{"title":"x"}\r\n0\r\n\r\n`)
  const a = await c.answer()
  assert.is(a.status, 400)
  assert.is(a.headers['connection'], 'close')
  assert.is(a.headers['x-content-type-options'], 'nosniff')
  assert.is(a.json().error.code, 'BAD_REQUEST')
  assert.match(a.json().error.message, /chunked/)
  await c.closed()
})

s('a chunk longer than its size says, on an upload: 400 in the envelope, and nothing half-stored is left ready', async ({ h }) => {
  const made = await h.request('POST', '/uploads', { body: { filename: 'notes.vtt' } })
  const c = await rawConnection(h.url)
  await c.write(`${chunked(h, 'PUT', `/uploads/${made.body.data.id}/content`, 'text/vtt')}5\r\nWEBVTT\n\n00:00.000 --> 00:01.000\nhi\r\n0\r\n\r\n`)
  const a = await c.answer()
  assert.is(a.status, 400)
  assert.is(a.json().error.code, 'BAD_REQUEST')
  assert.match(a.json().error.message, /chunked body is malformed/)
  await c.closed()
  const upload = await h.request('GET', `/uploads/${made.body.data.id}`)
  assert.is(upload.body.data.stage, 'pending', 'the content was not taken')
})

s('a malformed chunked body is one info line, no error', async ({ h, logs }) => {
  logs.length = 0
  const c = await rawConnection(h.url)
  await c.write(`${chunked(h, 'POST', '/meetings', 'application/json')}-1\r\n`)
  assert.is((await c.answer()).status, 400)
  await c.closed()
  // Past the moment the connection is destroyed (1 s after the answer), when the route's read of the body fails.
  await new Promise((r) => setTimeout(r, 1_200))
  assert.equal(logs.filter((l) => l.level >= 40), [], JSON.stringify(logs))
  assert.ok(logs.some((l) => l.level === 30 && /answering 400/.test(l.msg)))
})

s('X-Content-Type-Options: nosniff on every answer: JSON, errors, streams, the description, health and Node\'s own refusals', async ({ h }) => {
  const key = { authorization: `Bearer ${h.keys.full}` }
  const upload = (await h.request('POST', '/uploads', { body: { filename: 'a.wav' } })).body.data
  const put = await fetch(`${h.url}/ext/v1/uploads/${upload.id}/content`, { method: 'PUT', headers: key, body: new Uint8Array(Buffer.from('RIFF....WAVEfmt ')) })
  assert.is(put.status, 200)
  const answers: Array<[string, Response]> = [
    ['a read served directly', await fetch(`${h.url}/ext/v1/me`, { headers: key })],
    ['a 401', await fetch(`${h.url}/ext/v1/me`)],
    ['a 422 through Koa', await fetch(`${h.url}/ext/v1/meetings`, { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: '{}' })],
    ['a 400 unreadable body', await fetch(`${h.url}/ext/v1/meetings`, { method: 'POST', headers: { ...key, 'content-type': 'application/json' }, body: '{' })],
    ['an unknown route', await fetch(`${h.url}/ext/v1/nothing-here`, { headers: key })],
    ['the audio stream', await fetch(`${h.url}/ext/v1/recordings/${upload.runId}/audio`, { headers: key })],
    ['a range of it', await fetch(`${h.url}/ext/v1/recordings/${upload.runId}/audio`, { headers: { ...key, range: 'bytes=0-3' } })],
    ['the description', await fetch(`${h.url}/ext/v1/openapi.json`)],
    ['liveness', await fetch(`${h.url}/healthz`)],
    ['readiness', await fetch(`${h.url}/readyz`)],
    ['a URL too long', await fetch(`${h.url}/ext/v1/me?q=${'a'.repeat(20_000)}`)],
  ]
  for (const [what, r] of answers) {
    await r.arrayBuffer()
    assert.is(r.headers.get('x-content-type-options'), 'nosniff', `${what} (${r.status})`)
  }
  assert.equal(answers.map(([, r]) => r.status), [200, 401, 422, 400, 404, 200, 206, 200, 200, 200, 431])
  const c = await rawConnection(h.url)
  await c.write(`POST /ext/v1/meetings HTTP/1.1\r\n${host}Expect: something-else\r\nContent-Length: 2\r\n\r\n{}`)
  const expectation = await c.answer()
  assert.equal([expectation.status, expectation.headers['x-content-type-options']], [417, 'nosniff'])
})

s.run()
