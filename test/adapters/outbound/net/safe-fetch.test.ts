import type * as http from 'node:http'
import * as E from 'fp-ts/lib/Either.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { NetFailure } from '../../../../adapters/outbound/net/net-failure.js'
import { type SafeFetchOptions, type SafeResponse, safeFetch } from '../../../../adapters/outbound/net/safe-fetch.js'
import { type LoopbackServer, startServer } from './loopback-server.js'

const routes: Record<string, http.RequestListener> = {
  '/ok': (_req, res) => res.writeHead(200, { 'content-type': 'text/plain', 'x-multi': ['a', 'b'] }).end('hello'),
  '/echo': (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () =>
      res.writeHead(201).end(JSON.stringify({ method: req.method, host: req.headers.host, sig: req.headers['x-sig'], body: Buffer.concat(chunks).toString() })),
    )
  },
  '/redirect': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/hang': () => {}, // never answers
  '/trickle': (_req, res) => {
    res.writeHead(200)
    res.write('x') // headers and one byte, then nothing
  },
  '/big-declared': (_req, res) => res.writeHead(200, { 'content-length': '5000' }).end('y'.repeat(5000)),
  '/big-chunked': (_req, res) => {
    res.writeHead(200)
    for (let i = 0; i < 50; i++) res.write('z'.repeat(100))
    res.end()
  },
  '/cut': (_req, res) => {
    res.writeHead(200, { 'content-length': '100' })
    res.write('partial')
    setTimeout(() => res.socket?.destroy(), 20)
  },
  '/not-found': (_req, res) => res.writeHead(404).end('nope'),
}

interface Ctx {
  server: LoopbackServer
}
const net = suite<Ctx>('safeFetch', {} as Ctx)

net.before(async (ctx) => {
  ctx.server = await startServer((req, res) => (routes[(req.url ?? '').split('?')[0] ?? ''] ?? routes['/not-found'])?.(req, res))
})
net.after(async (ctx) => ctx.server.stop())

const local: SafeFetchOptions = { allowPrivate: true, timeoutMs: 2000, maxBytes: 1000 }
const run = (url: string, o: Partial<SafeFetchOptions> = {}): Promise<E.Either<NetFailure, SafeResponse>> => safeFetch(url, { ...local, ...o })()
const failureOf = async (p: Promise<E.Either<NetFailure, SafeResponse>>): Promise<NetFailure> => {
  const r = await p
  if (E.isRight(r)) return assert.unreachable(`expected a failure, got HTTP ${r.right.status}`) as never
  return r.left
}
const responseOf = async (p: Promise<E.Either<NetFailure, SafeResponse>>): Promise<SafeResponse> => {
  const r = await p
  if (E.isLeft(r)) return assert.unreachable(`expected a response, got ${r.left.kind}: ${r.left.message}`) as never
  return r.right
}

net('allowPrivate: a GET returns status, headers and body', async ({ server }) => {
  const res = await responseOf(run(`${server.base}/ok`))
  assert.is(res.status, 200)
  assert.is(res.body.toString(), 'hello')
  assert.is(res.headers['content-type'], 'text/plain')
  assert.is(res.headers['x-multi'], 'a, b')
  assert.is(res.truncated, false)
})

net('allowPrivate: method, headers and body are sent', async ({ server }) => {
  const res = await responseOf(run(`${server.base}/echo`, { method: 'POST', headers: { 'x-sig': 'v1,abc' }, body: '{"a":1}' }))
  assert.is(res.status, 201)
  assert.equal(JSON.parse(res.body.toString()), { method: 'POST', host: `127.0.0.1:${server.port}`, sig: 'v1,abc', body: '{"a":1}' })
})

net('a redirect is returned as is and not followed', async ({ server }) => {
  const before = server.requests.length
  const res = await responseOf(run(`${server.base}/redirect`))
  assert.is(res.status, 302)
  assert.is(res.headers.location, 'http://169.254.169.254/latest/meta-data/')
  assert.is(server.requests.length, before + 1)
})

