import { createServer, type Server } from 'node:http'
import { existsSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { buildWeb } from '../../../../adapters/driving/web/build.js'
import { ensureWebBuilt } from '../../../../adapters/driving/web/ensure-built.js'
import { webApp } from '../../../../adapters/driving/web/web-app.js'
import { tempDir } from '../../../support/cli.js'

const logger = pino({ level: 'silent' })
const built = tempDir('web-build')
let server: Server
let base = ''
let script = ''

/** The web handler in front of a stand-in for the API, which answers whatever the handler leaves. */
const listen = (dir: string) =>
  new Promise<{ server: Server; url: string }>((resolve) => {
    const web = webApp({ dir, logger })
    const s = createServer((req, res) => {
      if (web(req, res)) return
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"NOT_FOUND","message":"api"}}')
    })
    s.listen(0, '127.0.0.1', () => {
      const a = s.address()
      resolve({ server: s, url: `http://127.0.0.1:${typeof a === 'object' && a !== null ? a.port : 0}` })
    })
  })

test.before(async () => {
  await buildWeb(join(built, 'web'))
  script = readdirSync(join(built, 'web', 'assets')).find((n) => n.endsWith('.js')) ?? ''
  ;({ server, url: base } = await listen(join(built, 'web')))
})
test.after(() => {
  server.close()
  rmSync(built, { recursive: true, force: true })
})

test('the app page answers at / and at every app path, with a strict policy and no caching', async () => {
  for (const path of ['/', '/recordings/abc', '/settings/webhooks?x=1']) {
    const res = await fetch(`${base}${path}`)
    assert.is(res.status, 200, path)
    assert.match(res.headers.get('content-type') ?? '', /text\/html/)
    assert.is(res.headers.get('cache-control'), 'no-cache')
    const csp = res.headers.get('content-security-policy') ?? ''
    assert.match(csp, /script-src 'self'/)
    assert.match(csp, /frame-ancestors 'none'/)
    assert.not.match(csp, /unsafe-inline|unsafe-eval/)
    assert.is(res.headers.get('x-content-type-options'), 'nosniff')
    const html = await res.text()
    assert.match(html, new RegExp(`<script type="module" src="/assets/${script}">`))
    assert.not.match(html, /<script>|style="/, 'nothing inline that the policy would refuse')
  }
})

test('the page tells the app when the browser has no session cookie, so it shows the sign-in form without asking', async () => {
  const without = await fetch(`${base}/settings`)
  assert.is(without.headers.get('vary'), 'Cookie')
  assert.match(await without.text(), /<meta name="notetaker-session" content="none">/)
  const token = 'a'.repeat(43)
  const withCookie = await fetch(`${base}/settings`, { headers: { cookie: `theme=dark; nt_session=${token}` } })
  assert.not.match(await withCookie.text(), /notetaker-session/, 'a cookie may still hold a session: the app asks')
  const malformed = await fetch(`${base}/settings`, { headers: { cookie: 'nt_session=nonsense' } })
  assert.match(await malformed.text(), /content="none"/, 'a cookie no session could have is none')
})

test('hashed assets are cached for good; an unknown asset or file-like path is 404', async () => {
  const js = await fetch(`${base}/assets/${script}`)
  assert.is(js.status, 200)
  assert.match(js.headers.get('content-type') ?? '', /text\/javascript/)
  assert.is(js.headers.get('cache-control'), 'public, max-age=31536000, immutable')
  assert.ok((await js.text()).length > 1000)
  assert.is((await fetch(`${base}/assets/icon.svg`)).headers.get('cache-control'), 'public, max-age=3600')
  assert.is((await fetch(`${base}/assets/nope-ABCDEFGH.js`)).status, 404)
  assert.is((await fetch(`${base}/assets/..%2Fsecret.key`)).status, 404)
  assert.is((await fetch(`${base}/favicon.ico`)).status, 404)
})

test('HEAD answers the headers alone', async () => {
  const res = await fetch(`${base}/`, { method: 'HEAD' })
  assert.is(res.status, 200)
  assert.ok(Number(res.headers.get('content-length')) > 100)
  assert.is(await res.text(), '')
})

test('the API, the probes and other methods are left to the server', async () => {
  for (const [method, path] of [['GET', '/ext/v1/me'], ['GET', '/ext'], ['GET', '/healthz'], ['GET', '/readyz'], ['POST', '/'], ['DELETE', '/recordings/x']] as const) {
    const res = await fetch(`${base}${path}`, { method })
    assert.is(res.status, 404, `${method} ${path}`)
    assert.is((await res.json()).error.message, 'api', `${method} ${path} reached the API`)
  }
})

test('without a build, the page says how to make one (503), once logged', async () => {
  const empty = tempDir('web-none')
  const { server: s, url } = await listen(join(empty, 'web'))
  try {
    const res = await fetch(`${url}/`)
    assert.is(res.status, 503)
    assert.match(await res.text(), /npm run build:web/)
  } finally {
    s.close()
    rmSync(empty, { recursive: true, force: true })
  }
})

test('ensureWebBuilt builds a missing bundle, keeps a current one, and rebuilds one older than its sources', async () => {
  const dir = tempDir('web-ensure')
  const out = join(dir, 'web')
  try {
    await ensureWebBuilt(out, logger)
    assert.ok(existsSync(join(out, 'index.html')), 'built when missing')
    const marker = join(out, 'marker')
    writeFileSync(marker, '')
    await ensureWebBuilt(out, logger)
    assert.ok(existsSync(marker), 'a current build is kept')
    // Older than any source whenever the checkout was made (an hour ago was not, in a checkout older than an hour).
    const past = new Date('2000-01-01T00:00:00Z')
    utimesSync(join(out, 'index.html'), past, past)
    await ensureWebBuilt(out, logger)
    assert.not.ok(existsSync(marker), 'a build older than the sources is replaced')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
