import { request } from 'node:http'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'
import { rawConnection } from './raw-connection.js'

// What Node answers by itself (malformed requests, headers too long, an Expect it cannot meet), and bodies the
// server refuses before reading them whole: every answer in the envelope, and the client gets to read it.

interface LogLine {
  readonly level: number
  readonly msg: string
  readonly [field: string]: unknown
}

const s = suite<{ h: Harness; logs: LogLine[] }>('HTTP protocol: Node\'s own refusals and refused bodies')
s.before(async (ctx) => {
  ctx.logs = []
  const logger = pino({ level: 'debug' }, { write: (line: string) => void ctx.logs.push(JSON.parse(line) as LogLine) })
  ctx.h = await startHarness({ logger })
})
s.after(async ({ h }) => h.close())

const isEnvelope = (body: any, code: string) => {
  assert.equal(Object.keys(body), ['error'])
  assert.is(body.error.code, code)
  assert.type(body.error.message, 'string')
}

const host = 'Host: 127.0.0.1\r\n'

/** Writes to stderr while `run` runs, as text: Koa and Node print stack traces there when nobody listens. */
const stderrDuring = async (run: () => Promise<void>): Promise<string> => {
  const written: string[] = []
  const original = process.stderr.write.bind(process.stderr)
  const originalError = console.error
  process.stderr.write = ((chunk: string | Uint8Array) => {
    written.push(String(chunk))
    return true
  }) as typeof process.stderr.write
  console.error = (...args: unknown[]) => void written.push(args.map(String).join(' '))
  try {
    await run()
  } finally {
    process.stderr.write = original
    console.error = originalError
  }
  return written.join('')
}

const createUpload = async (h: Harness, body: Record<string, unknown>) => {
  const r = await h.request('POST', '/uploads', { body })
  assert.is(r.status, 201)
  return r.body.data as { id: string; runId: string }
}

s('a URL or headers too long: 431 with the envelope (code BAD_REQUEST), and the connection closes', async ({ h }) => {
  const url = await fetch(`${h.url}/ext/v1/me?q=${'a'.repeat(20_000)}`, { headers: { authorization: `Bearer ${h.keys.full}` } })
  assert.is(url.status, 431)
  assert.is(url.headers.get('content-type'), 'application/json; charset=utf-8')
  assert.is(url.headers.get('connection'), 'close')
  assert.match(url.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/)
  const body = await url.json()
  isEnvelope(body, 'BAD_REQUEST')
  assert.match(body.error.message, /too long/)
  const header = await fetch(`${h.url}/ext/v1/me`, { headers: { authorization: `Bearer ${h.keys.full}`, 'x-padding': 'b'.repeat(20_000) } })
  assert.is(header.status, 431)
  isEnvelope(await header.json(), 'BAD_REQUEST')
})

s('a malformed request: 400 with the envelope, then the connection closes', async ({ h }) => {
  const c = await rawConnection(h.url)
  await c.write('THIS IS NOT HTTP\r\n\r\n')
  const a = await c.answer()
  assert.is(a.status, 400)
  assert.is(a.headers['connection'], 'close')
  isEnvelope(a.json(), 'BAD_REQUEST')
  assert.match(a.json().error.message, /not valid HTTP/)
  await c.closed()
})

s('an Expect other than 100-continue: 417 with the envelope; the body sent anyway is read away and the connection serves on', async ({ h }) => {
  const c = await rawConnection(h.url)
  const json = JSON.stringify({ title: 'x' })
  await c.write(`POST /ext/v1/meetings HTTP/1.1\r\n${host}Authorization: Bearer ${h.keys.full}\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\nExpect: bogus\r\n\r\n${json}`)
  const refused = await c.answer()
  assert.is(refused.status, 417)
  isEnvelope(refused.json(), 'BAD_REQUEST')
  assert.match(refused.json().error.message, /100-continue/)
  await c.write(`GET /ext/v1/me HTTP/1.1\r\n${host}Authorization: Bearer ${h.keys.full}\r\n\r\n`)
  const next = await c.answer()
  assert.is(next.status, 200)
  assert.is(next.json().data.account.email, 'ada@example.com')
  c.socket.destroy()
})

s('Expect: 100-continue is answered 100 only when the route reads the body: a request refused first gets its answer without sending it', async ({ h }) => {
  const u = await createUpload(h, { filename: 'a.vtt' })
  const unauthorized = await rawConnection(h.url)
  await unauthorized.write(`PUT /ext/v1/uploads/${u.id}/content HTTP/1.1\r\n${host}Authorization: Bearer ntk_wrong\r\nContent-Length: 1000\r\nExpect: 100-continue\r\n\r\n`)
  const first = await unauthorized.answer()
  assert.is(first.status, 401, 'the refusal comes first, not 100 Continue')
  isEnvelope(first.json(), 'UNAUTHORIZED')
  await unauthorized.closed()

  const tooLarge = await rawConnection(h.url)
  await tooLarge.write(`POST /ext/v1/meetings HTTP/1.1\r\n${host}Authorization: Bearer ${h.keys.full}\r\nContent-Type: application/json\r\nContent-Length: ${2 * 1024 * 1024}\r\nExpect: 100-continue\r\n\r\n`)
  const json = await tooLarge.answer()
  assert.is(json.status, 400)
  isEnvelope(json.json(), 'BAD_REQUEST')
  assert.match(json.json().error.message, /larger than 1 MB/)
  await tooLarge.closed()

  const vtt = Buffer.from('WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann>Hello there\n')
  const accepted = await rawConnection(h.url)
  await accepted.write(`PUT /ext/v1/uploads/${u.id}/content HTTP/1.1\r\n${host}Authorization: Bearer ${h.keys.full}\r\nContent-Length: ${vtt.length}\r\nExpect: 100-continue\r\n\r\n`)
  assert.is((await accepted.answer()).status, 100, 'the route reads the body: go on')
  await accepted.write(vtt)
  const stored = await accepted.answer()
  assert.is(stored.status, 200)
  assert.is(stored.json().data.stage, 'stored')
  accepted.socket.destroy()
})

