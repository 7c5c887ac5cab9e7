import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import pino from 'pino'
import { ffmpegLiveAudio } from '../../../../adapters/speech/live-audio/index.js'
import { createPocketsphinxTranscriber } from '../../../../adapters/speech/transcribe-pocketsphinx/index.js'
import type { BotEvent, BotRunner } from '../../../../src/core/ports/bot-runner.js'
import { startHarness, type Harness as Api } from '../../../support/http.js'
import { readEvents } from '../../../support/sse.js'
import { ALICE, BOB, createHarness, type Harness } from './harness.js'

/**
 * The real Chromium bot through the whole service: POST /bots with a Google
 * Meet link (routed to the stand-in), the engine turns the bot's events into
 * the run, and processing makes the notes. What the recording says is checked
 * against what the bot reported.
 */
const s = suite<{ bots: Harness; api: Api; seen: BotEvent[] }>('bot-chromium through the service: POST /bots to notes')

s.before(async (ctx) => {
  ctx.bots = await createHarness()
  const runner = ctx.bots.runner()
  ctx.seen = []
  // Watches the events the engine receives, to compare the run's timing fields with them.
  const watched: BotRunner = { name: runner.name, start: (job, onEvent) => runner.start(job, async (e) => (ctx.seen.push(e), onEvent(e))) }
  ctx.api = await startHarness({ ports: { botRunner: watched, transcriber: createPocketsphinxTranscriber(), liveAudio: ffmpegLiveAudio({ logger: pino({ level: 'silent' }) }) } })
})
s.after(async (ctx) => {
  await ctx.api.close()
  await ctx.bots.close()
})

const LINES = [
  { speaker: ALICE.name, text: 'Good morning. Bob, please send the budget report by Friday.' },
  { speaker: BOB.name, text: 'Yes, I will send the budget report on Friday.' },
  { speaker: ALICE.name, text: 'Thanks. Then we ship the release next week.' },
]

s('a Meet bot records audio, a transcript by the two speakers, notes and timings that match what happened', async ({ bots, api, seen }) => {
  const { joinUrl } = await bots.standins.script('google_meet', 'qrs-tuvw-xyz', {
    admission: { kind: 'admit', afterMs: 2_000 },
    participants: [ALICE, BOB],
    lines: LINES,
    firstLineAfterMs: 1_000,
    gapMs: 700,
    ending: { kind: 'hostEnds', afterMs: 800 },
  })
  const sent = await api.request('POST', '/bots', { body: { joinUrl, title: 'Budget' } })
  assert.is(sent.status, 201, JSON.stringify(sent.body))
  // A client watches the meeting live while the bot is in it.
  const stream = await fetch(`${api.url}/ext/v1/bots/${sent.body.data.runId}/live`, { headers: { authorization: `Bearer ${api.keys.full}` } })
  const watching = readEvents(stream, { stop: (e) => e.event === 'end', timeoutMs: 120_000 })
  await api.worker.drain()
  const live = await watching

  const r = (await api.request('GET', `/recordings/${sent.body.data.runId}?include=transcript`)).body.data
  assert.is(r.state, 'ready', r.detail)
  assert.equal(r.transcript.map((u: { speaker: string }) => u.speaker), LINES.map((l) => l.speaker))
  assert.match(r.transcript[0].text, /budget report/i)
  assert.ok(r.actionItems.some((a: { title: string }) => /budget report/i.test(a.title)), JSON.stringify(r.actionItems))
  assert.equal(r.speakers.map((x: { name: string }) => x.name).sort(), [ALICE.name, BOB.name])

  // Live: each line came as it was spoken (partials, then the finished line), and the transcript holds every finished line streamed.
  const streamed = live.filter((e) => e.event === 'utterance').map((e) => JSON.parse(e.data) as { speaker: string; text: string; final: boolean })
  assert.equal(streamed.map((u) => [u.speaker, u.text, u.final]), r.transcript.map((u: { speaker: string; text: string }) => [u.speaker, u.text, true]))
  assert.ok(live.some((e) => e.event === 'partial'), `partial lines came first: ${live.map((e) => e.event).join(' ')}`)
  assert.ok(live.some((e) => e.event === 'state' && (JSON.parse(e.data) as { state: string }).state === 'recording'), 'the bot said it was recording')
  assert.equal(JSON.parse(live.at(-1)!.data).outcome, 'left', 'the stream ends with the bot leaving')

  const at = (type: BotEvent['type']) => seen.find((e) => e.type === type)!.at
  assert.is(r.joinedAt, new Date(at('admitted')).toISOString())
  assert.is(r.waitedSeconds, Math.round((at('admitted') - at('waiting')) / 1000))
  assert.ok(r.waitedSeconds >= 1 && r.waitedSeconds <= 4, `waited about the stand-in's 2 s (${r.waitedSeconds})`)
  assert.is(r.endedAt, new Date(at('left')).toISOString())
  assert.is(r.recordingSeconds, Math.round((at('left') - at('admitted')) / 1000))

  const audio = await fetch(`${api.url}/ext/v1/recordings/${r.runId}/audio`, { headers: { authorization: `Bearer ${api.keys.full}`, range: 'bytes=0-3' } })
  assert.equal([audio.status, audio.headers.get('content-type')], [206, 'audio/webm;codecs=opus'])
  assert.equal([...new Uint8Array(await audio.arrayBuffer())], [0x1a, 0x45, 0xdf, 0xa3], 'a WebM (EBML) file')
  await bots.assertNoLeftovers([])
})

s('a Meet meeting without captions is still watched live: its audio becomes lines, given to the person speaking', async ({ bots, api }) => {
  const { joinUrl } = await bots.standins.script('google_meet', 'nop-live-aud', {
    admission: { kind: 'admit', afterMs: 0 },
    participants: [ALICE, BOB],
    lines: LINES,
    firstLineAfterMs: 2_500,
    gapMs: 1_200,
    ending: { kind: 'hostEnds', afterMs: 1_500 },
    captions: false,
  })
  const sent = await api.request('POST', '/bots', { body: { joinUrl, title: 'No captions' } })
  assert.is(sent.status, 201, JSON.stringify(sent.body))
  const stream = await fetch(`${api.url}/ext/v1/bots/${sent.body.data.runId}/live`, { headers: { authorization: `Bearer ${api.keys.full}` } })
  const watching = readEvents(stream, { stop: (e) => e.event === 'end', timeoutMs: 180_000 })
  await api.worker.drain()
  const live = await watching
  const lines = live.filter((e) => e.event === 'utterance').map((e) => JSON.parse(e.data) as { speaker: string; text: string; final: boolean })
  assert.ok(lines.length >= 1, `lines came from the audio: ${live.map((e) => e.event).join(' ')}`)
  for (const l of lines) {
    assert.ok([ALICE.name, BOB.name].includes(l.speaker), `given to a speaker of the meeting: ${JSON.stringify(l)}`)
    assert.ok(l.final && l.text.trim() !== '', JSON.stringify(l))
  }
  assert.not.ok(live.some((e) => e.event === 'partial'), 'no partial lines without captions')
  assert.equal(JSON.parse(live.at(-1)!.data).outcome, 'left')
  await bots.assertNoLeftovers([])
})

s.run()
