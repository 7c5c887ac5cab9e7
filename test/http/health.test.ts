/**
 * GET (and HEAD) /healthz and /readyz, at the root of the server: liveness needs
 * nothing, readiness asks every dependency the composition root hands the HTTP
 * adapter and answers 503, in words, when one does not answer in time.
 */
import { randomBytes } from 'node:crypto'
import { rmSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import pg from 'pg'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { ReadinessCheck } from '../../adapters/driving/http-koa/health.js'
import { openAdapters } from '../../src/app/composition/adapters.js'
import { loadConfig } from '../../src/app/config/index.js'
import { type Running, startServer } from '../../src/app/service/serve.js'
import { buildCore } from '../../src/core/build-core.js'
import { tempDir } from '../support/cli.js'
import { harnessStoreKind } from '../support/harness-stores.js'
import { startHarness, type Harness } from '../support/http.js'

interface Check {
  readonly name: string
  readonly ok: boolean
  readonly ms: number
  readonly error?: string
}

const get = async (url: string, init: RequestInit = {}) => {
  const res = await fetch(url, init)
  const text = await res.text()
  return { status: res.status, headers: res.headers, text, body: text === '' ? undefined : JSON.parse(text) }
}

const isEnvelope = (body: any, code: string) => {
  assert.equal(Object.keys(body), ['error'])
  assert.is(body.error.code, code)
  assert.type(body.error.message, 'string')
}

const fine = (name: string): ReadinessCheck => ({ name, check: async () => {} })
const broken = (name: string, message: string): ReadinessCheck => ({
  name,
  check: async () => {
    throw new Error(message)
  },
})

// ---------------------------------------------------------------------------------------------------------------

const live = suite<{ h: Harness }>('health: /healthz')
live.before(async (ctx) => {
  // A failing dependency must not make the process look dead: liveness asks nothing.
  ctx.h = await startHarness({ readiness: { checks: [broken('database', 'gone')] } })
})
live.after(async ({ h }) => h.close())

live('GET /healthz answers 200 { status: "ok" } with no key, as JSON that is never cached, whatever the dependencies say', async ({ h }) => {
  const r = await get(`${h.url}/healthz`)
  assert.is(r.status, 200)
  assert.equal(r.body, { status: 'ok' })
  assert.match(r.headers.get('content-type') ?? '', /^application\/json/)
  assert.is(r.headers.get('cache-control'), 'no-store')
  // Not counted against any key's budget: no rate limit headers.
  assert.is(r.headers.get('ratelimit-limit'), null)
})

live('HEAD /healthz answers 200 with the headers of GET and no body', async ({ h }) => {
  const r = await get(`${h.url}/healthz`, { method: 'HEAD' })
  assert.is(r.status, 200)
  assert.is(r.text, '')
  assert.match(r.headers.get('content-type') ?? '', /^application\/json/)
  assert.is(r.headers.get('content-length'), String(Buffer.byteLength(JSON.stringify({ status: 'ok' }))))
})

live('a key that is wrong does not matter: health answers do not authenticate', async ({ h }) => {
  const r = await get(`${h.url}/healthz`, { headers: { authorization: 'Bearer ntk_nope_nope' } })
  assert.is(r.status, 200)
})

live('only the two exact paths answer: under /ext/v1, with a trailing slash, another method or a longer name is 404 in the envelope', async ({ h }) => {
  for (const path of ['/ext/v1/healthz', '/ext/v1/readyz', '/healthz/', '/readyz/', '/healthzz', '/health', '/', '/HEALTHZ']) {
    const r = await get(`${h.url}${path}`)
    assert.is(r.status, 404, path)
    isEnvelope(r.body, 'NOT_FOUND')
  }
  const post = await get(`${h.url}/healthz`, { method: 'POST' })
  assert.is(post.status, 404)
  isEnvelope(post.body, 'NOT_FOUND')
})

live('a query string does not change the answer', async ({ h }) => {
  const r = await get(`${h.url}/healthz?probe=1`)
  assert.is(r.status, 200)
  assert.equal(r.body, { status: 'ok' })
})

live('the API goes on answering beside them', async ({ h }) => {
  const me = await h.request('GET', '/me')
  assert.is(me.status, 200)
})

live.run()

// ---------------------------------------------------------------------------------------------------------------

const ready = suite('health: /readyz with the checks it is given')

const serving = async (checks: ReadonlyArray<ReadinessCheck>, timeoutMs?: number) =>
  startHarness({ readiness: { checks, ...(timeoutMs === undefined ? {} : { timeoutMs }) } })

ready('every check answers: 200 { status: "ready", checks } with each check named, ok and timed', async () => {
  const h = await serving([fine('database'), fine('redis')])
  try {
    const r = await get(`${h.url}/readyz`)
    assert.is(r.status, 200)
    assert.is(r.body.status, 'ready')
    assert.equal(r.body.checks.map((c: Check) => [c.name, c.ok]), [['database', true], ['redis', true]])
    for (const c of r.body.checks as Check[]) {
      assert.ok(Number.isInteger(c.ms) && c.ms >= 0, `ms of ${c.name}`)
      assert.is(c.error, undefined)
    }
    assert.is(r.headers.get('cache-control'), 'no-store')
  } finally {
    await h.close()
  }
})

ready('no checks at all (an embedding program that passes none): ready', async () => {
  const h = await startHarness()
  try {
    const r = await get(`${h.url}/readyz`)
    assert.is(r.status, 200)
    assert.equal(r.body, { status: 'ready', checks: [] })
  } finally {
    await h.close()
  }
})

ready('a failing check: 503 { status: "unavailable" } naming it, with its error in words; the others are still reported', async () => {
  const h = await serving([fine('database'), broken('redis', 'connect ECONNREFUSED 127.0.0.1:6390')])
  try {
    const r = await get(`${h.url}/readyz`)
    assert.is(r.status, 503)
    assert.is(r.body.status, 'unavailable')
    const [db, redis] = r.body.checks as Check[]
    assert.equal([db!.name, db!.ok, db!.error], ['database', true, undefined])
    assert.equal([redis!.name, redis!.ok], ['redis', false])
    assert.match(redis!.error!, /ECONNREFUSED 127\.0\.0\.1:6390/)
    const head = await get(`${h.url}/readyz`, { method: 'HEAD' })
    assert.is(head.status, 503)
    assert.is(head.text, '')
  } finally {
    await h.close()
  }
})

ready('a check that never answers is cut by the timeout and reported as such, without holding up the others', async () => {
  const aborted: boolean[] = []
  const hung: ReadinessCheck = {
    name: 'database',
    check: (signal) =>
      new Promise<void>(() => {
        signal.addEventListener('abort', () => aborted.push(true))
      }),
  }
  const h = await serving([hung, fine('s3')], 50)
  try {
    const r = await get(`${h.url}/readyz`)
    assert.is(r.status, 503)
    assert.is(r.body.status, 'unavailable')
    const [db, s3] = r.body.checks as Check[]
    assert.equal([db!.name, db!.ok], ['database', false])
    assert.match(db!.error!, /did not answer within 0\.05 s/)
    assert.equal([s3!.name, s3!.ok], ['s3', true])
    // The check was told to give up, so an adapter that can cancel its request does.
    assert.equal(aborted, [true])
  } finally {
    await h.close()
  }
})

ready('a check that throws before its promise, or rejects with no Error, is a failure in words too', async () => {
  const h = await serving([
    {
      name: 'database',
      check: () => {
        throw new Error('the database connection is not open')
      },
    },
    { name: 'redis', check: () => Promise.reject('connection closed') },
  ])
  try {
    const r = await get(`${h.url}/readyz`)
    assert.is(r.status, 503)
    assert.equal(
      (r.body.checks as Check[]).map((c) => [c.name, c.ok, c.error]),
      [
        ['database', false, 'the database connection is not open'],
        ['redis', false, 'connection closed'],
      ],
    )
  } finally {
    await h.close()
  }
})

ready('credentials in a connection string that reaches an error message are not repeated in the answer', async () => {
  const h = await serving([
    broken('database', 'could not reach postgres://notetaker:hunter2@db.internal:5432/notetaker: refused'),
    broken('redis', 'redis://default:p@ss@cache.internal:6379 and rediss://:s3cr3t@other:6380/0 failed'),
  ])
  try {
    const r = await get(`${h.url}/readyz`)
    assert.is(r.status, 503)
    assert.not.match(r.text, /hunter2|p@ss|ss@|s3cr3t/)
    assert.match(r.body.checks[0].error, /postgres:\/\/db\.internal:5432\/notetaker: refused/)
    assert.is(r.body.checks[1].error, 'redis://cache.internal:6379 and rediss://other:6380/0 failed')
  } finally {
    await h.close()
  }
})

ready('a change of readiness is logged once, in words: unavailable at warn, ready again at info', async () => {
  const lines: Array<{ level: number; msg: string }> = []
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
  let down = true
  const flaky: ReadinessCheck = {
    name: 'database',
    check: async () => {
      if (down) throw new Error('connect ECONNREFUSED')
    },
  }
  const h = await startHarness({ logger, readiness: { checks: [flaky] } })
  try {
    assert.is((await get(`${h.url}/readyz`)).status, 503)
    assert.is((await get(`${h.url}/readyz`)).status, 503)
    down = false
    assert.is((await get(`${h.url}/readyz`)).status, 200)
    assert.is((await get(`${h.url}/readyz`)).status, 200)
    await get(`${h.url}/healthz`)
    const said = lines.filter((l) => /ready/.test(l.msg))
    assert.equal(
      said.map((l) => l.level),
      [40, 30],
      JSON.stringify(said),
    )
    assert.match(said[0]!.msg, /not ready.*database.*ECONNREFUSED/)
    assert.match(said[1]!.msg, /ready again/)
    // Probes come every few seconds: they get no request log line of their own at info.
    assert.not.ok(lines.some((l) => /GET \/(healthz|readyz) answered/.test(l.msg)), JSON.stringify(lines))
  } finally {
    await h.close()
  }
})

ready.run()

// ---------------------------------------------------------------------------------------------------------------

/**
 * The server as `notetaker serve --no-worker` starts it (startServer over openAdapters), on the store of this
 * pass: memory, SQLite, or Postgres with Redis (HARNESS_STORE): /readyz asks the real adapters.
 */
const composed = suite('health: /readyz of the server as notetaker serve starts it')

const configFor = async () => {
  const kind = harnessStoreKind()
  const dir = tempDir('health')
  const env: Record<string, string> = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, NOTETAKER_STORE: kind }
  let dropSchema = async () => {}
  if (kind === 'postgres') {
    const url = process.env['DATABASE_URL'] ?? ''
    const schema = `notetaker_health_${process.pid}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    await admin.query(`CREATE SCHEMA ${schema}`)
    const u = new URL(url)
    u.searchParams.set('options', `-c search_path=${schema}`)
    env['DATABASE_URL'] = u.toString()
    const redis = process.env['REDIS_URL'] ?? ''
    if (redis !== '') Object.assign(env, { REDIS_URL: redis, NOTETAKER_RATE_LIMITER: 'redis', NOTETAKER_IDEMPOTENCY: 'redis' })
    dropSchema = async () => {
      await admin.query(`DROP SCHEMA ${schema} CASCADE`)
      await admin.end()
    }
  }
  const config = loadConfig(env)
  if (E.isLeft(config)) throw new Error(config.left.join('; '))
  return {
    kind,
    config: config.right,
    cleanUp: async () => {
      await dropSchema()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

composed('every dependency of the configured stores is checked and answers', async () => {
  const { kind, config, cleanUp } = await configFor()
  const logger = pino({ level: 'silent' })
  let running: Running | null = null
  try {
    const opened = await openAdapters(config, { migrate: true, logger })
    // An account already there, so the start prints no first key.
    const account = await buildCore(opened.ports).identity.createAccount({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null })()
    assert.ok(E.isRight(account))
    running = await startServer(config, logger, opened, { worker: false })
    const r = await get(`${running.url}/readyz`)
    assert.is(r.status, 200, JSON.stringify(r.body))
    assert.is(r.body.status, 'ready')
    const expected = kind === 'postgres' && config.REDIS_URL !== '' ? ['database', 'redis'] : ['database']
    assert.equal(r.body.checks.map((c: Check) => c.name), expected)
    assert.ok((r.body.checks as Check[]).every((c) => c.ok))
    const live = await get(`${running.url}/healthz`)
    assert.equal([live.status, live.body], [200, { status: 'ok' }])
  } finally {
    await running?.stop()
    await cleanUp()
  }
})

composed.run()
