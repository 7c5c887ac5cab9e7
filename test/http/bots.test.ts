import { pino } from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createSimulatedBotRunner } from '../../adapters/bots/simulated/runner.js'
import { type Harness, startHarness } from '../support/http.js'

const MEET = 'https://meet.google.com/abc-defg-hij'

const s = suite<{ h: Harness }>('POST /bots, GET /bots, POST /bots/{runId}/leave')
s.before.each(async (ctx) => {
  ctx.h = await startHarness()
})
s.after.each(async ({ h }) => h.close())

const send = (h: Harness, body: unknown, headers: Record<string, string> = {}, key?: string) =>
  h.request('POST', '/bots', { body, headers, ...(key === undefined ? {} : { key }) })

const recording = async (h: Harness, runId: string) => (await h.request('GET', `/recordings/${runId}?include=transcript`)).body.data

s('a bot is sent, moves through its states and its recording gets a transcript with speakers and notes', async ({ h }) => {
  const sent = await send(h, { joinUrl: MEET, title: 'Launch planning' }, { 'idempotency-key': 'bot-1' })
  assert.is(sent.status, 201)
  const bot = sent.body.data
  assert.equal([bot.state, bot.phase, bot.platform, bot.joinUrl, bot.title, bot.leaveRequestedAt], ['queued', 'pending', 'google_meet', MEET, 'Launch planning', null])

  await h.worker.drain()
  const done = await recording(h, bot.runId)
  assert.equal([done.state, done.hasNotes, done.origin], ['ready', true, 'manual'])
  assert.is(done.joinedAt, '2026-06-01T12:00:05.000Z', 'admitted 2 s joining + 3 s waiting after start (meeting time)')
  assert.is(done.waitedSeconds, 3)
  assert.ok(done.recordingSeconds > 20, `recorded the whole scripted meeting (${done.recordingSeconds} s)`)
  assert.ok(Date.parse(done.endedAt) > Date.parse(done.joinedAt))
  assert.equal([...new Set(done.transcript.map((u: { speaker: string }) => u.speaker))], ['Alice Martin', 'Bob Chen'])
  assert.ok(done.actionItems.some((a: { title: string }) => /load test/i.test(a.title)), JSON.stringify(done.actionItems))
  assert.ok(done.shortSummary.length > 0)
  const types = h.events.filter((e) => (e.data as { runId: string }).runId === bot.runId).map((e) => e.type)
  assert.equal(types, ['bot.joining', 'bot.waiting', 'meeting.started', 'meeting.ended', 'recording.ready'])
})

s("a bot's recording gives its owner the link it was sent to (to send another), and nobody it is shared with", async ({ h }) => {
  const bot = (await send(h, { joinUrl: `${MEET}?simulate=denied`, title: 'Refused' })).body.data
  await h.worker.drain()
  const failed = await recording(h, bot.runId)
  assert.equal([failed.state, failed.joinUrl], ['failed', bot.joinUrl])
  const again = await send(h, { joinUrl: failed.joinUrl, title: failed.title })
  assert.equal([again.status, again.body.data.joinUrl], [201, bot.joinUrl], 'the link sends a bot as it is')
  assert.is((await h.request('POST', `/recordings/${bot.runId}/shares`, { body: { email: 'bob@example.com', scope: 'full' } })).status, 201)
  const shared = await h.request('GET', `/recordings/${bot.runId}`, { key: h.keys.other })
  assert.equal([shared.status, shared.body.data.joinUrl], [200, null])
})

s('the same Idempotency-Key answers the same bot; a second bot while one is live is 409', async ({ h }) => {
  const first = await send(h, { joinUrl: MEET }, { 'idempotency-key': 'k-1' })
  const again = await send(h, { joinUrl: MEET }, { 'idempotency-key': 'k-1' })
  assert.equal([again.status, again.body.data.runId], [201, first.body.data.runId])
  const second = await send(h, { joinUrl: 'https://zoom.us/j/1234567890' }, { 'idempotency-key': 'k-2' })
  assert.is(second.status, 409)
  assert.is(second.body.error.code, 'CONFLICT')
  assert.match(second.body.error.message, first.body.data.reference)
  assert.is((await h.request('GET', '/bots')).body.data.total, 1, 'only one bot exists')
  await h.worker.drain()
  assert.is((await send(h, { joinUrl: MEET })).status, 201, 'once the first has left, another may go')
})

