import { randomUUID } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { migrate, openDatabase } from '../../adapters/stores/sqlite/database.js'
import { sqliteJobQueue } from '../../adapters/stores/sqlite/job-queue.js'
import { sqliteWebhookStore } from '../../adapters/stores/sqlite/webhooks.js'
import { randomIds } from '../../adapters/system/ids.js'
import { startServer } from '../adapters/outbound/net/loopback-server.js'
import { right } from '../support/run.js'
import { startHarness } from '../support/http.js'

test('on SQLite: delivery with a Retry-After retry, the log, and secrets that a database dump does not reveal', async () => {
  const db = openDatabase(':memory:')
  migrate(db)
  const h = await startHarness({ ports: { webhooks: sqliteWebhookStore(db), jobs: sqliteJobQueue(db, randomIds.uuid) } })
  const received: Array<{ headers: Record<string, string>; body: string }> = []
  let status = 503
  const server = await startServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') })
      res.writeHead(status, status === 503 ? { 'retry-after': '90' } : {}).end()
    })
  })
  try {
    h.clock.set(new Date())
    const created = (await h.request('POST', '/webhooks', { body: { url: server.base, events: ['upload.ready'] } })).body.data
    const event = { id: randomUUID(), type: 'upload.ready' as const, accountId: h.accounts.first, occurredAt: h.clock.now().toISOString(), data: { uploadId: randomUUID(), runId: randomUUID(), reference: 'upl-0a1b-2c3d-4e5f', title: 'Interview', stage: 'ready', error: null } }
    await right(h.core.ports.events.publish(event))
    await h.worker.drain()
    h.clock.advance(89_999)
    await h.worker.drain()
    assert.is(received.length, 1, 'Retry-After (90 s) is longer than the first step (5 s), so it wins')
    status = 200
    h.clock.advance(1)
    await h.worker.drain()
    assert.is(received.length, 2)
    new Webhook(created.secret).verify(received[1]!.body, received[1]!.headers)
    const log = (await h.request('GET', `/webhooks/${created.id}/deliveries`)).body.data
    assert.equal(log.rows.map((d: any) => [d.attempt, d.outcome, d.statusCode]), [[2, 'succeeded', 200], [1, 'will_retry', 503]])
    const dump = JSON.stringify(db.prepare('SELECT * FROM webhook_endpoints').all())
    assert.not.ok(dump.includes(created.secret.slice(6)), 'the secret is stored sealed')
    assert.match(dump, /"sealed_secret":"v1:/)
  } finally {
    await h.close()
    await server.stop()
    db.close()
  }
})

test.run()
