import { readFileSync } from 'node:fs'
import { type LoopbackServer, startServer } from '../adapters/outbound/net/loopback-server.js'

/** Test support for calendar tests: a templated .ics fixture and a feed served on 127.0.0.1. */

const DAY = 86_400_000
const yyyymmdd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll('-', '')
const midnight = (d: Date) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())

/** Reads fixtures/ics/<name> and replaces each {{D+n}} with the date n days after `base` (UTC). */
export const icsFixture = (name: string, base: Date): string =>
  readFileSync(new URL(`../../fixtures/ics/${name}`, import.meta.url), 'utf8').replace(/\{\{D\+(\d+)\}\}/g, (_, n: string) =>
    yyyymmdd(midnight(base) + Number(n) * DAY),
  )

/** The ISO instant of `hhmm` UTC, n days after `base`'s date. */
export const dayAt = (base: Date, n: number, hhmm: string): string =>
  new Date(midnight(base) + n * DAY + (Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(2))) * 60_000).toISOString()

export interface FeedServer {
  /** The feed's secret address. */
  readonly url: string
  readonly secret: string
  /** What the feed answers from now on. */
  serve(body: string): void
  /** Answers this HTTP status (no calendar) until serve is called again. */
  fail(status: number): void
  readonly server: LoopbackServer
  stop(): Promise<void>
}

export const startFeed = async (body = ''): Promise<FeedServer> => {
  const secret = `private-${Math.random().toString(16).slice(2)}`
  let current = { status: 200, body }
  const server = await startServer((req, res) => {
    if (req.url !== `/calendars/${secret}/basic.ics`) return res.writeHead(404).end()
    if (current.status !== 200) return res.writeHead(current.status).end('unavailable')
    res.writeHead(200, { 'content-type': 'text/calendar' }).end(current.body)
  })
  return {
    url: `${server.base}/calendars/${secret}/basic.ics`,
    secret,
    serve: (b) => {
      current = { status: 200, body: b }
    },
    fail: (status) => {
      current = { status, body: '' }
    },
    server,
    stop: () => server.stop(),
  }
}
