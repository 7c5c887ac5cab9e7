import { randomUUID } from 'node:crypto'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { httpWebhookSender } from '../../adapters/outbound/webhooks/sender.js'
import { EVENT_NAMES, SUBSCRIBABLE_EVENTS } from '../../src/core/domain/events.js'
import { startHarness, type Harness } from '../support/http.js'

const s = suite<{ h: Harness }>('HTTP: webhook endpoints')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

const URL = 'https://hooks.example.com/notetaker'
const create = async (h: Harness, body: Record<string, unknown> = { url: URL, events: ['meeting.started'] }, key = h.keys.full) => {
  const r = await h.request('POST', '/webhooks', { body, key })
  assert.is(r.status, 201, JSON.stringify(r.body))
  return r.body.data
}
const paths = (r: { body: any }) => r.body.error.details.map((d: any) => d.path)

s('register answers 201 with the secret once; list and get never show it', async ({ h }) => {
  const created = await create(h, { url: URL, events: ['meeting.started', 'recording.ready', 'meeting.started'], description: 'CRM sync' })
  assert.match(created.secret, /^whsec_[A-Za-z0-9+/]{43}=$/)
  assert.equal(
    { ...created, id: 'x', secret: 'x', createdAt: 'x', updatedAt: 'x' },
    { id: 'x', url: URL, description: 'CRM sync', events: ['meeting.started', 'recording.ready'], status: 'active', consecutiveFailures: 0, lastDeliveryAt: null, lastStatus: null, disabledReason: null, previousSecretExpiresAt: null, createdAt: 'x', updatedAt: 'x', secret: 'x' },
  )
  h.clock.advance(1_000)
  await create(h, { url: `${URL}/2`, events: ['upload.ready'] })
  const list = await h.request('GET', '/webhooks', { key: h.keys.readonly })
  assert.equal([list.status, list.body.data.total, list.body.data.rows.length, list.body.data.offset], [200, 2, 2, 0])
  assert.is(list.body.data.rows[0].id, created.id, 'oldest first')
  const one = await h.request('GET', `/webhooks/${created.id}`)
  assert.equal(one.body.data.recentDeliveries, { succeeded: 0, failed: 0, since: '2026-05-31T12:00:01.000Z' })
  for (const r of [list, one]) assert.not.ok(JSON.stringify(r.body).includes(created.secret.slice(6)) || JSON.stringify(r.body).includes('"secret"'))
  assert.is((await h.request('GET', '/webhooks', { key: h.keys.other })).body.data.total, 0)
})

s('unknown events, empty events, bad or private URLs and unknown fields are 422 naming the field', async ({ h }) => {
  const unknown = await h.request('POST', '/webhooks', { body: { url: URL, events: ['meeting.started', 'meeting.exploded'] } })
  assert.equal([unknown.status, unknown.body.error.code, paths(unknown)], [422, 'VALIDATION_ERROR', ['events.1']])
  assert.match(unknown.body.error.details[0].message, /known events: .*meeting\.started/)
  assert.equal(paths(await h.request('POST', '/webhooks', { body: { url: URL, events: [] } })), ['events'])
  assert.equal(paths(await h.request('POST', '/webhooks', { body: { url: 'ftp://x.example.com', events: ['bot.failed'] } })), ['url'])
  assert.equal(paths(await h.request('POST', '/webhooks', { body: { url: URL, events: ['bot.failed'], secret: 'mine' } })), ['secret'])
  assert.equal(paths(await h.request('POST', '/webhooks', { body: { events: ['bot.failed'] } })), ['url'])
  const { id } = await create(h)
  assert.equal(paths(await h.request('PATCH', `/webhooks/${id}`, { body: { events: ['nope'] } })), ['events.0'])
  const test = await h.request('PATCH', `/webhooks/${id}`, { body: { events: ['webhook.test'] } })
  assert.equal([test.status, paths(test)], [422, ['events.0']], 'the test event is sent on request, not subscribed to')
  assert.equal(paths(await h.request('PATCH', `/webhooks/${id}`, { body: { status: 'paused' } })), ['status'])
  assert.equal((await h.request('GET', '/webhooks', {})).body.data.total, 1, 'nothing refused was stored')
})

s('URLs at 127.0.0.1 (without NOTETAKER_ALLOW_PRIVATE_URLS) and the metadata address are refused', async () => {
  const h = await startHarness({ ports: { webhookSender: httpWebhookSender({ allowPrivate: false, timeoutMs: 1_000 }) } })
  try {
    for (const url of ['https://127.0.0.1:8443/hook', 'http://127.0.0.1:8080/hook', 'https://169.254.169.254/latest/meta-data/', 'https://[::1]/x', 'https://localhost/x']) {
      const r = await h.request('POST', '/webhooks', { body: { url, events: ['meeting.started'] } })
      assert.equal([r.status, paths(r)], [422, ['url']], url)
    }
    const ok = await create(h)
    const r = await h.request('PATCH', `/webhooks/${ok.id}`, { body: { url: 'https://10.0.0.1/x' } })
    assert.equal([r.status, paths(r)], [422, ['url']])
  } finally {
    await h.close()
  }
})

