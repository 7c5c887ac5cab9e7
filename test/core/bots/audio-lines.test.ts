import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryLiveFeed } from '../../../adapters/stores/memory/live-feed.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { eventLog } from '../../../adapters/stores/memory/event-log.js'
import { memoryBlobStore } from '../../../adapters/stores/memory/blob-store.js'
import { memoryStores } from '../../../adapters/stores/memory/stores.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { liveLinesFromAudio } from '../../../src/core/bots/audio-lines.js'
import { runBot } from '../../../src/core/bots/run-bot.js'
import { run } from '../../../src/contracts/recording-stores.js'
import type { BotEvent, BotRunner } from '../../../src/core/ports/bot-runner.js'
import { type DecodingAudio, LIVE_SAMPLE_RATE, type LiveAudio } from '../../../src/core/ports/live-audio.js'
import type { AudioSource, Transcriber } from '../../../src/core/ports/transcriber.js'
import { right } from '../../support/run.js'

const AT = Date.parse('2026-05-11T09:00:00.000Z')
const RUN = 'run-1'

/** One second of the meeting as a chunk: speech (a loud tone) or silence. Chunks here are raw samples, "decoded" as they are. */
const second = (kind: 'speech' | 'silence'): Extract<BotEvent, { type: 'audio' }> => {
  const samples = new Int16Array(LIVE_SAMPLE_RATE)
  if (kind === 'speech') for (let i = 0; i < samples.length; i++) samples[i] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * i) / LIVE_SAMPLE_RATE))
  return { type: 'audio', at: AT, mimeType: 'audio/x-test', chunk: new Uint8Array(samples.buffer) }
}

/** A decoder that hands the chunks back as samples, and keeps windows in memory. */
const fakeAudio = () => {
  const decoded: string[] = []
  const problems: string[] = []
  const kept = new Map<string, Int16Array>()
  let files = 0
  const audio: LiveAudio = {
    decode: (mimeType) => {
      decoded.push(mimeType)
      const queue: Int16Array[] = []
      let ended = false
      let wake = () => {}
      const d: DecodingAudio = {
        write: (chunk) => {
          queue.push(new Int16Array(chunk.buffer.slice(chunk.byteOffset, chunk.byteOffset + chunk.byteLength)))
          wake()
        },
        end: () => {
          ended = true
          wake()
        },
        samples: (async function* () {
          for (;;) {
            const next = queue.shift()
            if (next !== undefined) yield next
            else if (ended) return
            else await new Promise<void>((r) => (wake = r))
          }
        })(),
      }
      return d
    },
    keep: async (samples) => {
      const path = `/tmp/window-${++files}.wav`
      kept.set(path, samples)
      return { path, remove: async () => void kept.delete(path) }
    },
    problem: (_runId, words) => void problems.push(words),
  }
  return { audio, decoded, problems, kept }
}

/** Says how long each window is; `hold` keeps it busy until released. */
const fakeEngine = (kept: Map<string, Int16Array>, o: { failFirst?: boolean } = {}) => {
  const heard: AudioSource[] = []
  let release = () => {}
  let held: Promise<void> | null = null
  const engine: Transcriber = {
    name: 'fake',
    available: true,
    transcribe: (audio) => () => {
      heard.push(audio)
      const samples = kept.get(audio.path)
      const ms = Math.round(((samples?.length ?? 0) / LIVE_SAMPLE_RATE) * 1000)
      const answer = async () => {
        if (held !== null) await held
        if (o.failFirst === true && heard.length === 1) return TE.left({ _tag: 'TranscriptionFailure' as const, message: 'the engine fell over' })()
        return TE.right({ utterances: [{ start_ms: 100, end_ms: ms - 100, speaker: audio.defaultSpeaker, text: `${ms} ms of speech` }], durationMs: ms })()
      }
      return answer()
    },
  }
  return {
    engine,
    heard,
    hold: () => {
      held = new Promise<void>((r) => (release = r))
    },
    release: () => {
      held = null
      release()
    },
  }
}