s('ten parallel POST /bots create exactly one bot', async ({ h }) => {
  const answers = await Promise.all(Array.from({ length: 10 }, () => send(h, { joinUrl: MEET })))
  assert.equal(answers.map((a) => a.status).sort(), [201, 409, 409, 409, 409, 409, 409, 409, 409, 409])
  assert.is((await h.request('GET', '/recordings')).body.data.total, 1)
})

s('at the monthly allowance, POST /bots is 409 with the reason', async () => {
  const h = await startHarness({ ports: { plans: [{ key: 'free', paid: false, monthlyRecordings: 1 }] } })
  try {
    assert.is((await send(h, { joinUrl: MEET })).status, 201)
    await h.worker.drain()
    const refused = await send(h, { joinUrl: MEET })
    assert.is(refused.status, 409)
    assert.match(refused.body.error.message, /allowance is spent: 1 of 1 recordings on plan free/)
    const me = (await h.request('GET', '/me')).body.data
    assert.is(me.plan.key, 'free')
    const allowance = (await h.request('GET', '/me/allowance')).body.data
    assert.equal(allowance, { plan: { key: 'free', paid: false, monthlyRecordings: 1 }, since: '2026-06-01T00:00:00.000Z', used: 1, left: 0 })
    assert.is((await h.request('GET', '/me/allowance', { key: null })).status, 401)
  } finally {
    await h.close()
  }
})

s('a link that is not a supported join link, a missing link or an overlong title is 422', async ({ h }) => {
  for (const body of [{ joinUrl: 'https://example.com/meet' }, { joinUrl: 'http://meet.google.com/abc-defg-hij' }, {}, { joinUrl: MEET, title: 'x'.repeat(501) }, { joinUrl: 42 }]) {
    const r = await send(h, body)
    assert.is(r.status, 422, JSON.stringify(body))
    assert.is(r.body.error.code, 'VALIDATION_ERROR')
  }
  const r = await send(h, { joinUrl: 'https://example.com/meet' })
  assert.equal(r.body.error.details.map((d: { path: string }) => d.path), ['joinUrl'])
  assert.is((await h.request('GET', '/recordings')).body.data.total, 0, 'nothing was created')
})

s('a read-only key cannot send or recall a bot (403); no key is 401', async ({ h }) => {
  assert.is((await send(h, { joinUrl: MEET }, {}, h.keys.readonly)).status, 403)
  const r = await h.request('POST', '/bots', { key: null, body: { joinUrl: MEET } })
  assert.is(r.status, 401)
  const bot = (await send(h, { joinUrl: MEET })).body.data
  assert.is((await h.request('POST', `/bots/${bot.runId}/leave`, { key: h.keys.readonly })).status, 403)
  assert.is((await h.request('GET', '/bots', { key: h.keys.readonly })).status, 200, 'reading is fine')
})

s('GET /bots lists the same rows as /recordings', async ({ h }) => {
  await send(h, { joinUrl: MEET })
  await h.request('POST', '/uploads', { body: { filename: 'notes.vtt' } })
  const bots = (await h.request('GET', '/bots?limit=10')).body.data
  const recordings = (await h.request('GET', '/recordings?limit=10')).body.data
  assert.equal(bots, recordings)
  assert.is(bots.total, 2)
  assert.is((await h.request('GET', '/bots?limit=0')).status, 422)
})

s('leave: a bot that has not joined is called off at once; asking again is harmless', async ({ h }) => {
  const bot = (await send(h, { joinUrl: MEET })).body.data
  const left = await h.request('POST', `/bots/${bot.runId}/leave`)
  assert.is(left.status, 200)
  assert.equal([left.body.data.state, typeof left.body.data.leaveRequestedAt], ['cancelled', 'string'])
  await h.worker.drain()
  assert.is((await recording(h, bot.runId)).state, 'cancelled', 'the bot job finds nothing to do')
  assert.is((await h.request('POST', `/bots/${bot.runId}/leave`)).status, 409, 'it has already left')
  assert.is((await send(h, { joinUrl: MEET })).status, 201, 'a cancelled bot is not live')
})

