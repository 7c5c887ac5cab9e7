import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { listProcs, signal } from '../../../../adapters/bots/chromium/process-tree.js'
import { probeAudio } from './audio-probe.js'
import { ALICE, BOB, createHarness, ofType, terminalOf, timeline, type Harness, type Run } from './harness.js'

/** Every way out of a call once admitted, and what a crash leaves behind (nothing). */
const leaving = suite<{ h: Harness }>('bot-chromium: leaving a call')

leaving.before(async (ctx) => {
  ctx.h = await createHarness()
})
leaving.after(async (ctx) => {
  await ctx.h.close()
})

const until = async (what: string, check: () => boolean, timeoutMs = 20_000): Promise<void> => {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}
const reasonOf = (run: Run): string => {
  const end = terminalOf(run.events)
  return `${end.type}:${end.reason}`
}

const admitAtOnce = { kind: 'admit', afterMs: 0 } as const
const talk = {
  participants: [ALICE, BOB],
  lines: [
    { speaker: ALICE.name, text: 'Let us start with the roadmap.' },
    { speaker: BOB.name, text: 'I have two questions about it.' },
  ],
  firstLineAfterMs: 600,
  gapMs: 500,
} as const

leaving('leave() mid-call: hangs up, keeps the audio so far, reports asked_to_leave', async ({ h }) => {
  const { joinUrl } = await h.standins.script('google_meet', 'lea-vexm-idc', {
    ...talk, admission: admitAtOnce, ending: { kind: 'continue' },
  })
  const run = h.start(h.runner(), 'google_meet', joinUrl)
  await until('the first speaker', () => ofType(run.events, 'speaker').length > 0)
  await new Promise((r) => setTimeout(r, 1_500))
  await run.leave()
  await run.finished
  assert.is(reasonOf(run), 'left:asked_to_leave')
  assert.ok(!timeline(run.events).includes('waiting'), 'no waiting room when admitted at once')
  assert.ok(h.standins.reports('google_meet', 'lea-vexm-idc').some((r) => r.event === 'bot-left'), 'the bot clicked the leave button')
  const probe = await probeAudio(Buffer.concat(ofType(run.events, 'audio').map((a) => a.chunk)))
  assert.is(probe.decodeErrors, '')
  assert.ok(probe.speech.length >= 1, 'the speech before leaving was recorded')
  await h.assertNoLeftovers([run])
})

leaving('everyone else leaves: the bot leaves after the alone timeout', async ({ h }) => {
  const { joinUrl } = await h.standins.script('microsoft_teams', 'aloneTest', {
    ...talk, admission: admitAtOnce, ending: { kind: 'everyoneLeaves', afterMs: 300 },
  })
  const run = h.start(h.runner({ aloneTimeoutMs: 1_500 }), 'microsoft_teams', joinUrl)
  await run.finished
  assert.is(reasonOf(run), 'left:alone')
  assert.match(terminalOf(run.events).detail, /only participant for \d+ s/)
  const everyoneLeft = h.standins.reports('microsoft_teams', 'aloneTest').find((r) => r.event === 'everyone-left')!
  const leftAt = terminalOf(run.events).at
  assert.ok(leftAt - everyoneLeft.at >= 1_000, 'it waited out the alone timeout (1.5 s) rather than leaving at once')
  await h.assertNoLeftovers([run])
})

leaving('a participant removes the bot → left removed', async ({ h }) => {
  const { joinUrl } = await h.standins.script('zoom', '82222222222', {
    ...talk, lines: [], admission: admitAtOnce, ending: { kind: 'removeBot', afterMs: 500 },
  })
  const run = h.start(h.runner(), 'zoom', joinUrl)
  await run.finished
  assert.is(reasonOf(run), 'left:removed')
  assert.match(terminalOf(run.events).detail, /You have been removed/)
  await h.assertNoLeftovers([run])
})

leaving('the call screen turns into an unknown page → left meeting_ended after the page timeout', async ({ h }) => {
  const { joinUrl } = await h.standins.script('zoom', '84444444444', {
    ...talk, lines: [], admission: admitAtOnce, ending: { kind: 'vanish', afterMs: 300 },
  })
  // Long enough for the join page to load on a busy machine (a page still loading shows nothing known either).
  const run = h.start(h.runner({ pageTimeoutMs: 5_000 }), 'zoom', joinUrl)
  await run.finished
  assert.is(reasonOf(run), 'left:meeting_ended')
  assert.match(terminalOf(run.events).detail, /call screen went away/)
  await h.assertNoLeftovers([run])
})

leaving('the maximum duration is reached → left max_duration', async ({ h }) => {
  const { joinUrl } = await h.standins.script('google_meet', 'max-dura-tio', {
    ...talk, admission: admitAtOnce, ending: { kind: 'continue' },
  })
  const run = h.start(h.runner({ maxDurationMs: 2_500 }), 'google_meet', joinUrl)
  await run.finished
  assert.is(reasonOf(run), 'left:max_duration')
  const admitted = ofType(run.events, 'admitted')[0]!
  const end = terminalOf(run.events)
  assert.ok(end.at - admitted.at >= 2_500, `stayed the full ${end.at - admitted.at} ms`)
  await h.assertNoLeftovers([run])
})

leaving('leave() in the waiting room → left asked_to_leave without ever being admitted', async ({ h }) => {
  const { joinUrl } = await h.standins.script('zoom', '83333333333', {
    ...talk, admission: { kind: 'never' }, ending: { kind: 'continue' },
  })
  const run = h.start(h.runner(), 'zoom', joinUrl)
  await until('the waiting room', () => timeline(run.events).includes('waiting'))
  await run.leave()
  await run.finished
  assert.equal(timeline(run.events), ['joining', 'waiting', 'left'])
  assert.match(terminalOf(run.events).detail, /before being admitted/)
  await h.assertNoLeftovers([run])
})

leaving('the browser is killed mid-call → failed crashed, audio up to then kept, nothing left behind', async ({ h }) => {
  const { joinUrl } = await h.standins.script('microsoft_teams', 'crashTest', {
    ...talk, admission: admitAtOnce, ending: { kind: 'continue' },
  })
  const run = h.start(h.runner(), 'microsoft_teams', joinUrl)
  await until('two audio chunks', () => ofType(run.events, 'audio').length >= 2)
  const [pid] = [...run.pids]
  assert.ok(pid !== undefined)
  signal(pid, 'SIGKILL')
  await run.finished
  assert.is(reasonOf(run), 'failed:crashed')
  assert.match(terminalOf(run.events).detail, /browser exited unexpectedly|went away|closed/)
  await h.assertNoLeftovers([run])
})

leaving('the page renderer dies mid-call → failed crashed, nothing left behind', async ({ h }) => {
  const { joinUrl } = await h.standins.script('google_meet', 'ren-derx-crs', {
    ...talk, admission: admitAtOnce, ending: { kind: 'continue' },
  })
  const run = h.start(h.runner(), 'google_meet', joinUrl)
  await until('being admitted', () => timeline(run.events).includes('admitted'))
  const renderers = listProcs().filter((p) => p.state !== 'Z' && p.cmdline.includes(h.profileRoot) && p.cmdline.includes('--type=renderer'))
  assert.ok(renderers.length > 0, 'found the renderers')
  for (const r of renderers) signal(r.pid, 'SIGKILL')
  await run.finished
  assert.is(reasonOf(run), 'failed:crashed')
  assert.match(terminalOf(run.events).detail, /crashed/)
  await h.assertNoLeftovers([run])
})

leaving.run()