const setUp = (o: { failFirst?: boolean } = {}) => {
  const feed = memoryLiveFeed()
  const audio = fakeAudio()
  const engine = fakeEngine(audio.kept, o)
  const lines = liveLinesFromAudio({ liveFeed: feed, transcriber: engine.engine, liveAudio: audio.audio, clock: fixedClock(new Date(AT)) }, RUN)
  const published = async () => (await right(feed.since(RUN, 0, 100))).map((e) => ({ kind: e.kind, ...e.data }))
  return { feed, audio, engine, lines, published }
}

const meeting = (...kinds: ReadonlyArray<'speech' | 'silence'>) => kinds.map(second)

const lines = suite('live lines from the audio when the platform shows no captions')

lines('without captions, the audio (also what came before the runner said so) becomes finished lines, given to the active speaker', async () => {
  const { lines: l, audio, published } = setUp()
  l.take({ type: 'speaker', at: AT, offsetMs: 0, name: 'Ada' })
  // Ada speaks 0–3 s; a pause; Bob 4–6 s.
  for (const e of meeting('speech', 'speech')) l.take(e)
  l.take({ type: 'captions', at: AT, shown: false, detail: 'could not turn captions on' })
  l.take(second('speech'))
  l.take(second('silence'))
  l.take({ type: 'speaker', at: AT, offsetMs: 4_000, name: 'Bob' })
  for (const e of meeting('speech', 'speech')) l.take(e)
  await l.finish()
  assert.equal(audio.decoded, ['audio/x-test'], 'one decoder for the run')
  assert.equal(await published(), [
    { kind: 'utterance', speaker: 'Ada', text: '3160 ms of speech', startMs: 100, endMs: 3060, final: true },
    { kind: 'utterance', speaker: 'Bob', text: '2300 ms of speech', startMs: 3800, endMs: 5900, final: true },
  ])
  assert.equal(audio.kept.size, 0, 'every window file was removed')
  assert.equal(audio.problems, [])
})

lines('with captions (said, or seen), the audio is not decoded', async () => {
  for (const first of [
    { type: 'captions', at: AT, shown: true, detail: '' },
    { type: 'partial', at: AT, startMs: 0, speaker: 'Ada', text: 'Good' },
  ] satisfies BotEvent[]) {
    const { lines: l, audio, published } = setUp()
    l.take(second('speech'))
    l.take(first)
    l.take(second('speech'))
    l.take({ type: 'captions', at: AT, shown: false, detail: 'a late word does not change it' })
    l.take(second('speech'))
    await l.finish()
    assert.equal(audio.decoded, [])
    assert.equal(await published(), [])
  }
})

lines('captions turned on after lines came from the audio: the audio stops where they start, so nothing comes twice', async () => {
  const { lines: l, audio, published } = setUp()
  l.take({ type: 'speaker', at: AT, offsetMs: 0, name: 'Ada' })
  l.take({ type: 'captions', at: AT, shown: false, detail: 'captions are off' })
  // Ada speaks 0–2 s, a pause, then 3–5 s while the host turns captions on at 3 s.
  for (const e of meeting('speech', 'speech', 'silence', 'speech')) l.take(e)
  l.take({ type: 'partial', at: AT, startMs: 3_000, speaker: 'Ada', text: 'And now' })
  for (const e of meeting('speech', 'silence', 'speech', 'speech')) l.take(e)
  await l.finish()
  const said = await published()
  assert.equal(said.map((u) => (u as { startMs?: number }).startMs), [100], 'only the window before the captions')
  assert.match(audio.problems.join(' '), /captions appeared at 3000 ms: live lines come from them from now on/)
})

