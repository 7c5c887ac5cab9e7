import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ffmpegLiveAudio } from '../../../adapters/speech/live-audio/index.js'
import { createPocketsphinxTranscriber } from '../../../adapters/speech/transcribe-pocketsphinx/index.js'
import { memoryLiveFeed } from '../../../adapters/stores/memory/live-feed.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { liveLinesFromAudio } from '../../../src/core/bots/audio-lines.js'
import type { Utterance } from '../../../src/core/domain/recordings/utterance.js'
import { right } from '../../support/run.js'
import { chunksOf, recordedDialogueWebm } from '../../support/speech.js'

const run = promisify(execFile)
const quiet = pino({ level: 'silent' })

interface Ctx {
  dir: string
  webm: Buffer
  turns: Utterance[]
}
/** Live lines from the audio with the real pieces: ffmpeg decoding a WebM recording in chunks, PocketSphinx, the memory feed. */
const live = suite<Ctx>('live lines from the audio, with ffmpeg and PocketSphinx', {} as Ctx)

live.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'audio-lines-test-'))
  Object.assign(ctx, await recordedDialogueWebm(ctx.dir))
})
live.after(async (ctx) => {
  await rm(ctx.dir, { recursive: true, force: true })
})

live('with PocketSphinx: the meeting without captions becomes live lines inside each turn, by its speaker', async (ctx) => {
  const feed = memoryLiveFeed()
  const deps = { liveFeed: feed, transcriber: createPocketsphinxTranscriber(), liveAudio: ffmpegLiveAudio({ logger: quiet }), clock: fixedClock(new Date()) }
  const lines = liveLinesFromAudio(deps, 'run-1')
  lines.take({ type: 'captions', at: 0, shown: false, detail: 'the platform shows no captions' })
  for (const turn of ctx.turns) lines.take({ type: 'speaker', at: 0, offsetMs: turn.start_ms, name: turn.speaker })
  for (const chunk of chunksOf(ctx.webm)) lines.take({ type: 'audio', at: 0, mimeType: 'audio/webm;codecs=opus', chunk })
  await lines.finish()
  const said = (await right(feed.since('run-1', 0, 100))).map((e) => e.data as { speaker: string; text: string; startMs: number; endMs: number; final: boolean })
  assert.ok(said.length >= 2, JSON.stringify(said))
  const SLACK_MS = 400
  for (const line of said) {
    assert.is(line.final, true)
    assert.ok(line.text !== '')
    const turn = ctx.turns.find((t) => line.startMs >= t.start_ms - SLACK_MS && line.endMs <= t.end_ms + SLACK_MS)
    assert.ok(turn !== undefined, `${JSON.stringify(line)} lies inside a spoken turn`)
    assert.is(line.speaker, turn!.speaker)
  }
  for (const turn of ctx.turns) assert.ok(said.some((l) => l.speaker === turn.speaker), `${turn.speaker} was heard live`)
  await feed.close()
})

live.run()
