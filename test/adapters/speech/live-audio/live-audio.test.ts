import { execFile } from 'node:child_process'
import { access, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { ffmpegLiveAudio } from '../../../../adapters/speech/live-audio/index.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { LIVE_SAMPLE_RATE } from '../../../../src/core/ports/live-audio.js'
import { chunksOf, recordedDialogueWebm } from '../../../support/speech.js'

const run = promisify(execFile)
const quiet = pino({ level: 'silent' })

interface Ctx {
  dir: string
  webm: Buffer
  turns: Utterance[]
}
const live = suite<Ctx>('live audio: decoding as it comes, windows for the engine', {} as Ctx)

live.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'live-audio-test-'))
  Object.assign(ctx, await recordedDialogueWebm(ctx.dir))
})
live.after(async (ctx) => {
  await rm(ctx.dir, { recursive: true, force: true })
})

live('a WebM recording handed over in chunks is decoded whole, to 16 kHz samples', async (ctx) => {
  const decoding = ffmpegLiveAudio({ logger: quiet }).decode('audio/webm;codecs=opus')
  const counted = (async () => {
    let n = 0
    for await (const s of decoding.samples) n += s.length
    return n
  })()
  for (const c of chunksOf(ctx.webm)) decoding.write(c)
  decoding.end()
  const ms = ((await counted) / LIVE_SAMPLE_RATE) * 1000
  const spokenMs = ctx.turns[1]!.end_ms + 1200
  assert.ok(Math.abs(ms - spokenMs) < 100, `decoded ${ms} ms of ${spokenMs} ms`)
})

live('what ffmpeg cannot decode ends the samples with the reason, in words', async () => {
  const decoding = ffmpegLiveAudio({ logger: quiet }).decode('audio/webm;codecs=opus')
  decoding.write(new TextEncoder().encode('this is not a recording at all'.repeat(100)))
  decoding.end()
  try {
    for await (const _ of decoding.samples) {
      // nothing to hear
    }
    assert.unreachable('the samples should have failed')
  } catch (e) {
    assert.match(String(e), /ffmpeg could not decode the audio\/webm;codecs=opus audio/)
  }
})

live('a kept window is a WAV the engine reads, until removed', async () => {
  const kept = await ffmpegLiveAudio({ logger: quiet }).keep(new Int16Array(LIVE_SAMPLE_RATE))
  const { stdout } = await run('ffprobe', ['-v', 'error', '-show_entries', 'stream=sample_rate,channels', '-of', 'csv=p=0', kept.path])
  assert.is(stdout.trim(), '16000,1')
  await kept.remove()
  assert.is(await access(kept.path).then(() => true, () => false), false)
  assert.is(await access(dirname(kept.path)).then(() => true, () => false), false, 'its folder goes with it')
})

live.run()