lines('a slow engine never holds up the bot: windows wait beside it, and the oldest are skipped, said so, when too many wait', async () => {
  const { lines: l, audio, engine, published } = setUp()
  engine.hold()
  l.take({ type: 'captions', at: AT, shown: false, detail: '' })
  // Five windows of 2 s speech and a pause each, all taken while the engine is busy with the first.
  for (let i = 0; i < 5; i++) for (const e of meeting('speech', 'speech', 'silence')) l.take(e)
  while (engine.heard.length === 0 || audio.problems.length === 0) await new Promise((r) => setImmediate(r))
  assert.is(engine.heard.length, 1, 'the engine works on one window at a time')
  engine.release()
  await l.finish()
  const said = await published()
  assert.is(said.length, 3, 'the first window, and the two newest that waited')
  assert.equal(audio.problems, ['the speech engine is behind the meeting: skipped 1 live window(s) from 2700 ms', 'the speech engine is behind the meeting: skipped 1 live window(s) from 5700 ms'])
})

lines('a window the engine fails on is told to the operator; the next ones still come', async () => {
  const { lines: l, audio, published } = setUp({ failFirst: true })
  l.take({ type: 'captions', at: AT, shown: false, detail: '' })
  for (const e of meeting('speech', 'speech', 'silence', 'speech', 'speech')) l.take(e)
  await l.finish()
  assert.is((await published()).length, 1)
  assert.equal(audio.problems, ['a live line from 0 ms was not transcribed: the engine fell over'])
  assert.equal(audio.kept.size, 0)
})

lines('a bot without captions: its runner is never held up by the engine, and the last lines go out before the end', async () => {
  const stores = memoryStores({ idempotencyRetentionMs: 60_000, newId: randomIds.uuid })
  const feed = memoryLiveFeed()
  const audio = fakeAudio()
  const engine = fakeEngine(audio.kept)
  engine.hold() // busy until the bot has left
  let delivered = 0
  const runner: BotRunner = {
    name: 'scripted',
    start: (_job, onEvent) => ({
      leave: async () => {},
      finished: (async () => {
        const script: BotEvent[] = [
          { type: 'joining', at: AT },
          { type: 'admitted', at: AT + 1_000 },
          { type: 'captions', at: AT + 1_500, shown: false, detail: 'could not turn captions on' },
          { type: 'speaker', at: AT + 1_000, offsetMs: 0, name: 'Ada' },
          ...meeting('speech', 'speech', 'speech', 'silence', 'speech', 'speech'),
          { type: 'left', at: AT + 8_000, reason: 'meeting_ended', detail: '' },
        ]
        for (const e of script) {
          await onEvent(e)
          delivered++
        }
      })(),
    }),
  }
  const bot = run(1, { origin: 'manual', state: 'queued', source: null, platform: 'google_meet', joinUrl: 'https://meet.google.com/abc-defg-hij' })
  await right(stores.runs.create(bot))
  const bots = { botName: 'Notetaker', leaveCheckMs: 5, wait: (ms: number) => new Promise<void>((r) => setTimeout(r, ms)) }
  const deps = { ...stores, blobs: memoryBlobStore(), events: eventLog(), clock: fixedClock(new Date(AT)), ids: randomIds, botRunner: runner, bots, liveFeed: feed, transcriber: engine.engine, liveAudio: audio.audio }
  await right(runBot(deps)({ accountId: bot.accountId, runId: bot.id }, { number: 1, last: false }))
  assert.is(delivered, 11, 'every event was taken while the engine was still busy')
  assert.ok(engine.heard.length >= 1)
  const kindsBefore = (await right(feed.since(bot.id, 0, 100))).map((e) => e.kind)
  assert.not.ok(kindsBefore.includes('end'), 'the end waits for the last lines')
  engine.release()
  while (!(await right(feed.since(bot.id, 0, 100))).some((e) => e.kind === 'end')) await new Promise((r) => setImmediate(r))
  const kinds = (await right(feed.since(bot.id, 0, 100))).map((e) => e.kind)
  assert.equal(kinds, ['state', 'state', 'speaker', 'utterance', 'utterance', 'end'])
})

lines.run()
