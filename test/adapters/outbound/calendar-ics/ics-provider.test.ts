import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createIcsProvider } from '../../../../adapters/outbound/calendar-ics/ics-provider.js'
import { safeFetch } from '../../../../adapters/outbound/net/safe-fetch.js'
import type { CalendarFailure, CalendarPage, CalendarProvider } from '../../../../src/core/ports/calendar-provider.js'
import { type LoopbackServer, startServer } from '../net/loopback-server.js'

const fixture = (name: string): string => readFileSync(new URL(`../../../../fixtures/ics/${name}`, import.meta.url), 'utf8')
const WINDOW = { from: '2024-03-01T00:00:00.000Z', to: '2024-05-01T00:00:00.000Z' }
const SECRET = 'private-0123456789abcdef'

interface Ctx {
  server: LoopbackServer
  provider: CalendarProvider
}
const ics = suite<Ctx>('ics provider', {} as Ctx)

ics.before(async (ctx) => {
  ctx.server = await startServer((req, res) => {
    const path = (req.url ?? '').split('?')[0]
    const feed = /^\/feeds\/(.+\.ics)$/.exec(path ?? '')?.[1]
    if (feed !== undefined && !feed.includes('..')) {
      return res.writeHead(200, { 'content-type': 'text/calendar' }).end(fixture(feed))
    }
    if (path === '/moved') return res.writeHead(301, { location: '/feeds/zoom-meeting.ics' }).end()
    if (path === '/loop') return res.writeHead(302, { location: '/loop' }).end()
    if (path === '/html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Sign in</p>')
    if (path === '/down') return res.writeHead(503).end()
    if (path === '/hang') return
    if (path === '/huge') return res.writeHead(200).end(`BEGIN:VCALENDAR\r\n${'X-PAD:0123456789\r\n'.repeat(10_000)}END:VCALENDAR\r\n`)
    res.writeHead(404).end()
  })
  ctx.provider = createIcsProvider({
    allowPrivate: true,
    fetch: (url) => safeFetch(url, { allowPrivate: true, timeoutMs: 500, maxBytes: 64 * 1024 }),
  })
})
ics.after(async (ctx) => ctx.server.stop())

const source = (url: string) => ({ kind: 'ics' as const, url, ownerEmail: 'ana@acme.com' })
const page = async (provider: CalendarProvider, url: string): Promise<CalendarPage> => {
  const r = await provider.fetchEvents(source(url), WINDOW, null)()
  return E.isRight(r) ? r.right : (assert.unreachable(r.left.message) as never)
}
/** A failed fetch; its message (the connection's lastError) shows no part of the address: not the secret, not the host, not the port. */
const failure = async (provider: CalendarProvider, url: string): Promise<CalendarFailure> => {
  const r = await provider.fetchEvents(source(url), WINDOW, null)()
  if (E.isRight(r)) return assert.unreachable('expected a failure') as never
  const { hostname, port } = new URL(url.replace(/^webcal/, 'https'))
  for (const part of [SECRET, hostname.replace(/^\[(.*)\]$/, '$1'), ...(port === '' ? [] : [`:${port}`, port])]) {
    assert.not.ok(r.left.message.includes(part), `"${r.left.message}" shows ${part}`)
  }
  return r.left
}

ics('fetches and expands a feed over HTTP as a snapshot', async ({ server, provider }) => {
  const p = await page(provider, `${server.base}/feeds/weekly-standup.ics?${SECRET}`)
  assert.is(p.mode, 'snapshot')
  assert.is(p.cursor, null)
  assert.equal(p.removedIds, [])
  assert.is(p.events.length, 7)
  assert.is(p.events[0]?.responseStatus, 'accepted')
})

ics('follows a redirect through the guarded fetcher', async ({ server, provider }) => {
  const p = await page(provider, `${server.base}/moved`)
  assert.equal(p.events.map((e) => e.title), ['Customer call: Globex'])
})

ics('a redirect loop stops with a readable failure', async ({ server, provider }) => {
  const f = await failure(provider, `${server.base}/loop`)
  assert.equal(f, { _tag: 'CalendarFailure', message: 'The calendar feed redirects too many times.', retryable: false })
})

ics('a 404 feed says the secret address may have been reset', async ({ server, provider }) => {
  const f = await failure(provider, `${server.base}/gone/${SECRET}/basic.ics`)
  assert.is(f.retryable, false)
  assert.match(f.message, /^The calendar feed was not found \(HTTP 404\); the secret address may have been reset\.$/)
})

ics('a feed with an unreadable line is read without it, and the page says so in words', async ({ server, provider }) => {
  const p = await page(provider, `${server.base}/feeds/malformed.ics`)
  assert.equal(p.events.map((e) => [e.title, e.startsAt]), [['Broken', '2024-03-21T17:00:00.000Z']])
  assert.equal(p.warnings, [
    '1 part of the feed could not be read in full; the rest was synced.',
    'Event "Broken": a line could not be read and was left out (invalid line (no token ";" or ":") "this line has neither a name nor a value").',
  ])
})

