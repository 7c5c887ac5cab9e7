import SwaggerParser from '@apidevtools/swagger-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsPlugin from 'ajv-formats'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'

const s = suite<{ h: Harness; doc: any }>('OpenAPI description')
s.before(async (ctx) => {
  ctx.h = await startHarness()
  ctx.doc = (await ctx.h.request('GET', '/openapi.json', { key: null })).body
})
s.after(async ({ h }) => h.close())

s('passes a real OpenAPI 3.1 validator', async ({ doc }) => {
  const copy = structuredClone(doc)
  await SwaggerParser.validate(copy)
})

s('every mounted route is documented, and every documented operation is mounted', async ({ h, doc }) => {
  const { createHttpApp } = await import('../../adapters/http-koa/app.js')
  const pino = (await import('pino')).default
  const { mounted: table } = createHttpApp(h.core, { logger: pino({ level: 'silent' }) })
  const mounted = new Set<string>()
  for (const layer of table) {
    for (const method of layer.methods) {
      if (method === 'HEAD') continue
      mounted.add(`${method} ${layer.path.replace('/ext/v1', '').replace(/:(\w+)/g, '{$1}')}`)
    }
  }
  const documented = new Set<string>()
  for (const [path, ops] of Object.entries<any>(doc.paths)) for (const m of Object.keys(ops)) documented.add(`${m.toUpperCase()} ${path}`)
  assert.equal([...mounted].sort(), [...documented].sort())
  assert.ok(documented.has('GET /me') && documented.has('GET /openapi.json'))
})

s('every documented path answers (no documented route is a 404 of the router)', async ({ h, doc }) => {
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    for (const method of Object.keys(ops)) {
      const concrete = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000')
      const r = await h.request(method.toUpperCase(), concrete, { key: null })
      const routerMiss = r.status === 404 && String(r.body?.error?.message).startsWith('No route')
      assert.not.ok(routerMiss, `${method} ${path} is documented but not mounted`)
    }
  }
})

s('every authenticated operation documents the spec error statuses with the envelope', ({ doc }) => {
  for (const [path, ops] of Object.entries<any>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(ops)) {
      const expected = op.security?.length === 0 ? ['500'] : ['401', '403', '404', '422', '429', '500']
      for (const status of expected) {
        const r = op.responses[status]
        assert.ok(r, `${method} ${path} lacks ${status}`)
        assert.is(r.content['application/json'].schema.$ref, '#/components/schemas/Error')
      }
    }
  }
})

s('example payloads validate against the generated schemas', ({ doc }) => {
  const ajv = new Ajv2020({ strict: false })
  addFormatsPlugin.default(ajv)
  const me = ajv.compile(doc.paths['/me'].get.responses['200'].content['application/json'].schema)
  const good = {
    data: {
      account: { id: '2b0f8f5e-1c1a-4a43-9c55-0c1f3e0a9b11', name: 'Ada', email: 'ada@example.com' },
      organization: { id: '6f1c8f5e-1c1a-4a43-9c55-0c1f3e0a9b12', name: 'Acme' },
      key: { id: '7a0f8f5e-1c1a-4a43-9c55-0c1f3e0a9b13', access: 'readonly', organizationWide: true },
      plan: { key: 'pro', paid: true, monthlyRecordings: 500 },
    },
  }
  assert.ok(me(good), JSON.stringify(me.errors))
  assert.not.ok(me({ data: { ...good.data, key: { ...good.data.key, access: 'admin' } } }), 'unknown access refused')
  assert.not.ok(me({ data: { ...good.data, secret: 'x' } }), 'extra fields refused')
  const error = ajv.compile(doc.components.schemas.Error)
  assert.ok(error({ error: { code: 'VALIDATION_ERROR', message: 'bad', details: [{ path: 'link', message: 'must be a join link' }] } }))
  assert.not.ok(error({ error: { code: 'TEAPOT', message: 'x' } }))
})

s.run()
