import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { pino } from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createSimulatedBotRunner, readScript } from '../../../../adapters/bots/simulated/runner.js'
import { readWavPcm } from '../../../../adapters/bots/simulated/speech.js'
import type { BotEvent } from '../../../../src/core/ports/bot-runner.js'

const clock = { now: () => new Date('2026-06-01T12:00:00.000Z') }
const START = clock.now().getTime()
const logger = pino({ level: 'silent' })
const MEET = 'https://meet.google.com/abc-defg-hij'
const script = [
  { speaker: 'Ada', text: 'Hello Bob.' },
  { speaker: 'Bob', text: 'Hello Ada, the report is done.' },
  { speaker: 'Ada', text: 'Great, thanks.' },
]

const play = async (options: Parameters<typeof createSimulatedBotRunner>[0], joinUrl = MEET) => {
  const events: BotEvent[] = []
  const session = createSimulatedBotRunner(options).start({ runId: 'r1', joinUrl, platform: 'google_meet', botName: 'Notetaker' }, async (e) => {
    events.push(e)
  })
  await session.finished
  return events
}
const kinds = (events: BotEvent[]) => events.filter((e) => e.type !== 'audio').map((e) => e.type)

const s = suite('simulated bot runner')

s('a meeting that ends: the life of a real bot, in meeting time', async () => {
  const events = await play({ clock, logger, script, speed: Number.POSITIVE_INFINITY, audio: false, joinMs: 1000, waitMs: 2000 })
  assert.equal(kinds(events).filter((k) => k !== 'partial'), ['joining', 'waiting', 'admitted', 'speaker', 'caption', 'speaker', 'caption', 'speaker', 'caption', 'left'])
  assert.equal(events.slice(0, 3).map((e) => e.at - START), [0, 1000, 3000])
  const captions = events.filter((e) => e.type === 'caption')
  assert.equal(captions.map((c) => c.type === 'caption' && [c.speaker, c.text]), script.map((l) => [l.speaker, l.text]))
  const last = events[events.length - 1]!
  assert.ok(last.type === 'left' && last.reason === 'meeting_ended')
  // While a line is spoken its caption grows, three words at a time: each partial begins the finished line that follows it.
  const partials = events.flatMap((e, i) => (e.type === 'partial' ? [{ e, next: events.slice(i + 1).find((n) => n.type === 'caption') }] : []))
  assert.ok(partials.length >= 1, 'lines longer than three words are shown as they grow')
  for (const { e, next } of partials) {
    assert.ok(e.type === 'partial' && next?.type === 'caption' && next.text.startsWith(e.text) && next.speaker === e.speaker && next.startMs === e.startMs, JSON.stringify(e))
  }
})

s('with espeak-ng the chunks form one WAV of the whole meeting, with speech where the captions are', async () => {
  const events = await play({ clock, logger, script, speed: Number.POSITIVE_INFINITY })
  const chunks = events.flatMap((e) => (e.type === 'audio' ? [e] : []))
  assert.ok(chunks.length > 3 && chunks.every((c) => c.mimeType === 'audio/wav'))
  const wav = Buffer.concat(chunks.map((c) => c.chunk))
  const pcm = readWavPcm(wav)
  const seconds = pcm.samples.length / pcm.sampleRate
  const admitted = events.find((e) => e.type === 'admitted')!.at
  const left = events[events.length - 1]!.at
  assert.ok(Math.abs(seconds - (left - admitted) / 1000) < 1.1, `${seconds} s of audio for a ${(left - admitted) / 1000} s meeting`)
  const file = join(mkdtempSync(join(tmpdir(), 'notetaker-sim-test-')), 'meeting.wav')
  writeFileSync(file, wav)
  const probe = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file]).toString()
  rmSync(dirname(file), { recursive: true, force: true })
  assert.ok(Math.abs(Number(probe) - seconds) < 0.1, `ffprobe reads it: ${probe}`)
  const caption = events.find((e) => e.type === 'caption')!
  if (caption.type !== 'caption') throw new Error('unreachable')
  const loud = (fromMs: number, toMs: number) => {
    const part = pcm.samples.subarray(Math.round((fromMs / 1000) * pcm.sampleRate), Math.round((toMs / 1000) * pcm.sampleRate))
    return part.reduce((m, v) => Math.max(m, Math.abs(v)), 0)
  }
  assert.ok(loud(caption.startMs, caption.endMs) > 1000, 'speech during the first caption')
  assert.is(loud(0, caption.startMs - 50), 0, 'silence before it')
})

for (const [outcome, expected] of [
  ['never_admitted', ['joining', 'waiting', 'failed']],
  ['denied', ['joining', 'waiting', 'failed']],
  ['not_found', ['joining', 'failed']],
  ['removed', ['joining', 'waiting', 'admitted', 'speaker', 'caption', 'speaker', 'left']],
  ['crash', ['joining', 'waiting', 'admitted', 'speaker', 'caption', 'speaker', 'failed']],
] as const) {
  s(`outcome ${outcome}, chosen by the link's ?simulate=`, async () => {
    const events = await play({ clock, logger, script, speed: Number.POSITIVE_INFINITY, audio: false }, `${MEET}?simulate=${outcome}`)
    assert.equal(kinds(events).slice(0, expected.length - 1), expected.slice(0, -1))
    assert.is(events[events.length - 1]!.type, expected[expected.length - 1])
  })
}

s('leave() ends the meeting at once with asked_to_leave', async () => {
  const events: BotEvent[] = []
  const session = createSimulatedBotRunner({ clock, logger, script, speed: 1, audio: false, joinMs: 0, waitMs: 0 }).start(
    { runId: 'r1', joinUrl: MEET, platform: 'google_meet', botName: 'Notetaker' },
    async (e) => void events.push(e),
  )
  await new Promise((r) => setTimeout(r, 50))
  await session.leave()
  await session.finished
  const last = events[events.length - 1]!
  assert.ok(last.type === 'left' && last.reason === 'asked_to_leave', JSON.stringify(last))
  assert.not.ok(events.some((e) => e.type === 'caption'), 'it left before the first line ended')
})

s('a script file must hold utterances with speaker and text', () => {
  assert.throws(() => readScript(new URL('../../../../package.json', import.meta.url).pathname), /must hold/)
  assert.is(readScript(new URL('../../../../adapters/bots/simulated/script.json', import.meta.url).pathname).length, 9)
})

s.run()