ics('an event that cannot be read is left out and counted; the rest of the feed is read', async ({ server, provider }) => {
  const p = await page(provider, `${server.base}/feeds/corpus/absurd-duration.ics`)
  assert.equal(p.events.map((e) => e.title), ['Kept'])
  assert.equal(p.warnings, [
    '1 event could not be read and was left out; the rest was synced.',
    'Event "Forever" could not be read and was left out: it lasts more than 1,000 days, longer than the 90 days an event may last.',
  ])
})

ics('an HTML page is not a feed', async ({ server, provider }) => {
  assert.match((await failure(provider, `${server.base}/html`)).message, /did not return an iCalendar feed \(it returned a web page\)/)
})

ics('an oversized feed is refused', async ({ server, provider }) => {
  const f = await failure(provider, `${server.base}/huge`)
  assert.is(f.retryable, false)
  assert.match(f.message, /^Could not fetch the calendar feed: the answer from the server is (\d+ KB; the limit is|larger than the limit of) 64 KB/)
})

ics('server errors and timeouts are retryable', async ({ server, provider }) => {
  const down = await failure(provider, `${server.base}/down`)
  assert.equal(down, { _tag: 'CalendarFailure', message: 'The calendar feed answered HTTP 503.', retryable: true })
  const slow = await failure(provider, `${server.base}/hang`)
  assert.is(slow.retryable, true)
  assert.match(slow.message, /did not answer within 500 ms/)
})

ics('without allowPrivate the loopback feed is refused as a private address', async ({ server }) => {
  const before = server.requests.length
  const guarded = createIcsProvider({ allowPrivate: false, fetch: (url) => safeFetch(url, { allowPrivate: false, timeoutMs: 500, maxBytes: 1024 }) })
  const f = await failure(guarded, `https://127.0.0.1:${server.port}/feeds/${SECRET}.ics`)
  assert.is(f.retryable, false)
  assert.equal(f.message, "Could not fetch the calendar feed: the server's address is a loopback address, which is refused (private addresses are allowed only with NOTETAKER_ALLOW_PRIVATE_URLS=true).")
  assert.is(server.requests.length, before, 'nothing reached the server')
})

ics('webcal:// addresses are fetched over https', async () => {
  const seen: string[] = []
  const provider = createIcsProvider({
    allowPrivate: false,
    fetch: (url) => {
      seen.push(url)
      return TE.right({ status: 200, headers: {}, body: Buffer.from(fixture('no-link.ics')), truncated: false })
    },
  })
  const p = await page(provider, 'webcal://calendar.example.com/ical/abc/basic.ics')
  assert.equal(seen, ['https://calendar.example.com/ical/abc/basic.ics'])
  assert.is(p.events[0]?.title, 'Dentist')
})

