import * as TE from 'fp-ts/lib/TaskEither.js'
import * as t from 'io-ts'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { pageQuery } from '../../adapters/driving/http-koa/dispatch/params.js'
import { pageOf } from '../../adapters/driving/http-koa/dispatch/envelope.js'
import { route } from '../../adapters/driving/http-koa/route.js'
import { memoryIdempotencyStore } from '../../adapters/stores/memory/idempotency.js'
import { memoryRateLimiter } from '../../adapters/stores/memory/rate-limiter.js'
import type { AppError } from '../../src/core/errors.js'
import { startHarness, type Harness } from '../support/http.js'

// The spec's conventions for writes, bodies and pages, on probe routes mounted beside the real table.
const Item = t.exact(t.type({ name: t.string, count: t.number }))
const Echoed = t.exact(t.type({ name: t.string, count: t.number, call: t.number }))
const counter = { n: 0 }
const probeRoutes = () => [
  route({
    operationId: 'probeWrite', method: 'post', path: '/probe', tag: 'Probe', summary: 'probe write', access: 'write',
    body: Item, errors: ['CONFLICT'],
    success: { status: 201, description: 'echo', data: Echoed },
    handle: ({ body }) => {
      counter.n += 1
      if (body.name === 'taken') return TE.left<AppError>({ _tag: 'Conflict', message: 'taken' })
      if (body.name === 'slow') return () => new Promise((r) => setTimeout(() => r({ _tag: 'Right', right: { data: { ...body, call: counter.n } } }), 150))
      return TE.right({ data: { ...body, call: counter.n } })
    },
  }),
  route({
    operationId: 'probeList', method: 'get', path: '/probe', tag: 'Probe', summary: 'probe page', access: 'read',
    query: pageQuery,
    success: { status: 200, description: 'page', data: pageOf(Item, 'ItemPage') },
    handle: ({ query }) => {
      const all = Array.from({ length: 30 }, (_, i) => ({ name: `item ${i}`, count: i }))
      return TE.right({ data: { rows: all.slice(query.offset, query.offset + query.limit), total: all.length, limit: query.limit, offset: query.offset } })
    },
  }),
]

const s = suite<{ h: Harness }>('HTTP conventions: writes, bodies, pages, idempotency')
s.before.each(async (ctx) => {
  counter.n = 0
  ctx.h = await startHarness({ routes: probeRoutes })
})
s.after.each(async ({ h }) => h.close())

s('a read-only key may read but its write is 403', async ({ h }) => {
  assert.is((await h.request('GET', '/probe', { key: h.keys.readonly })).status, 200)
  const r = await h.request('POST', '/probe', { key: h.keys.readonly, body: { name: 'a', count: 1 } })
  assert.is(r.status, 403)
  assert.is(r.body.error.code, 'FORBIDDEN')
  assert.is(counter.n, 0, 'nothing ran')
})

s('malformed JSON is 400; a non-JSON content type is 400', async ({ h }) => {
  const bad = await h.request('POST', '/probe', { rawBody: '{"name": ', headers: { 'content-type': 'application/json' } })
  assert.is(bad.status, 400)
  assert.is(bad.body.error.code, 'BAD_REQUEST')
  const text = await h.request('POST', '/probe', { rawBody: 'name=a', headers: { 'content-type': 'text/plain' } })
  assert.is(text.status, 400)
  assert.is(counter.n, 0)
})

s('a body that breaks the schema is 422 with details naming each field', async ({ h }) => {
  const r = await h.request('POST', '/probe', { body: { name: 5 } })
  assert.is(r.status, 422)
  assert.is(r.body.error.code, 'VALIDATION_ERROR')
  assert.equal(r.body.error.details.map((d: any) => d.path).sort(), ['count', 'name'])
  const empty = await h.request('POST', '/probe')
  assert.is(empty.status, 422)
  const extra = await h.request('POST', '/probe', { body: { name: 'a', count: 1, cuont: 2 } })
  assert.is(extra.status, 422)
  assert.equal(extra.body.error.details, [{ path: 'cuont', message: 'is not a known field' }])
  const notObject = await h.request('POST', '/probe', { body: [1, 2] })
  assert.is(notObject.status, 422)
  assert.is(counter.n, 0)
})

s('limit and offset: defaults, bounds refused (422) never clamped, unreadable values 400', async ({ h }) => {
  const d = await h.request('GET', '/probe')
  assert.equal([d.body.data.limit, d.body.data.offset, d.body.data.total, d.body.data.rows.length], [25, 0, 30, 25])
  const p = await h.request('GET', '/probe?limit=10&offset=25')
  assert.equal([p.body.data.rows.length, p.body.data.rows[0].name], [5, 'item 25'])
  for (const q of ['limit=0', 'limit=101', 'offset=-1', 'limit=-5']) {
    const r = await h.request('GET', `/probe?${q}`)
    assert.is(r.status, 422, q)
    assert.is(r.body.error.details[0].path, q.split('=')[0])
  }
  for (const q of ['limit=abc', 'limit=1.5', 'offset=ten', 'limit=', 'limit=1&limit=2']) {
    const r = await h.request('GET', `/probe?${q}`)
    assert.is(r.status, 400, q)
    assert.is(r.body.error.code, 'BAD_REQUEST')
  }
  assert.is((await h.request('GET', '/probe?limit=100')).status, 200)
})