net('a server that never answers times out', async ({ server }) => {
  const f = await failureOf(run(`${server.base}/hang`, { timeoutMs: 300 }))
  assert.is(f.kind, 'timeout')
  assert.match(f.message, /127\.0\.0\.1 did not answer within 300 ms/)
})

net('a body that stalls times out', async ({ server }) => {
  assert.is((await failureOf(run(`${server.base}/trickle`, { timeoutMs: 300 }))).kind, 'timeout')
})

net('a declared size over the limit is refused before reading', async ({ server }) => {
  const f = await failureOf(run(`${server.base}/big-declared`))
  assert.is(f.kind, 'too_large')
  assert.match(f.message, /5 KB; the limit is 1 KB/)
})

net('a streamed body over the limit aborts the download', async ({ server }) => {
  const f = await failureOf(run(`${server.base}/big-chunked`))
  assert.is(f.kind, 'too_large')
})

net('truncate mode returns the first maxBytes and stops reading', async ({ server }) => {
  const res = await responseOf(run(`${server.base}/big-chunked`, { onOverflow: 'truncate', maxBytes: 250 }))
  assert.is(res.truncated, true)
  assert.is(res.body.length, 250)
  assert.is(res.body.toString(), 'z'.repeat(250))
  const small = await responseOf(run(`${server.base}/ok`, { onOverflow: 'truncate', maxBytes: 5 }))
  assert.is(small.truncated, false)
  assert.is(small.body.toString(), 'hello')
})

net('a connection dropped mid-body is a network failure, not a short body', async ({ server }) => {
  const f = await failureOf(run(`${server.base}/cut`))
  assert.is(f.kind, 'network')
  assert.match(f.message, /closed the connection|closed the connection unexpectedly/)
})

net('a closed port is a network failure', async () => {
  const closed = await startServer(() => {})
  const url = `${closed.base}/ok`
  await closed.stop()
  const f = await failureOf(run(url))
  assert.is(f.kind, 'network')
  assert.match(f.message, /refused the connection/)
})

net('the connection goes to the vetted address, not a second lookup', async ({ server }) => {
  let lookups = 0
  const resolve = async (host: string): Promise<string[]> => {
    lookups++
    assert.is(host, 'feed.invalid')
    return ['127.0.0.1']
  }
  // feed.invalid cannot resolve through the system resolver: success proves the pinned address was used.
  const res = await responseOf(run(`http://feed.invalid:${server.port}/echo`, { resolve }))
  assert.is(JSON.parse(res.body.toString()).host, `feed.invalid:${server.port}`)
  assert.is(lookups, 1)
})

net('resolution that hangs times out and a missing host is a network failure', async ({ server }) => {
  const hang = await failureOf(run(`http://slow.invalid:${server.port}/ok`, { resolve: () => new Promise(() => {}), timeoutMs: 200 }))
  assert.is(hang.kind, 'timeout')
  const missing = await failureOf(
    run(`http://gone.invalid:${server.port}/ok`, { resolve: () => Promise.reject(Object.assign(new Error('x'), { code: 'ENOTFOUND' })) }),
  )
  assert.equal(missing, { _tag: 'NetFailure', kind: 'network', message: 'The host gone.invalid could not be found.', hostless: 'The server could not be found.' })
})