s('with NOTETAKER_ALLOW_PRIVATE_URLS, cloud metadata addresses and addresses without a host are still 422 on url', async ({ h }) => {
  const refused = [
    'http://169.254.169.254/latest/meta-data/',
    'https://169.254.169.254/latest/meta-data/',
    'http://169.254.170.2/v2/credentials',
    'http://100.100.100.200/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://0xa9fea9fe/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata/computeMetadata/v1/',
    'https:///x',
    'https:///hooks.example.com/in',
    'https:hooks.example.com/in',
  ]
  for (const url of refused) {
    const r = await h.request('POST', '/webhooks', { body: { url, events: ['meeting.started'] } })
    assert.equal([r.status, r.body.error?.code, r.body.error ? paths(r) : null], [422, 'VALIDATION_ERROR', ['url']], url)
    assert.not.ok(r.body.error.details[0].message.includes('NOTETAKER_ALLOW_PRIVATE_URLS'), `${url}: the flag would not change the answer`)
  }
  const { id } = await create(h)
  for (const url of ['http://169.254.169.254/latest/meta-data/', 'https:///x']) {
    const r = await h.request('PATCH', `/webhooks/${id}`, { body: { url } })
    assert.equal([r.status, paths(r)], [422, ['url']], url)
  }
  assert.is((await h.request('GET', `/webhooks/${id}`)).body.data.url, URL, 'unchanged')
  assert.is((await create(h, { url: 'http://127.0.0.1:9000/hook', events: ['meeting.started'] })).url, 'http://127.0.0.1:9000/hook', 'local receivers are what the flag is for')
})

s('without the flag, a refusal the flag would lift says so; one it would not does not', async () => {
  const h = await startHarness({ ports: { webhookSender: httpWebhookSender({ allowPrivate: false, timeoutMs: 1_000 }) } })
  try {
    const cases: ReadonlyArray<[string, boolean]> = [
      ['http://hooks.example.com/in', true],
      ['https://10.0.0.1/x', true],
      ['https://localhost/x', true],
      ['http://169.254.169.254/latest/meta-data/', false],
      ['https://[fd00:ec2::254]/x', false],
      ['https://metadata.google.internal/x', false],
      ['https://user:pw@hooks.example.com/in', false],
    ]
    for (const [url, namesFlag] of cases) {
      const r = await h.request('POST', '/webhooks', { body: { url, events: ['meeting.started'] } })
      assert.equal([r.status, paths(r)], [422, ['url']], url)
      assert.is(r.body.error.details[0].message.includes('NOTETAKER_ALLOW_PRIVATE_URLS'), namesFlag, `${url}: ${r.body.error.details[0].message}`)
    }
  } finally {
    await h.close()
  }
})

s("another account's webhook is 404 on every route", async ({ h }) => {
  const { id } = await create(h)
  const other = { key: h.keys.other }
  const delivery = randomUUID()
  for (const [method, path, body] of [
    ['GET', `/webhooks/${id}`, undefined],
    ['PATCH', `/webhooks/${id}`, { status: 'disabled' }],
    ['DELETE', `/webhooks/${id}`, undefined],
    ['POST', `/webhooks/${id}/rotate-secret`, undefined],
    ['GET', `/webhooks/${id}/deliveries`, undefined],
    ['POST', `/webhooks/${id}/deliveries/${delivery}/resend`, undefined],
    ['POST', `/webhooks/${id}/test`, undefined],
  ] as const) {
    const r = await h.request(method, path, { ...other, ...(body === undefined ? {} : { body }) })
    assert.equal([r.status, r.body.error.code], [404, 'NOT_FOUND'], `${method} ${path}`)
  }
  assert.is((await h.request('GET', `/webhooks/${id}`)).body.data.status, 'active', 'unchanged')
  assert.is((await h.request('GET', '/webhooks/not-a-uuid')).status, 422)
  assert.is((await h.request('POST', `/webhooks/${randomUUID()}/test`)).status, 404, 'a missing endpoint')
})

