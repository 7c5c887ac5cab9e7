import { readFileSync } from 'node:fs'
import * as E from 'fp-ts/Either'
import * as TE from 'fp-ts/TaskEither'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createIcsProvider } from '../../../adapters/calendar-ics/ics-provider.js'
import { safeFetch } from '../../../adapters/net/safe-fetch.js'
import type { CalendarFailure, CalendarPage, CalendarProvider } from '../../../src/core/ports/calendar-provider.js'
import { type LoopbackServer, startServer } from '../net/loopback-server.js'

const fixture = (name: string): string => readFileSync(new URL(`../../../fixtures/ics/${name}`, import.meta.url), 'utf8')
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
    fetch: (url) => safeFetch(url, { allowPrivate: true, timeoutMs: 500, maxBytes: 64 * 1024 }),
  })
})
ics.after(async (ctx) => ctx.server.stop())

const source = (url: string) => ({ kind: 'ics' as const, url, ownerEmail: 'ana@acme.com' })
const page = async (provider: CalendarProvider, url: string): Promise<CalendarPage> => {
  const r = await provider.fetchEvents(source(url), WINDOW, null)()
  return E.isRight(r) ? r.right : (assert.unreachable(r.left.message) as never)
}
const failure = async (provider: CalendarProvider, url: string): Promise<CalendarFailure> => {
  const r = await provider.fetchEvents(source(url), WINDOW, null)()
  if (E.isLeft(r)) assert.not.match(r.left.message, SECRET)
  return E.isLeft(r) ? r.left : (assert.unreachable('expected a failure') as never)
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
  assert.equal(f, { _tag: 'CalendarFailure', message: 'The calendar feed at 127.0.0.1 redirects too many times.', retryable: false })
})

ics('a 404 feed says the secret address may have been reset', async ({ server, provider }) => {
  const f = await failure(provider, `${server.base}/gone/${SECRET}/basic.ics`)
  assert.is(f.retryable, false)
  assert.match(f.message, /^The calendar feed at 127\.0\.0\.1 was not found \(HTTP 404\); the secret address may have been reset\.$/)
})

ics('a malformed feed is a readable failure', async ({ server, provider }) => {
  const f = await failure(provider, `${server.base}/feeds/malformed.ics`)
  assert.is(f.retryable, false)
  assert.match(f.message, /not valid iCalendar/)
})

ics('an HTML page is not a feed', async ({ server, provider }) => {
  assert.match((await failure(provider, `${server.base}/html`)).message, /did not return an iCalendar feed \(it returned a web page\)/)
})

ics('an oversized feed is refused', async ({ server, provider }) => {
  const f = await failure(provider, `${server.base}/huge`)
  assert.is(f.retryable, false)
  assert.match(f.message, /^Could not fetch the calendar feed: The answer from 127\.0\.0\.1 is (\d+ bytes; the limit is|larger than the limit of) 65536/)
})

ics('server errors and timeouts are retryable', async ({ server, provider }) => {
  const down = await failure(provider, `${server.base}/down`)
  assert.equal(down, { _tag: 'CalendarFailure', message: 'The calendar feed at 127.0.0.1 answered HTTP 503.', retryable: true })
  const slow = await failure(provider, `${server.base}/hang`)
  assert.is(slow.retryable, true)
  assert.match(slow.message, /did not answer within 500 ms/)
})

ics('without allowPrivate the loopback feed is refused as a private address', async ({ server }) => {
  const before = server.requests.length
  const guarded = createIcsProvider({ fetch: (url) => safeFetch(url, { allowPrivate: false, timeoutMs: 500, maxBytes: 1024 }) })
  const f = await failure(guarded, `https://127.0.0.1:${server.port}/feeds/${SECRET}.ics`)
  assert.is(f.retryable, false)
  assert.match(f.message, /private or special addresses are refused: 127\.0\.0\.1 is a loopback address/)
  assert.is(server.requests.length, before, 'nothing reached the server')
})

ics('webcal:// addresses are fetched over https', async () => {
  const seen: string[] = []
  const provider = createIcsProvider({
    fetch: (url) => {
      seen.push(url)
      return TE.right({ status: 200, headers: {}, body: Buffer.from(fixture('no-link.ics')), truncated: false })
    },
  })
  const p = await page(provider, 'webcal://calendar.example.com/ical/abc/basic.ics')
  assert.equal(seen, ['https://calendar.example.com/ical/abc/basic.ics'])
  assert.is(p.events[0]?.title, 'Dentist')
})

ics.run()
