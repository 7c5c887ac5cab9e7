import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import * as https from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { safeFetch } from '../../../../adapters/outbound/net/safe-fetch.js'

// The production path: https to a host name whose vetted address is pinned.
// A throw-away certificate for feed.test is made with openssl; the server
// listens on 127.0.0.1 and the resolver answers 127.0.0.1 for feed.test.

interface Ctx {
  dir: string
  cert: Buffer
  server: https.Server
  port: number
  sni: string[]
}
const tlsSuite = suite<Ctx>('safeFetch over TLS', {} as Ctx)
const hasOpenssl = spawnSync('openssl', ['version']).status === 0

tlsSuite.before(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'safe-fetch-tls-'))
  const made = spawnSync('openssl', [
    'req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=feed.test',
    '-addext', 'subjectAltName=DNS:feed.test', '-keyout', join(ctx.dir, 'key.pem'), '-out', join(ctx.dir, 'cert.pem'),
  ])
  assert.is(made.status, 0, String(made.stderr))
  ctx.cert = readFileSync(join(ctx.dir, 'cert.pem'))
  ctx.sni = []
  ctx.server = https.createServer(
    { key: readFileSync(join(ctx.dir, 'key.pem')), cert: ctx.cert, SNICallback: (name, cb) => (ctx.sni.push(name), cb(null)) },
    (req, res) => res.end(`host=${req.headers.host}`),
  )
  await new Promise<void>((ok) => ctx.server.listen(0, '127.0.0.1', ok))
  ctx.port = (ctx.server.address() as AddressInfo).port
})
tlsSuite.after(async (ctx) => {
  await new Promise<void>((ok) => ctx.server.close(() => ok()))
  rmSync(ctx.dir, { recursive: true, force: true })
})

const resolve = async (): Promise<string[]> => ['127.0.0.1']

tlsSuite('connects to the pinned address with the host name for SNI and certificate checks', async ({ port, cert, sni }) => {
  const r = await safeFetch(`https://feed.test:${port}/basic.ics`, { allowPrivate: true, timeoutMs: 3000, maxBytes: 100, resolve, ca: cert })()
  assert.equal(E.map((res: { status: number; body: Buffer }) => [res.status, res.body.toString()])(r), E.right([200, `host=feed.test:${port}`]))
  assert.ok(sni.includes('feed.test'))
})

tlsSuite('a certificate for another name is refused', async ({ port, cert }) => {
  const r = await safeFetch(`https://other.test:${port}/`, { allowPrivate: true, timeoutMs: 3000, maxBytes: 100, resolve, ca: cert })()
  assert.ok(E.isLeft(r))
  if (E.isLeft(r)) {
    assert.is(r.left.kind, 'network')
    assert.match(r.left.message, /TLS certificate of other\.test is not valid \(ERR_TLS_CERT_ALTNAME_INVALID\)/)
  }
})

tlsSuite('an untrusted certificate is refused', async ({ port }) => {
  const r = await safeFetch(`https://feed.test:${port}/`, { allowPrivate: true, timeoutMs: 3000, maxBytes: 100, resolve })()
  assert.ok(E.isLeft(r) && /TLS certificate of feed\.test is not valid/.test(r.left.message))
})

if (hasOpenssl) tlsSuite.run()
else console.warn('safe-fetch-tls: openssl is not installed; the TLS tests did not run')