s('Idempotency-Key: a repeat replays the first response; another body is 422; the key is per account', async ({ h }) => {
  const headers = { 'idempotency-key': 'order-1' }
  const first = await h.request('POST', '/probe', { body: { name: 'a', count: 1 }, headers })
  const again = await h.request('POST', '/probe', { body: { name: 'a', count: 1 }, headers })
  assert.is(first.status, 201)
  assert.is(again.status, 201)
  assert.equal(again.body, first.body)
  assert.is(again.headers.get('idempotent-replayed'), 'true')
  assert.is(counter.n, 1, 'the handler ran once')
  const other = await h.request('POST', '/probe', { body: { name: 'b', count: 1 }, headers })
  assert.is(other.status, 422)
  assert.is(other.body.error.details[0].path, 'Idempotency-Key')
  const otherAccount = await h.request('POST', '/probe', { key: h.keys.other, body: { name: 'b', count: 1 }, headers })
  assert.is(otherAccount.status, 201)
})

s('Idempotency-Key: while the first is running a repeat is 409; a failed request may be retried with the key', async ({ h }) => {
  const headers = { 'idempotency-key': 'slow-1' }
  const slow = h.request('POST', '/probe', { body: { name: 'slow', count: 1 }, headers })
  await new Promise((r) => setTimeout(r, 30))
  const during = await h.request('POST', '/probe', { body: { name: 'slow', count: 1 }, headers })
  assert.is(during.status, 409)
  assert.is((await slow).status, 201)
  const conflict = await h.request('POST', '/probe', { body: { name: 'taken', count: 1 }, headers: { 'idempotency-key': 'k2' } })
  assert.is(conflict.status, 409)
  const retried = await h.request('POST', '/probe', { body: { name: 'taken', count: 1 }, headers: { 'idempotency-key': 'k2' } })
  assert.is(retried.status, 409)
  assert.is(counter.n, 3, 'a refused request was not stored, so its retry ran again')
  const bad = await h.request('POST', '/probe', { body: { name: 'a', count: 1 }, headers: { 'idempotency-key': 'x'.repeat(256) } })
  assert.is(bad.status, 422)
})

s.run()

const sealed = suite<{ h: Harness; stored: unknown[] }>('HTTP conventions: remembered responses are sealed')
sealed.before.each(async (ctx) => {
  counter.n = 0
  ctx.stored = []
  const store = memoryIdempotencyStore(86_400_000)
  ctx.h = await startHarness({
    routes: probeRoutes,
    ports: { idempotency: { ...store, complete: (a, k, response) => (ctx.stored.push(response), store.complete(a, k, response)) } },
  })
})
sealed.after.each(async ({ h }) => h.close())

sealed('a stored response keeps nothing readable, and the replay still gives it back whole', async ({ h, stored }) => {
  const headers = { 'idempotency-key': 'secret-1' }
  const first = await h.request('POST', '/probe', { body: { name: 'whsec_do-not-leak', count: 1 }, headers })
  assert.is(stored.length, 1)
  assert.not.ok(JSON.stringify(stored).includes('do-not-leak'), 'sealed at rest')
  const again = await h.request('POST', '/probe', { body: { name: 'whsec_do-not-leak', count: 1 }, headers })
  assert.equal(again.body, first.body)
})

sealed.run()

const r = suite<{ h: Harness }>('HTTP conventions: rate limits')
r.before.each(async (ctx) => {
  ctx.h = await startHarness({ ports: { rateLimiter: memoryRateLimiter({ limit: 3, windowSeconds: 60 }) } })
})
r.after.each(async ({ h }) => h.close())

r('past the limit a key gets 429 RATE_LIMITED with Retry-After; other keys are not affected', async ({ h }) => {
  const statuses = []
  for (let i = 0; i < 4; i++) statuses.push((await h.request('GET', '/me')).status)
  assert.equal(statuses, [200, 200, 200, 429])
  const limited = await h.request('GET', '/me')
  assert.is(limited.body.error.code, 'RATE_LIMITED')
  const retryAfter = Number(limited.headers.get('retry-after'))
  // Never shorter than the wait: the window's 3 requests weigh on the next 60 s window until a third of it has passed.
  assert.is(retryAfter, 80)
  assert.is(limited.headers.get('ratelimit-limit'), '3')
  assert.is((await h.request('GET', '/me', { key: h.keys.other })).status, 200)
  h.clock.advance(180_000)
  assert.is((await h.request('GET', '/me')).status, 200, 'the window passed')
})

r.run()