net('without allowPrivate: loopback, private and metadata targets are refused without connecting', async ({ server }) => {
  const before = server.requests.length
  const cases: ReadonlyArray<[string, ReadonlyArray<string> | null, RegExp]> = [
    [`https://127.0.0.1:${server.port}/ok`, null, /127\.0\.0\.1 is a loopback address/],
    [`https://2130706433:${server.port}/ok`, null, /loopback/],
    [`https://0x7f.1:${server.port}/ok`, null, /loopback/],
    [`https://0177.0.0.1:${server.port}/ok`, null, /loopback/],
    [`https://[::1]:${server.port}/ok`, null, /loopback/],
    [`https://[::ffff:127.0.0.1]:${server.port}/ok`, null, /loopback/],
    [`https://[::ffff:7f00:1]:${server.port}/ok`, null, /loopback/],
    [`https://localhost:${server.port}/ok`, ['127.0.0.1'], /localhost resolves to 127\.0\.0\.1, which is a loopback address/],
    ['https://metadata.example/latest', ['169.254.169.254'], /link-local/],
    ['https://intranet.example/', ['10.0.0.7'], /private network/],
    ['https://cgnat.example/', ['100.64.1.1'], /carrier-grade NAT/],
    ['https://mixed.example/', ['93.184.216.34', '192.168.0.1'], /192\.168\.0\.1, which is a private network address/],
    ['https://v6.example/', ['fd00::1'], /unique-local/],
    ['https://nat64.example/', ['64:ff9b::a00:1'], /private/],
  ]
  for (const [url, answers, message] of cases) {
    const resolve = answers === null ? () => Promise.reject(new Error('must not resolve an IP literal')) : async () => answers
    const f = await failureOf(safeFetch(url, { allowPrivate: false, timeoutMs: 1000, maxBytes: 1000, resolve })())
    assert.is(f.kind, 'blocked_address', url)
    assert.match(f.message, message)
  }
  assert.is(server.requests.length, before, 'no request reached the server')
})

net('without allowPrivate: http and other schemes, credentials and garbage are bad URLs', async ({ server }) => {
  const bad: ReadonlyArray<[string, RegExp]> = [
    [`${server.base}/ok`, /Only https: addresses are allowed, not http:/],
    ['ftp://example.com/feed.ics', /not ftp:/],
    ['file:///etc/passwd', /not file:/],
    ['https://user:secret@example.com/feed.ics', /user name or password/],
    ['not a url', /not a valid URL/],
  ]
  for (const [url, message] of bad) {
    const f = await failureOf(safeFetch(url, { allowPrivate: false, timeoutMs: 1000, maxBytes: 1000 })())
    assert.is(f.kind, 'bad_url', url)
    assert.match(f.message, message)
  }
})

net('messages never contain the path or query of the URL', async ({ server }) => {
  const secret = 'private-abcdef123456'
  const fs = await Promise.all([
    failureOf(run(`${server.base}/hang?token=${secret}`, { timeoutMs: 200 })),
    failureOf(safeFetch(`https://127.0.0.1/${secret}/basic.ics`, { allowPrivate: false, timeoutMs: 500, maxBytes: 10 })()),
    failureOf(run(`${server.base}/big-chunked?${secret}`, { maxBytes: 10 })),
  ])
  for (const f of fs) assert.not.match(f.message, secret)
})

net('every failure also comes in words without the host or its address (for secret addresses)', async ({ server }) => {
  const closed = await startServer(() => {})
  const closedUrl = `http://feed.invalid:${closed.port}/ok`
  await closed.stop()
  const resolve = async () => ['127.0.0.1']
  const cases: ReadonlyArray<[Promise<E.Either<NetFailure, SafeResponse>>, RegExp]> = [
    [run(`http://feed.invalid:${server.port}/hang`, { resolve, timeoutMs: 300 }), /^The server did not answer within 300 ms\.$/],
    [run(`http://feed.invalid:${server.port}/hang`, { resolve: () => new Promise(() => {}), timeoutMs: 200 }), /^Resolving the server's name took longer than 200 ms\.$/],
    [run(`http://feed.invalid:${server.port}/big-declared`, { resolve }), /^The answer from the server is 5 KB; the limit is 1 KB\.$/],
    [run(`http://feed.invalid:${server.port}/big-chunked`, { resolve }), /^The answer from the server is larger than the limit of 1 KB\.$/],
    [run(`http://feed.invalid:${server.port}/cut`, { resolve }), /^The server closed the connection/],
    [run(closedUrl, { resolve }), /^The server refused the connection\.$/],
  ]
  for (const [p, words] of cases) {
    const f = await failureOf(p)
    assert.match(f.message, 'feed.invalid', 'the message names the host, as webhook logs want')
    assert.match(f.hostless, words)
    for (const part of ['feed.invalid', '127.0.0.1', String(server.port), String(closed.port)]) assert.not.ok(f.hostless.includes(part), `${f.hostless} shows ${part}`)
  }
})

net.run()
