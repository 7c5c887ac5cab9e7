import * as t from 'io-ts'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createHttpApp } from '../../../../adapters/driving/http-koa/app.js'
import { formatted } from '../../../../adapters/driving/http-koa/openapi/codec-schema.js'
import { MeCodec } from '../../../../adapters/driving/http-koa/contract/identity.js'
import { compileEnvelope, encodesAsSchema, successSerializer } from '../../../../adapters/driving/http-koa/openapi/serializer.js'
import { startHarness } from '../../../support/http.js'

const me = {
  account: { id: '2b0f8f5e-1c1a-4a43-9c55-0c1f3e0a9b11', name: 'Ada "the first" \u2028', email: 'ada@example.com', serverAdmin: false },
  organization: null,
  key: { id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b', access: 'full' as const, organizationWide: false },
  plan: { key: 'free', paid: false, monthlyRecordings: 10 },
}
const viaCodec = (codec: t.Mixed, data: unknown) => JSON.stringify({ data: codec.encode(data) })

test('writes the same text as io-ts encode and JSON.stringify, escapes included', () => {
  assert.is(successSerializer(MeCodec)(me), viaCodec(MeCodec, me))
  const inOrganization = { ...me, organization: { id: '0c1f3e0a-9b11-4a43-9c55-2b0f8f5e1c1a', name: 'Acme' } }
  assert.is(successSerializer(MeCodec)(inOrganization), viaCodec(MeCodec, inOrganization))
})

test('fields the schema does not list are left out, at every level, as exact codecs do', () => {
  const leaky = { ...me, secret: 'x', account: { ...me.account, passwordHash: 'y' }, plan: { ...me.plan, internal: true } }
  const text = successSerializer(MeCodec)(leaky)
  assert.is(text, viaCodec(MeCodec, leaky))
  assert.not.match(text, /secret|passwordHash|internal/)
})

test('a value the compiled writer refuses (a required field missing) gets the text io-ts would give', () => {
  const { email: _email, ...withoutEmail } = me.account
  const broken = { ...me, account: withoutEmail }
  assert.throws(() => compileEnvelope(MeCodec)({ data: broken }))
  assert.is(successSerializer(MeCodec)(broken), viaCodec(MeCodec, broken))
})

test('a codec whose encode changes values keeps io-ts: the schema alone cannot say how', () => {
  const Upper = new t.Type<string, string, unknown>('Upper', t.string.is, t.string.validate, (s) => s.toUpperCase())
  const codec = t.exact(t.type({ name: Upper, at: formatted('date-time') }))
  assert.is(encodesAsSchema(codec), false)
  assert.is(encodesAsSchema(t.exact(t.type({ at: formatted('date-time'), tags: t.array(t.keyof({ a: null })) }))), true)
  assert.is(successSerializer(codec)({ name: 'ada', at: '2026-01-01T00:00:00Z' }), '{"data":{"name":"ADA","at":"2026-01-01T00:00:00Z"}}')
})

test('a union of two object shapes keeps io-ts: it and the schema could pick different members', () => {
  const Short = t.exact(t.type({ x: t.string }))
  const Long = t.exact(t.type({ x: t.string, y: t.string }))
  const either = t.union([Short, Long])
  assert.is(encodesAsSchema(either), false)
  assert.is(encodesAsSchema(t.union([Long, t.null])), true, 'one object beside null is fine')
  assert.is(successSerializer(either)({ x: 'a', y: 'b' }), viaCodec(either, { x: 'a', y: 'b' }))
})

test('every route of the table that answers JSON has a schema the writer compiles', async () => {
  const h = await startHarness()
  try {
    const { routes } = createHttpApp(h.core, { logger: pino({ level: 'silent' }) })
    let compiled = 0
    for (const r of routes) {
      const data = r.success.data
      if ('stream' in data || !encodesAsSchema(data as t.Mixed)) continue
      compileEnvelope(data as t.Mixed)
      compiled += 1
    }
    assert.ok(compiled >= 40, `compiled ${compiled} routes`)
  } finally {
    await h.close()
  }
})

test.run()
