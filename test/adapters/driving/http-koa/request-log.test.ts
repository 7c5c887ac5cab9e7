import { Writable } from 'node:stream'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { requestLog } from '../../../../adapters/driving/http-koa/dispatch/request-log.js'

const capture = (level: string) => {
  const lines: Array<{ level: number; msg: string; [k: string]: unknown }> = []
  const sink = new Writable({ write: (chunk, _e, done) => (lines.push(JSON.parse(String(chunk))), done()) })
  return { logger: pino({ level }, sink), lines }
}

test('each request is a debug line (a 5xx a warn line); info gets one summary a minute, written by the next request', () => {
  const { logger, lines } = capture('info')
  let now = Date.parse('2026-11-24T10:00:00Z')
  const log = requestLog(logger, () => now)
  const at = (status: number, ms: number) => log.answered({ requestId: 'r', method: 'GET', path: '/ext/v1/me', status, ms })
  at(200, 1.5)
  at(404, 0.4)
  at(503, 12)
  assert.equal(lines.map((l) => [l.level, l.msg]), [[40, 'GET /ext/v1/me answered 503 in 12 ms']], 'only the 5xx shows at info')
  now += 61_000
  at(200, 2)
  assert.is(lines.length, 2)
  assert.equal([lines[1]!.level, lines[1]!.requests, lines[1]!.ok, lines[1]!.clientError, lines[1]!.serverError, lines[1]!.slowestMs], [30, 3, 1, 1, 1, 12])
  assert.match(lines[1]!.msg, /^answered 3 requests since 2026-11-24T10:00:00\.000Z: 1 ok, 1 refused \(4xx\), 1 failed \(5xx\); the slowest took 12 ms$/)
  now += 120_000
  at(200, 1)
  assert.match(lines[2]!.msg, /^answered 1 request since /, 'the minute before counted only the one request')
})

test('at debug every request has its line; at error nothing is timed', () => {
  const debug = capture('debug')
  requestLog(debug.logger).answered({ requestId: 'r', method: 'POST', path: '/ext/v1/uploads', status: 201, ms: 3 })
  assert.equal(debug.lines.map((l) => [l.level, l.msg, l.requestId]), [[20, 'POST /ext/v1/uploads answered 201 in 3 ms', 'r']])
  assert.is(requestLog(capture('error').logger).timing, false)
})

test('a client that went away before its answer is a debug line and counts as refused, not as a failure', () => {
  const { logger, lines } = capture('debug')
  let now = 0
  const log = requestLog(logger, () => now)
  log.answered({ requestId: 'r', method: 'PUT', path: '/ext/v1/uploads/u/content', status: 500, ms: 4, clientGone: true })
  assert.equal(lines.map((l) => [l.level, l.msg]), [[20, 'PUT /ext/v1/uploads/u/content: the client went away after 4 ms, before its answer']])
  now = 60_000
  log.answered({ requestId: 'r2', method: 'GET', path: '/ext/v1/me', status: 200, ms: 1 })
  assert.equal([lines[1]!.clientError, lines[1]!.serverError], [1, 0])
})

test.run()
