import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { DEFAULT_PLANS } from '../../src/core/domain/identity/account.js'
import { type Harness, startHarness } from '../support/http.js'
import { right } from '../support/run.js'

const s = suite<{ h: Harness }>('plans over HTTP: unlimited, and who lifts a spent allowance')
s.after.each(async ({ h }) => h.close())

s('GET /me and GET /me/allowance show the self-hosted plan as unlimited (null), and uploads are never refused for it', async (ctx) => {
  ctx.h = await startHarness({ ports: { plans: DEFAULT_PLANS } })
  const { h } = ctx
  await right(h.core.identity.setPlan(h.accounts.first, 'self-hosted'))
  for (let n = 0; n < 30; n++) assert.is((await h.request('POST', '/uploads', { body: { filename: `standup-${n}.vtt` } })).status, 201, `upload ${n + 1}`)
  assert.equal((await h.request('GET', '/me')).body.data.plan, { key: 'self-hosted', paid: false, monthlyRecordings: null })
  assert.equal((await h.request('GET', '/me/allowance')).body.data, {
    plan: { key: 'self-hosted', paid: false, monthlyRecordings: null },
    since: '2026-06-01T00:00:00.000Z',
    used: 30,
    left: null,
  })
})

s('an upload over the allowance is 409 saying who can lift it; set-plan lifts it at once', async (ctx) => {
  ctx.h = await startHarness({ ports: { plans: [{ key: 'self-hosted', paid: false, monthlyRecordings: null }, { key: 'free', paid: false, monthlyRecordings: 1 }] } })
  const { h } = ctx
  assert.is((await h.request('POST', '/uploads', { body: { filename: 'a.vtt' } })).status, 201)
  const refused = await h.request('POST', '/uploads', { body: { filename: 'b.vtt' } })
  assert.is(refused.status, 409)
  assert.is(refused.body.error.code, 'CONFLICT')
  assert.is(
    refused.body.error.message,
    'The monthly recording allowance is spent: 1 of 1 recordings on plan free this month (it renews on the 1st, UTC). A server administrator can lift it with `notetaker accounts set-plan --account EMAIL --plan self-hosted` (or another plan), or the operator can change NOTETAKER_PLANS',
  )
  await right(h.core.identity.setPlan('ada@example.com', 'self-hosted'))
  assert.is((await h.request('POST', '/uploads', { body: { filename: 'b.vtt' } })).status, 201, 'lifted')
})

s('the OpenAPI description documents null as unlimited', async (ctx) => {
  ctx.h = await startHarness()
  const doc = (await ctx.h.request('GET', '/openapi.json', { key: null })).body
  const text = JSON.stringify(doc)
  assert.match(text, /Recordings the account may start per calendar month \(UTC\); null: unlimited, as on the `self-hosted` plan/)
  assert.match(text, /Recordings left this month; null on an unlimited plan/)
})

s.run()
