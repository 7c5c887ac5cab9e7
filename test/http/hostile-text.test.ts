import { randomUUID } from 'node:crypto'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { MAX_TEXT_LENGTH } from '../../adapters/driving/http-koa/exchange/text-guard.js'
import { storeFailure } from '../../src/core/errors.js'
import { type Harness, closing, startHarness } from '../support/http.js'
import { organizationWorld } from './organization-world.js'

// Text no store can keep (NUL, other control characters, unpaired surrogates) and text beyond its length is refused
// with 422 at the one body and query check, before any store sees it: the same answer over memory, SQLite and Postgres.

const s = suite<{ h: Harness; orgKey: string }>('Hostile text: control characters, surrogates and lengths refused in words')
s.before(async (ctx) => {
  ctx.h = await startHarness()
  ctx.orgKey = (await organizationWorld(ctx.h)).keys.owner
})
s.after(async ({ h }) => h.close())

const expectRefused = (r: { status: number; body: any }, path: string, message: RegExp, what: string) => {
  assert.is(r.status, 422, `${what}: ${JSON.stringify(r.body)}`)
  assert.is(r.body.error.code, 'VALIDATION_ERROR', what)
  assert.is(r.body.error.details[0].path, path, what)
  assert.match(r.body.error.details[0].message, message, what)
}

/** Every string field a JSON body takes, by the route's own OpenAPI schema (one level of nesting). */
const stringFields = (schema: any, prefix = ''): string[] =>
  Object.entries<any>(schema?.properties ?? {}).flatMap(([name, p]) => {
    const types = [p, ...(p.anyOf ?? []), ...(p.oneOf ?? [])]
    if (types.some((x) => x.type === 'string')) return [`${prefix}${name}`]
    const object = types.find((x) => x.type === 'object')
    return object === undefined ? [] : stringFields(object, `${prefix}${name}.`)
  })

const bodyWith = (path: string, value: string): Record<string, unknown> => {
  const [head, ...rest] = path.split('.')
  return { [head!]: rest.length === 0 ? value : bodyWith(rest.join('.'), value) }
}

/** A value the path parameter takes: the first of its words (e.g. a calendar provider), else a fresh id. */
const pathValue = (op: any, name: string): string => op.parameters?.find((p: any) => p.in === 'path' && p.name === name)?.schema?.enum?.[0] ?? randomUUID()

/** The JSON-body operations of the description, with their path filled with fresh ids (or the words a parameter takes). */
const jsonOperations = (h: Harness) =>
  Object.entries<any>(h.openapi.paths).flatMap(([path, ops]) =>
    Object.entries<any>(ops).flatMap(([method, op]) => {
      const schema = op.requestBody?.content?.['application/json']?.schema
      if (schema === undefined) return []
      const variants = schema.anyOf ?? schema.oneOf ?? [schema]
      const fields = [...new Set(variants.flatMap((v: any) => stringFields(v)))] as string[]
      return [{ method: method.toUpperCase(), path: path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(op, name)), fields, op }]
    }),
  )

s('a NUL in every string field of every JSON body is 422 VALIDATION_ERROR naming the field', async ({ h, orgKey }) => {
  const operations = jsonOperations(h)
  assert.ok(operations.length >= 15, `the description lists the JSON-body routes (${operations.length})`)
  let tried = 0
  for (const { method, path, fields, op } of operations) {
    const key = op['x-reach'] === 'organization' ? orgKey : h.keys.full
    for (const field of fields) {
      const r = await h.request(method, path, { key, body: bodyWith(field, 'before\u0000after') })
      expectRefused(r, field, /control character U\+0000/, `${method} ${path} ${field}`)
      tried += 1
    }
  }
  assert.ok(tried >= 30, `every string field was tried (${tried})`)
})

s('the unauthenticated sign-in refuses a NUL in its email (it was a 500 on Postgres), as do nested and array texts', async ({ h }) => {
  expectRefused(await h.request('POST', '/session', { key: null, body: { email: 'ada\u0000@example.com', password: 'x'.repeat(12) } }), 'email', /U\+0000/, 'sign-in')
  const meeting = { title: 'Plan', startsAt: '2026-06-02T09:00:00Z', attendees: [{ name: 'Cy\u0007', email: 'cy@example.com' }] }
  const r = await h.request('POST', '/meetings', { body: meeting })
  expectRefused(r, 'attendees.0.name', /U\+0007/, 'an attendee name')
})

