import { readFileSync } from 'node:fs'
import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import SwaggerParser from '@apidevtools/swagger-parser'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormatsPlugin from 'ajv-formats'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'
import { rawConnection } from './raw-connection.js'

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
  const { createHttpApp } = await import('../../adapters/driving/http-koa/app.js')
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
      account: { id: '2b0f8f5e-1c1a-4a43-9c55-0c1f3e0a9b11', name: 'Ada', email: 'ada@example.com', serverAdmin: false },
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

/** GET /ext/v1/openapi.json with a Host header of our choosing (fetch always sends the real one). */
const documentWithHost = (url: string, host: string) =>
  new Promise<any>((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const req = httpRequest({ hostname, port, path: '/ext/v1/openapi.json', headers: { host } }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => (res.statusCode === 200 ? resolve(JSON.parse(text)) : reject(new Error(`${res.statusCode}: ${text}`))))
    })
    req.on('error', reject)
    req.end()
  })

s('the server is absolute: the address the document was requested at, checked, else relative', async ({ h, doc }) => {
  assert.equal(doc.servers.map((x: { url: string }) => x.url), [`${h.url}/ext/v1`])
  assert.equal((await documentWithHost(h.url, 'notes.example.com:8443')).servers[0].url, 'http://notes.example.com:8443/ext/v1')
  for (const host of ['evil.example/phish', 'ana@evil.example', 'notes.example.com:99999', '<script>']) {
    assert.equal((await documentWithHost(h.url, host)).servers[0].url, '/ext/v1', `Host ${host}`)
  }
  // The rest of the document is the same whatever the server.
  const other = await documentWithHost(h.url, 'notes.example.com')
  assert.equal({ ...other, servers: null }, { ...doc, servers: null })
  // Built in process (the typed client is generated from this one), it names the relative path.
  assert.equal(h.openapi.servers[0].url, '/ext/v1')
})

s('with NOTETAKER_PUBLIC_URL, the server is that address whatever the Host', async ({ h }) => {
  const { createHttpApp } = await import('../../adapters/driving/http-koa/app.js')
  const pino = (await import('pino')).default
  const app = createHttpApp(h.core, { logger: pino({ level: 'silent' }), publicUrl: 'https://notes.example.com/notetaker' })
  assert.equal(app.openapi.servers, [{ url: 'https://notes.example.com/notetaker/ext/v1', description: 'This Notetaker service (its configured public address).' }])
  const server = createServer(app.listener)
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  try {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    for (const host of ['127.0.0.1', 'evil.example']) assert.equal((await documentWithHost(url, host)).servers[0].url, 'https://notes.example.com/notetaker/ext/v1')
  } finally {
    await new Promise<void>((r) => server.close(() => r()))
  }
})

s('GET /openapi.json documents, and answers, 431 for headers over the limit', async ({ h, doc }) => {
  const documented = doc.paths['/openapi.json'].get.responses['431']
  assert.is(documented.content['application/json'].schema.$ref, '#/components/schemas/Error')
  const c = await rawConnection(h.url)
  await c.write(`GET /ext/v1/openapi.json?v=${'x'.repeat(17 * 1024)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`)
  const answer = await c.answer()
  assert.is(answer.status, 431)
  assert.is(answer.json().error.code, 'BAD_REQUEST')
  c.socket.destroy()
})

s('info names the licence of package.json and a contact; every tag has a description; every webhook an operationId', ({ doc }) => {
  const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'package.json'), 'utf8'))
  assert.is(doc.info.license.identifier, pkg.license)
  assert.type(doc.info.contact.name, 'string')
  for (const tag of doc.tags) assert.ok(tag.description?.length > 0, `${tag.name} has a description`)
  const ids = Object.values<any>(doc.webhooks).map((w) => w.post.operationId)
  assert.ok(ids.includes('onRecordingReady'), ids.join(', '))
  const all = [...ids, ...Object.values<any>(doc.paths).flatMap((ops) => Object.values<any>(ops).map((op) => op.operationId))]
  assert.is(new Set(all).size, all.length, 'operationIds are unique across paths and webhooks')
})

s('binary bodies carry no string type (generated clients send and receive them as bytes); text ones are strings', ({ doc }) => {
  const content = doc.paths['/uploads/{uploadId}/content'].put.requestBody.content
  assert.equal(content, { 'application/octet-stream': { schema: {} } })
  // Every body of the document: a media type that is neither JSON nor text has a schema without a type.
  const bodies = Object.values<any>(doc.paths).flatMap((ops) =>
    Object.values<any>(ops).flatMap((op) => [op.requestBody, ...Object.values<any>(op.responses)].flatMap((b) => Object.entries<any>(b?.content ?? {}))),
  )
  const binary = bodies.filter(([type]) => !type.includes('json') && !type.startsWith('text/'))
  // An upload's file and a speech model's file.
  assert.equal(binary.map(([type]) => type).sort(), ['application/octet-stream', 'application/octet-stream', 'application/x-subrip', 'audio/*'])
  for (const [type, media] of binary) assert.equal(media.schema, {}, type)
  assert.equal(doc.paths['/recordings/{runId}/audio'].get.responses['200'].content['audio/*'].schema, {})
  const exported = doc.paths['/recordings/{runId}/export'].get.responses['200'].content
  assert.equal(exported['text/vtt'].schema, { type: 'string', contentMediaType: 'text/vtt' })
})

s('an attendee\'s email is a string, never null', ({ doc }) => {
  const attendee = doc.paths['/recordings/{runId}'].get.responses['200'].content['application/json'].schema.properties.data.properties.attendees.items
  assert.equal(attendee.properties.email.type, 'string')
  assert.match(attendee.properties.email.description, /"" \(the empty string\) when unknown/)
})

s.run()