s('a read-only key reads but every write is 403', async ({ h }) => {
  const { id } = await create(h)
  const ro = { key: h.keys.readonly }
  for (const [method, path, body] of [
    ['POST', '/webhooks', { url: URL, events: ['bot.failed'] }],
    ['PATCH', `/webhooks/${id}`, { status: 'disabled' }],
    ['DELETE', `/webhooks/${id}`, undefined],
    ['POST', `/webhooks/${id}/rotate-secret`, undefined],
    ['POST', `/webhooks/${id}/deliveries/${randomUUID()}/resend`, undefined],
    ['POST', `/webhooks/${id}/test`, undefined],
  ] as const) {
    const r = await h.request(method, path, { ...ro, ...(body === undefined ? {} : { body }) })
    assert.equal([r.status, r.body.error.code], [403, 'FORBIDDEN'], `${method} ${path}`)
  }
  assert.is((await h.request('GET', `/webhooks/${id}/deliveries`, ro)).status, 200)
  assert.is((await h.request('GET', '/webhooks', ro)).body.data.total, 1)
})

s('PATCH changes url, events and status; DELETE removes', async ({ h }) => {
  const { id } = await create(h)
  const changed = await h.request('PATCH', `/webhooks/${id}`, { body: { url: `${URL}/v2`, events: ['upload.ready', 'upload.failed'] } })
  assert.equal([changed.status, changed.body.data.url, changed.body.data.events], [200, `${URL}/v2`, ['upload.ready', 'upload.failed']])
  const paused = await h.request('PATCH', `/webhooks/${id}`, { body: { status: 'disabled' } })
  assert.equal([paused.body.data.status, typeof paused.body.data.disabledReason], ['disabled', 'string'])
  const resumed = await h.request('PATCH', `/webhooks/${id}`, { body: { status: 'active' } })
  assert.equal([resumed.body.data.status, resumed.body.data.disabledReason], ['active', null])
  const gone = await h.request('DELETE', `/webhooks/${id}`)
  assert.equal([gone.status, gone.body.data], [200, { id, deleted: true }])
  assert.is((await h.request('GET', `/webhooks/${id}`)).status, 404)
  assert.is((await h.request('DELETE', `/webhooks/${id}`)).status, 404)
})

s('the delivery log pages with bounds refused, never clamped', async ({ h }) => {
  const { id } = await create(h)
  const ok = await h.request('GET', `/webhooks/${id}/deliveries?limit=100&offset=5`)
  assert.equal([ok.status, ok.body.data.limit, ok.body.data.offset, ok.body.data.total], [200, 100, 5, 0])
  for (const q of ['limit=0', 'limit=101', 'offset=-1']) {
    const r = await h.request('GET', `/webhooks/${id}/deliveries?${q}`)
    assert.equal([r.status, paths(r)], [422, [q.split('=')[0]]], q)
  }
  assert.is((await h.request('GET', `/webhooks/${id}/deliveries?limit=ten`)).status, 400)
  assert.is((await h.request('GET', `/webhooks/${id}/deliveries?page=2`)).status, 422)
})

s('OpenAPI documents the routes and each event payload in the webhooks section', async ({ h }) => {
  const doc = h.openapi
  for (const p of ['/webhooks', '/webhooks/{id}', '/webhooks/{id}/rotate-secret', '/webhooks/{id}/deliveries', '/webhooks/{id}/deliveries/{deliveryId}/resend', '/webhooks/{id}/test']) assert.ok(doc.paths[p], p)
  assert.equal(Object.keys(doc.paths['/webhooks/{id}']).sort(), ['delete', 'get', 'patch'])
  assert.equal(Object.keys(doc.webhooks).sort(), [...EVENT_NAMES].sort())
  const started = doc.webhooks['meeting.started'].post
  assert.equal(started.parameters.map((p: any) => p.name), ['webhook-id', 'webhook-timestamp', 'webhook-signature'])
  const ref = started.requestBody.content['application/json'].schema.$ref.split('/').pop()
  const schema = doc.components.schemas[ref]
  assert.equal(schema.required, ['type', 'timestamp', 'data'])
  assert.ok(schema.properties.data.required.includes('eventId') && schema.properties.data.required.includes('runId'))
  assert.match(doc.paths['/webhooks'].post.description, /5 s, 5 min, 30 min, 2 h, 5 h and 10 h/)
  assert.equal(doc.paths['/webhooks'].post.requestBody.content['application/json'].schema.properties.events.items.enum.sort(), [...SUBSCRIBABLE_EVENTS].sort())
  assert.ok(!SUBSCRIBABLE_EVENTS.includes('webhook.test' as never) && EVENT_NAMES.includes('webhook.test'), 'the test event is sent but not subscribed to')
  const upload = doc.components.schemas[doc.webhooks['upload.ready'].post.requestBody.content['application/json'].schema.$ref.split('/').pop()]
  assert.ok(['runId', 'recordingPath', 'recordingUrl'].every((f) => upload.properties.data.required.includes(f)), 'upload.ready links to its recording')
  const test = doc.components.schemas[doc.webhooks['webhook.test'].post.requestBody.content['application/json'].schema.$ref.split('/').pop()]
  assert.equal(test.properties.data.required, ['eventId', 'accountId', 'endpointId', 'message'])
})

s.run()
