import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ALICE, createHarness, ofType, terminalOf, type Harness } from './harness.js'

/** A meeting that offers no captions: the bot says so (live lines then come from its audio) and still records. */
const noCaptions = suite<{ h: Harness }>('bot-chromium: a meeting without captions')

noCaptions.before(async (ctx) => {
  ctx.h = await createHarness()
})
noCaptions.after(async (ctx) => {
  await ctx.h.close()
})

noCaptions('Google Meet with captions turned off by the host: `captions` shown false, no caption lines, audio recorded', async ({ h }) => {
  const { joinUrl } = await h.standins.script('google_meet', 'nop-capt-ion', {
    admission: { kind: 'admit', afterMs: 0 },
    participants: [ALICE],
    lines: [{ speaker: ALICE.name, text: 'Nobody can read this one, but the bot hears it.' }],
    firstLineAfterMs: 2_500,
    ending: { kind: 'hostEnds', afterMs: 500 },
    captions: false,
  })
  const run = h.start(h.runner(), 'google_meet', joinUrl)
  await run.finished
  assert.is(terminalOf(run.events).type, 'left')
  const said = ofType(run.events, 'captions')
  assert.equal(said.map((c) => c.shown), [false])
  assert.match(said[0]!.detail, /could not turn Google Meet captions on/)
  assert.equal([...ofType(run.events, 'caption'), ...ofType(run.events, 'partial')], [])
  assert.equal(ofType(run.events, 'speaker').map((s) => s.name), [ALICE.name])
  assert.ok(ofType(run.events, 'audio').length >= 3, 'the audio is recorded all the same')
  await h.assertNoLeftovers([run])
})

noCaptions.run()
