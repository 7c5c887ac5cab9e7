import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { Scenario } from '../../../../adapters/bots/chromium/standins/scenario.js'
import { ALICE, createHarness, ofType, terminalOf, timeline, type Harness } from './harness.js'

/** maxConcurrentBots with the real runner: a FIFO queue, its depth in stats(), leaving from the queue, close(). */
const queue = suite<{ h: Harness }>('bot-chromium: concurrency limit and queue')

queue.before(async (ctx) => {
  ctx.h = await createHarness()
})
queue.after(async (ctx) => {
  await ctx.h.close()
})

const short: Scenario = { admission: { kind: 'admit', afterMs: 0 }, participants: [ALICE], lines: [], firstLineAfterMs: 300, ending: { kind: 'hostEnds', afterMs: 700 } }
const endless: Scenario = { ...short, ending: { kind: 'continue' } }
const until = async (check: () => boolean): Promise<void> => {
  while (!check()) await new Promise((r) => setTimeout(r, 50))
}

queue('with one slot, later bots wait in FIFO order and join only when the slot frees', async ({ h }) => {
  const runner = h.runner({ maxConcurrentBots: 1 })
  const links = await Promise.all(['que-ueon-eee', 'que-uetw-ooo', 'que-ueth-ree'].map(async (id) => (await h.standins.script('google_meet', id, short)).joinUrl))
  const runs = links.map((link, i) => h.start(runner, 'google_meet', link, `queued-${i}`))
  let stats = runner.stats()
  assert.equal([stats.running, stats.queued], [1, 2])
  await until(() => runner.stats().bots[0]!.phase !== 'queued')
  assert.equal(runner.stats().bots.slice(1).map((b) => b.phase), ['queued', 'queued'])
  // Depth goes down by one as each bot gets its turn.
  await until(() => timeline(runs[1]!.events).includes('joining'))
  stats = runner.stats()
  assert.equal([stats.running, stats.queued], [1, 1])
  await Promise.all(runs.map((r) => r.finished))
  for (const run of runs) assert.is(terminalOf(run.events).type === 'left' && terminalOf(run.events).reason, 'meeting_ended')
  // Strictly one after the other: each joins after the previous one decided to leave.
  for (let i = 1; i < runs.length; i++) {
    const previousLeft = terminalOf(runs[i - 1]!.events).at
    const joined = ofType(runs[i]!.events, 'joining')[0]!.at
    assert.ok(joined >= previousLeft, `bot ${i} joined after bot ${i - 1} left`)
  }
  assert.equal(runner.stats().running + runner.stats().queued, 0)
  await h.assertNoLeftovers(runs)
})

queue('leave() while queued: leaves without joining; the queue moves on', async ({ h }) => {
  const runner = h.runner({ maxConcurrentBots: 1 })
  const first = await h.standins.script('google_meet', 'fir-stxx-bot', short)
  const second = await h.standins.script('google_meet', 'sec-ondx-bot', short)
  const a = h.start(runner, 'google_meet', first.joinUrl)
  const b = h.start(runner, 'google_meet', second.joinUrl)
  assert.is(runner.stats().queued, 1)
  await b.leave()
  await b.finished
  assert.equal(timeline(b.events), ['left'])
  assert.match(terminalOf(b.events).detail, /never joined/)
  assert.is(runner.stats().queued, 0)
  await a.finished
  assert.is(terminalOf(a.events).type, 'left')
  await h.assertNoLeftovers([a, b])
})

queue('maxQueuedBots: a start beyond the queue fails at once with capacity', async ({ h }) => {
  const runner = h.runner({ maxConcurrentBots: 1, maxQueuedBots: 0 })
  const { joinUrl } = await h.standins.script('google_meet', 'cap-acit-yxx', short)
  const a = h.start(runner, 'google_meet', joinUrl)
  const b = h.start(runner, 'google_meet', joinUrl)
  await b.finished
  assert.equal(timeline(b.events), ['failed'])
  assert.is(terminalOf(b.events).type === 'failed' && terminalOf(b.events).reason, 'capacity')
  await a.finished
  await h.assertNoLeftovers([a, b])
})

queue('close(): running bots leave, queued ones never join, later starts are refused', async ({ h }) => {
  const runner = h.runner({ maxConcurrentBots: 1 })
  const { joinUrl } = await h.standins.script('google_meet', 'clo-sexx-all', endless)
  const a = h.start(runner, 'google_meet', joinUrl)
  const b = h.start(runner, 'google_meet', joinUrl)
  await until(() => timeline(a.events).includes('admitted'))
  await runner.close()
  assert.is(terminalOf(a.events).type === 'left' && terminalOf(a.events).reason, 'asked_to_leave')
  assert.equal(timeline(b.events), ['left'])
  const c = h.start(runner, 'google_meet', joinUrl)
  await c.finished
  assert.is(terminalOf(c.events).type === 'failed' && terminalOf(c.events).reason, 'capacity')
  await h.assertNoLeftovers([a, b, c])
})

queue.run()