s('other C0 controls are refused; tab, line feed and carriage return only in multi-line fields (descriptions)', async ({ h }) => {
  const title = await h.request('POST', '/meetings', { body: { title: 'Plan\nB', startsAt: '2026-06-02T09:00:00Z' } })
  expectRefused(title, 'title', /U\+000A.*one line/, 'a line feed in a title')
  const escape = await h.request('POST', '/meetings', { body: { title: 'Plan', description: 'a\u001bb', startsAt: '2026-06-02T09:00:00Z' } })
  expectRefused(escape, 'description', /U\+001B.*only tab, line feed and carriage return/, 'an escape in a description')
  const description = 'Agenda:\r\n\t1. budget\n\t2. hiring'
  const made = await h.request('POST', '/meetings', { body: { title: 'Plan', link: 'https://meet.google.com/abc-defg-hij', description, startsAt: '2026-06-02T09:00:00Z' } })
  assert.is(made.status, 201, JSON.stringify(made.body))
  const read = await h.request('GET', `/meetings/${made.body.data.id}`)
  assert.is(read.body.data.description, description)
})

s('an unpaired surrogate is refused (stores would turn it into U+FFFD); paired ones and U+FFFE/U+FFFF are kept', async ({ h }) => {
  const lone = await h.request('POST', '/uploads', { rawBody: '{"filename":"a.vtt","title":"x\\ud800y"}', headers: { 'content-type': 'application/json' } })
  expectRefused(lone, 'title', /unpaired UTF-16 surrogate U\+D800/, 'a lone high surrogate')
  const low = await h.request('POST', '/uploads', { rawBody: '{"filename":"a.vtt","title":"\\udc00"}', headers: { 'content-type': 'application/json' } })
  expectRefused(low, 'title', /U\+DC00/, 'a lone low surrogate')
  const kept = await h.request('POST', '/uploads', { body: { filename: 'a.vtt', title: 'Notes 🎉 \uFFFE\uFFFF' } })
  assert.is(kept.status, 201)
  assert.is(kept.body.data.title, 'Notes 🎉 \uFFFE\uFFFF')
})

s('query parameters pass the same check: a NUL in a search or a date is 422 on the parameter', async ({ h }) => {
  expectRefused(await h.request('GET', '/recordings?q=budget%00'), 'q', /U\+0000/, 'search')
  expectRefused(await h.request('GET', '/recordings?from=2026-01-01%00'), 'from', /U\+0000/, 'a date')
  expectRefused(await h.request('GET', '/uploads?limit=1%01'), 'limit', /U\+0001/, 'a number')
  expectRefused(await h.request('GET', '/recordings?x%00=1'), 'x\u0000', /U\+0000/, 'an unknown name')
})

s('upload title, content type and file name have documented caps (422 beyond); every text has a ceiling', async ({ h }) => {
  const upload = h.openapi.paths['/uploads'].post.requestBody.content['application/json'].schema.properties
  assert.equal([upload.title.maxLength, upload.contentType.maxLength, upload.filename.maxLength], [500, 255, 255])
  expectRefused(await h.request('POST', '/uploads', { body: { filename: 'a.vtt', title: 't'.repeat(501) } }), 'title', /at most 500 characters/, 'title')
  expectRefused(await h.request('POST', '/uploads', { body: { filename: 'a.vtt', contentType: `text/${'v'.repeat(300)}` } }), 'contentType', /at most 255/, 'content type')
  expectRefused(await h.request('POST', '/uploads', { body: { filename: `${'f'.repeat(300)}.vtt` } }), 'filename', /1 to 255/, 'file name')
  const edge = await h.request('POST', '/uploads', { body: { filename: 'a.vtt', title: 't'.repeat(500), contentType: 'text/vtt' } })
  assert.is(edge.status, 201)
  const huge = await h.request('POST', '/session', { key: null, body: { email: 'ada@example.com', password: 'p'.repeat(MAX_TEXT_LENGTH + 1) } })
  expectRefused(huge, 'password', new RegExp(`at most ${MAX_TEXT_LENGTH} characters`), 'a text over the ceiling')
  const list = await h.request('GET', '/uploads')
  assert.is(list.body.data.total, 2, 'only the two accepted uploads were created')
})

test500Logged()

function test500Logged() {
  const t = suite('A store failure is answered 500 and logged with its cause')
  t('the log line carries the cause the client never sees', async () => {
    const lines: any[] = []
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
    const h = await startHarness({ logger })
    await closing(h, async () => {
      const failing = { ...h.core.ports.meetings, list: () => async () => ({ _tag: 'Left' as const, left: storeFailure(new Error('invalid byte sequence for encoding "UTF8": 0x00')) }) }
      Object.assign(h.core.ports.meetings, failing)
      const r = await h.request('GET', '/meetings')
      assert.is(r.status, 500)
      assert.not.match(JSON.stringify(r.body), /UTF8/)
      const line = lines.find((l) => /the store failed/.test(l.msg))
      assert.ok(line !== undefined, 'a log line says the store failed')
      assert.is(line.level, 50)
      assert.match(line.err.message, /invalid byte sequence/)
    })
  })
  t.run()
}

s.run()
