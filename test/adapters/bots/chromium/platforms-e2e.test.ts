import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { BotEvent, MeetingPlatform } from '../../../../src/core/ports/bot-runner.js'
import { probeAudio } from './audio-probe.js'
import { ALICE, BOB, createHarness, ofType, terminalOf, timeline, type Harness } from './harness.js'

/**
 * The real runner against each platform's stand-in, end to end: pre-join,
 * waiting room, admission, two remote speakers over WebRTC, captions, the host
 * ending the meeting; then the recording itself is decoded and checked.
 */
const e2e = suite<{ h: Harness }>('bot-chromium: a whole meeting on each platform')

e2e.before(async (ctx) => {
  ctx.h = await createHarness()
})
e2e.after(async (ctx) => {
  await ctx.h.close()
})

const LINES = [
  { speaker: ALICE.name, text: 'Good morning, let us look at the budget.' },
  { speaker: BOB.name, text: 'The numbers look fine to me.' },
  { speaker: ALICE.name, text: 'Great, then we ship on Friday.' },
]

const MEETINGS: ReadonlyArray<[MeetingPlatform, string]> = [
  ['google_meet', 'abc-defg-hij'],
  ['microsoft_teams', 'standinE2e'],
  ['zoom', '85012345678'],
]

/**
 * Each caption line was shown live while it grew: its partials (same speaker and start) come after
 * the line before it finished and before its own finished line, each a longer beginning of the
 * finished text, at most one per 250 ms; no partial belongs to no line.
 */
const assertLinesGrewLive = (events: ReadonlyArray<BotEvent>, captions: ReadonlyArray<Extract<BotEvent, { type: 'caption' }>>): void => {
  const lineOf = (e: { startMs: number; speaker: string }) => captions.findIndex((c) => c.startMs === e.startMs && c.speaker === e.speaker)
  let line = 0
  let shown: Array<Extract<BotEvent, { type: 'partial' }>> = []
  for (const e of events) {
    if (e.type === 'partial') {
      assert.is(lineOf(e), line, `the partial "${e.text}" belongs to the line being spoken (${line})`)
      shown.push(e)
    } else if (e.type === 'caption') {
      const texts = shown.map((p) => p.text)
      assert.ok(shown.length >= 2, `"${e.text}" grew live: ${JSON.stringify(texts)}`)
      shown.forEach((p, i) => {
        assert.ok(e.text.startsWith(p.text), `"${p.text}" begins "${e.text}"`)
        if (i > 0) {
          assert.ok(p.text.length > shown[i - 1]!.text.length, `partials only grow: ${JSON.stringify(texts)}`)
          assert.ok(p.at - shown[i - 1]!.at >= 250, `partials of a line at least 250 ms apart (${p.at - shown[i - 1]!.at} ms)`)
        }
      })
      line++
      shown = []
    }
  }
  assert.is(shown.length, 0, 'no partial after the last finished line')
}

for (const [platform, id] of MEETINGS) {
  e2e(`${platform}: joins, is admitted, attributes two speakers, records, leaves when the host ends`, async ({ h }) => {
    const { joinUrl, lines } = await h.standins.script(platform, id, {
      admission: { kind: 'admit', afterMs: 1_200 },
      participants: [ALICE, BOB],
      lines: LINES,
      firstLineAfterMs: 1_200,
      gapMs: 800,
      ending: { kind: 'hostEnds', afterMs: 800 },
    })
    const run = h.start(h.runner(), platform, joinUrl)
    await run.finished

    // The life, in order.
    const kinds = timeline(run.events)
    assert.equal(kinds.slice(0, 3), ['joining', 'waiting', 'admitted'])
    const end = terminalOf(run.events)
    assert.equal(end.type, 'left')
    assert.is(end.type === 'left' && end.reason, 'meeting_ended')

    // What the stand-in saw the bot do on its pre-join screen.
    const asked = h.standins.reports(platform, id).find((r) => r.event === 'asked-to-join')
    assert.equal(asked?.data, { name: 'Notetaker', camera: false, mic: false })
    assert.ok(h.standins.reports(platform, id).some((r) => r.event === 'captions-on'), 'the bot turned captions on')
    assert.equal(ofType(run.events, 'captions').map((c) => c.shown), [true], 'and said so')

    // Speakers: right names, right order, offsets increasing (checked against the audio below).
    const speakers = ofType(run.events, 'speaker')
    assert.equal(speakers.map((s) => s.name), LINES.map((l) => l.speaker))
    assert.ok(speakers.every((s, i) => i === 0 || s.offsetMs > speakers[i - 1]!.offsetMs))

    // Captions: one per line, named and in order, spanning the line.
    const captions = ofType(run.events, 'caption')
    assert.equal(captions.map((c) => [c.speaker, c.text]), LINES.map((l) => [l.speaker, l.text]))
    captions.forEach((c, i) => {
      assert.ok(c.endMs > c.startMs, 'a caption has a length')
      assert.ok(Math.abs(c.startMs - speakers[i]!.offsetMs) < 600, 'a caption starts with its speaker')
    })

    assertLinesGrewLive(run.events, captions)

    // Audio: the chunks form one playable WebM/Opus file as long as the call, with speech where the speakers were lit.
    const audio = ofType(run.events, 'audio')
    assert.ok(audio.length >= 5, `${audio.length} chunks`)
    assert.ok(audio.every((a) => a.mimeType === 'audio/webm;codecs=opus'))
    const probe = await probeAudio(Buffer.concat(audio.map((a) => a.chunk)))
    assert.is(probe.decodeErrors, '')
    assert.match(probe.container, /webm/)
    assert.is(probe.codec, 'opus')
    const admitted = ofType(run.events, 'admitted')[0]!
    const callSeconds = (end.at - admitted.at) / 1000
    assert.ok(Math.abs(probe.decodedSeconds - callSeconds) < 2.5, `decoded ${probe.decodedSeconds} s for a ${callSeconds} s call`)
    const spoken = probe.speech.reduce((sum, s) => sum + s.end - s.start, 0)
    const scripted = lines.reduce((sum, l) => sum + l.durationMs, 0) / 1000
    assert.ok(spoken > scripted * 0.6 && spoken < scripted * 1.2, `heard ${spoken.toFixed(2)} s of speech, scripted ${scripted.toFixed(2)} s`)
    for (const s of speakers) {
      // Both sides are on the bot's timeline (recording start = admission), so they must agree.
      const near = probe.speech.some((seg) => Math.abs(seg.start - s.offsetMs / 1000) < 1)
      assert.ok(near, `speech starts within 1 s of ${s.name} at ${s.offsetMs} ms (speech at ${JSON.stringify(probe.speech)})`)
    }

    await h.assertNoLeftovers([run])
  })
}

e2e.run()