s('an upload larger than its declared size: 422, the rest of the body is read away, and the connection serves the next request', async ({ h }) => {
  const u = await createUpload(h, { filename: 'a.wav', byteSize: 1000 })
  const c = await rawConnection(h.url)
  const body = Buffer.alloc(300 * 1024, 7)
  await c.write(`PUT /ext/v1/uploads/${u.id}/content HTTP/1.1\r\n${host}Authorization: Bearer ${h.keys.full}\r\nContent-Length: ${body.length}\r\n\r\n`)
  await c.write(body)
  const refused = await c.answer()
  assert.is(refused.status, 422)
  isEnvelope(refused.json(), 'VALIDATION_ERROR')
  assert.equal(refused.json().error.details.map((d: { path: string }) => d.path), ['content'])
  await c.write(`GET /ext/v1/uploads/${u.id} HTTP/1.1\r\n${host}Authorization: Bearer ${h.keys.full}\r\n\r\n`)
  const next = await c.answer()
  assert.is(next.status, 200, 'the same connection answers the next request')
  assert.is(next.json().data.stage, 'pending', 'nothing was kept')
  c.socket.destroy()
})

s('an upload far over the limit, sent whole by an ordinary client: it reads the 422 envelope, not a reset', async ({ h }) => {
  const u = await createUpload(h, { filename: 'long.wav' })
  const size = 12 * 1024 * 1024
  const outcome = await new Promise<{ status: number; body: string; error: string | null }>((resolve) => {
    let answered: { status: number; body: string } | null = null
    const req = request(`${h.url}/ext/v1/uploads/${u.id}/content`, { method: 'PUT', headers: { authorization: `Bearer ${h.keys.full}`, 'content-length': size } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (d: string) => (text += d))
      res.on('end', () => {
        answered = { status: res.statusCode ?? 0, body: text }
        resolve({ ...answered, error: null })
      })
    })
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ status: answered?.status ?? 0, body: answered?.body ?? '', error: e.code ?? e.message }))
    req.end(Buffer.alloc(size, 1))
  })
  assert.is(outcome.error, null)
  assert.is(outcome.status, 422)
  const body = JSON.parse(outcome.body)
  isEnvelope(body, 'VALIDATION_ERROR')
  assert.match(body.error.message, /larger than the (\d+ MB upload )?limit/)
})

s('a JSON body over 1 MB sent without a length: 400 with the envelope, and the rest is read away', async ({ h }) => {
  const c = await rawConnection(h.url)
  const json = `{"title":"${'x'.repeat(1024 * 1024 + 200 * 1024)}"}`
  const chunk = Buffer.from(json)
  await c.write(`POST /ext/v1/meetings HTTP/1.1\r\n${host}Authorization: Bearer ${h.keys.full}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n`)
  await c.write(`${chunk.length.toString(16)}\r\n`)
  await c.write(chunk)
  await c.write('\r\n0\r\n\r\n')
  const refused = await c.answer()
  assert.is(refused.status, 400)
  isEnvelope(refused.json(), 'BAD_REQUEST')
  assert.match(refused.json().error.message, /larger than 1 MB/)
  await c.write(`GET /ext/v1/me HTTP/1.1\r\n${host}Authorization: Bearer ${h.keys.full}\r\n\r\n`)
  assert.is((await c.answer()).status, 200)
  c.socket.destroy()
})

s('client failures are logged as one line each, in words, and nothing is printed on stderr', async ({ h, logs }) => {
  const u = await createUpload(h, { filename: 'cut.wav' })
  logs.length = 0
  const stderr = await stderrDuring(async () => {
    const bad = await rawConnection(h.url)
    await bad.write('THIS IS NOT HTTP\r\n\r\n')
    assert.is((await bad.answer()).status, 400)
    await bad.closed()
    const cut = await rawConnection(h.url)
    await cut.write(`PUT /ext/v1/uploads/${u.id}/content HTTP/1.1\r\n${host}Authorization: Bearer ${h.keys.full}\r\nContent-Length: 100000\r\n\r\n${'x'.repeat(1000)}`)
    cut.socket.destroy()
    // The server's side of the cut: wait (bounded) until the upload request has been logged as answered.
    for (let i = 0; i < 200 && !logs.some((l) => l['path'] === `/ext/v1/uploads/${u.id}/content` && l['status'] !== undefined); i++) await new Promise((r) => setTimeout(r, 10))
  })
  assert.is(stderr, '')
  const refused = logs.filter((l) => /refused a request before reading it/.test(l.msg))
  assert.is(refused.length, 1)
  assert.is(refused[0]!.level, 30, 'info')
  assert.match(refused[0]!.msg, /answering 400/)
  for (const line of logs) assert.not.match(line.msg, /\n/, 'one line each')
  const failures = logs.filter((l) => l.level >= 40)
  assert.equal(failures, [], 'a client going away is not a warning or an error')
  assert.ok(logs.some((l) => l.level === 20 && /closed/.test(l.msg)), `a debug line says the client closed the connection: ${JSON.stringify(logs)}`)
})

s.run()