ics('no failure of a feed shows its host or any part of its address', async ({ server }) => {
  // feeds.example.test is the feed's host; the stub resolver stands in for DNS.
  const names: Record<string, ReadonlyArray<string>> = { 'feeds.example.test': ['127.0.0.1'], 'imds.example.test': ['169.254.169.254'], 'intranet.example.test': ['10.0.0.7'] }
  const resolve = async (host: string): Promise<ReadonlyArray<string>> => {
    const found = names[host]
    if (found === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' })
    return found
  }
  const lenient = createIcsProvider({ allowPrivate: true, fetch: (url) => safeFetch(url, { allowPrivate: true, timeoutMs: 300, maxBytes: 1024, resolve }) })
  const strict = createIcsProvider({ allowPrivate: false, fetch: (url) => safeFetch(url, { allowPrivate: false, timeoutMs: 300, maxBytes: 1024, resolve }) })
  const at = (host: string, path: string) => `http://${host}:${server.port}${path}?token=${SECRET}`
  const cases: ReadonlyArray<[CalendarProvider, string, RegExp]> = [
    [lenient, at('nowhere.example.test', `/feeds/${SECRET}.ics`), /the server could not be found/],
    [lenient, at('imds.example.test', `/feeds/${SECRET}.ics`), /cloud metadata/],
    [lenient, `http://169.254.169.254/${SECRET}/basic.ics`, /cloud metadata/],
    [strict, `https://intranet.example.test/${SECRET}/basic.ics`, /private network address/],
    [strict, `http://feeds.example.test/${SECRET}/basic.ics`, /only https: addresses are allowed/i],
    [lenient, at('feeds.example.test', `/gone/${SECRET}`), /not found \(HTTP 404\)/],
    [lenient, at('feeds.example.test', '/down'), /answered HTTP 503/],
    [lenient, at('feeds.example.test', '/loop'), /redirects too many times/],
    [lenient, at('feeds.example.test', '/hang'), /did not answer within 300 ms/],
    [lenient, at('feeds.example.test', '/huge'), /larger than the limit|the limit is 1024/],
  ]
  for (const [provider, url, meaning] of cases) {
    const f = await failure(provider, url)
    assert.match(f.message, meaning, url)
    assert.not.match(f.message, /example\.test|127\.0\.0\.1|169\.254|10\.0\.0\.7|token/, f.message)
  }
})

ics('a redirect to a bad location or to a metadata address is a readable failure without the address', async () => {
  const answers: Record<string, string> = {
    'https://feeds.example.test/bad': 'http://[oops',
    'https://feeds.example.test/imds': 'http://169.254.169.254/latest/meta-data/',
  }
  const fetched: string[] = []
  const provider = createIcsProvider({
    allowPrivate: true,
    fetch: (url) => {
      fetched.push(url)
      const location = answers[url.split('?')[0] ?? '']
      return location === undefined
        ? safeFetch(url, { allowPrivate: true, timeoutMs: 300, maxBytes: 1024, resolve: async () => [] })
        : TE.right({ status: 302, headers: { location }, body: Buffer.alloc(0), truncated: false })
    },
  })
  const bad = await failure(provider, `https://feeds.example.test/bad?${SECRET}`)
  assert.equal(bad, { _tag: 'CalendarFailure', message: 'The calendar feed redirects to an address that is not valid.', retryable: false })
  const imds = await failure(provider, `https://feeds.example.test/imds?${SECRET}`)
  assert.match(imds.message, /^Could not fetch the calendar feed: .*cloud metadata/)
  assert.not.match(imds.message, /169\.254/)
  assert.equal(fetched, [`https://feeds.example.test/bad?${SECRET}`, `https://feeds.example.test/imds?${SECRET}`, 'http://169.254.169.254/latest/meta-data/'])
})

ics('vetSource screens a feed address as webhooks are screened, webcal read as https, without naming the host', () => {
  const strict = createIcsProvider({ allowPrivate: false, fetch: () => TE.left({ _tag: 'NetFailure', kind: 'network', message: 'unused', hostless: 'unused' }) })
  const lenient = createIcsProvider({ allowPrivate: true, fetch: () => TE.left({ _tag: 'NetFailure', kind: 'network', message: 'unused', hostless: 'unused' }) })
  const vet = (p: ReturnType<typeof createIcsProvider>, url: string) => p.vetSource(source(url))
  for (const url of ['https://calendar.example.com/ical/abc/basic.ics', 'webcal://calendar.example.com/ical/abc/basic.ics', 'WEBCALS://calendar.example.com/x.ics']) {
    assert.equal(vet(strict, url), E.right(source(url)), url)
  }
  const refusals: ReadonlyArray<[string, RegExp, boolean]> = [
    ['http://calendar.example.com/basic.ics', /https or webcal.*NOTETAKER_ALLOW_PRIVATE_URLS=true/, true],
    ['https://127.0.0.1:8443/basic.ics', /loopback address.*NOTETAKER_ALLOW_PRIVATE_URLS=true/, true],
    ['webcal://10.0.0.8/basic.ics', /private network address.*NOTETAKER_ALLOW_PRIVATE_URLS=true/, true],
    ['https://localhost/basic.ics', /this machine.*NOTETAKER_ALLOW_PRIVATE_URLS=true/, true],
    ['https://cal.localhost/basic.ics', /NOTETAKER_ALLOW_PRIVATE_URLS=true/, true],
    ['https://169.254.169.254/latest/meta-data/', /cloud metadata service/, false],
    ['http://169.254.169.254/latest/meta-data/', /cloud metadata service/, false],
    ['webcal://[fd00:ec2::254]/latest', /cloud metadata service/, false],
    ['https://metadata.google.internal/computeMetadata/v1/', /cloud metadata service/, false],
    ['https://ada:s3cr3t@calendar.example.com/basic.ics', /user name or password/, false],
    ['https:///calendar.example.com/basic.ics', /no host name/, false],
    ['webcal:///calendar.example.com/basic.ics', /no host name/, false],
  ]
  for (const [url, reason, flagHelps] of refusals) {
    const r = vet(strict, url)
    if (E.isRight(r)) return assert.unreachable(`${url} was accepted`)
    assert.match(r.left, reason, url)
    assert.is(r.left.includes('NOTETAKER_ALLOW_PRIVATE_URLS'), flagHelps, `${url}: ${r.left}`)
    assert.is(E.isRight(vet(lenient, url)), flagHelps, `${url} with the flag`)
    for (const part of ['calendar.example.com', '127.0.0.1', '10.0.0.8', 'fd00:ec2', 'metadata.google', 'basic.ics', 's3cr3t', 'ada:']) {
      assert.not.ok(r.left.includes(part), `"${r.left}" shows ${part}`)
    }
  }
})

ics.run()