s('leave: a bot in the meeting leaves within seconds and what it recorded is processed', async () => {
  // 50 times real time: the scripted meeting (about 45 s) lasts about a second, long enough to ask mid-way.
  const runner = createSimulatedBotRunner({ clock: { now: () => new Date('2026-06-01T12:00:00.000Z') }, logger: pino({ level: 'silent' }), speed: 50, audio: false, joinMs: 0, waitMs: 0 })
  const h = await startHarness({ ports: { botRunner: runner } })
  try {
    const bot = (await send(h, { joinUrl: MEET })).body.data
    const drained = h.worker.drain()
    for (let i = 0; i < 200 && (await recording(h, bot.runId)).state !== 'recording'; i++) await new Promise((r) => setTimeout(r, 5))
    await new Promise((r) => setTimeout(r, 250)) // about 12 s of meeting: a few lines were said
    const asked = await h.request('POST', `/bots/${bot.runId}/leave`)
    assert.is(asked.status, 200)
    assert.is(asked.body.data.state, 'recording')
    assert.ok(asked.body.data.leaveRequestedAt)
    await drained
    const done = await recording(h, bot.runId)
    assert.equal([done.state, done.detail], ['ready', 'The bot was asked to leave.'])
    const full = (await h.request('GET', `/recordings/${bot.runId}/transcript?limit=100`)).body.data.total
    assert.ok(full > 0 && full < 9, `a part of the nine lines was recorded (${full})`)
  } finally {
    await h.close()
  }
})

s('leave: unknown, another account\'s or malformed ids are 404/422; an upload has no bot (409)', async ({ h }) => {
  assert.is((await h.request('POST', '/bots/00000000-0000-4000-8000-000000000000/leave')).status, 404)
  const theirs = (await send(h, { joinUrl: MEET }, {}, h.keys.other)).body.data
  assert.is((await h.request('POST', `/bots/${theirs.runId}/leave`)).status, 404)
  assert.is((await h.request('POST', '/bots/not-a-uuid/leave')).status, 422)
  const upload = (await h.request('POST', '/uploads', { body: { filename: 'notes.vtt' } })).body.data
  const r = await h.request('POST', `/bots/${upload.runId}/leave`)
  assert.equal([r.status, r.body.error.code], [409, 'CONFLICT'])
})

for (const [outcome, state, detail, event] of [
  ['never_admitted', 'failed', /Nobody admitted/, 'bot.failed'],
  ['denied', 'failed', /refused entry/, 'bot.failed'],
  ['not_found', 'failed', /no meeting/, 'bot.failed'],
  ['removed', 'ready', /removed the bot/, 'recording.ready'],
  ['crash', 'ready', /stopped early: The simulated browser crashed/, 'recording.ready'],
] as const) {
  s(`a meeting that goes "${outcome}" ends the run ${state}, saying why`, async ({ h }) => {
    const bot = (await send(h, { joinUrl: `${MEET}?simulate=${outcome}` })).body.data
    await h.worker.drain()
    const done = await recording(h, bot.runId)
    assert.is(done.state, state)
    const run = (await h.request('POST', `/bots/${bot.runId}/leave`)).body
    assert.is(run.error.code, 'CONFLICT', 'a bot that has left cannot be recalled')
    const events = h.events.filter((e) => (e.data as { runId: string }).runId === bot.runId)
    assert.is(events[events.length - 1]!.type, event)
    const stored = events.find((e) => e.type === 'meeting.ended' || e.type === 'bot.failed')!
    assert.match(String((stored.data as { detail: string }).detail), detail)
    if (state === 'ready') assert.ok(done.transcript.length > 0 && done.transcript.length < 9, 'half the meeting was kept')
  })
}

s.run()
