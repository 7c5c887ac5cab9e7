/**
 * As a user: a phone's mono voice memo (.m4a, AAC, whose MP4 header says two channels) comes
 * back as one speaker with each line once; a stereo call recording in .m4a still gets a speaker
 * per channel. Real pocketsphinx behind the channel wrapper, as the server wires it.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { withChannelSpeakers } from '../../adapters/speech/transcribe-channels/index.js'
import { createPocketsphinxTranscriber } from '../../adapters/speech/transcribe-pocketsphinx/index.js'
import { startHarness, type Harness } from '../support/http.js'
import { speakToWav, wavDurationMs } from '../support/speech.js'
import { upload } from './share-world.js'

const s = suite<{ h: Harness; dir: string }>('a voice memo and a call recording in .m4a')
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args])
const MONO = 'aformat=sample_fmts=s16:sample_rates=16000:channel_layouts=mono'

s.before(async (ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'notetaker-voice-memo-'))
  ctx.h = await startHarness({ ports: { transcriber: withChannelSpeakers(createPocketsphinxTranscriber()) } })
})
s.after(async ({ h, dir }) => {
  await h.close()
  rmSync(dir, { recursive: true, force: true })
})

const transcriptOf = async (h: Harness, runId: string) => {
  const detail = (await h.request('GET', `/recordings/${runId}?include=transcript`)).body.data
  assert.is(detail.state, 'ready', JSON.stringify(detail).slice(0, 400))
  return detail as { speakerSeparation: string; transcript: Array<{ start_ms: number; speaker: string; text: string }> }
}

s('a mono .m4a memo is one speaker, each line once', async ({ h, dir }) => {
  const wav = join(dir, 'memo.wav')
  const memo = join(dir, 'memo.m4a')
  await speakToWav('Remember to call the printer about the launch posters. Then book the meeting room for Friday.', wav)
  ffmpeg('-i', wav, '-c:a', 'aac', memo)
  const { runId } = await upload(h, h.keys.full, { filename: 'memo.m4a', bytes: readFileSync(memo), title: 'Voice memo' })
  const detail = await transcriptOf(h, runId)
  assert.ok(detail.transcript.length > 0)
  assert.equal([...new Set(detail.transcript.map((u) => u.speaker))], ['Speaker 1'])
  assert.is(detail.speakerSeparation, 'none')
  const starts = detail.transcript.map((u) => u.start_ms)
  assert.is(new Set(starts).size, starts.length, 'no line twice')
})

s('a stereo call in .m4a, a voice per channel, is two speakers', async ({ h, dir }) => {
  const left = join(dir, 'left.wav')
  const right = join(dir, 'right.wav')
  const call = join(dir, 'call.m4a')
  await speakToWav('Good morning everyone. Today we plan the launch of the new office.', left)
  await speakToWav('Thank you. I will send the numbers on Friday.', right, { voice: 'en-us+m3' })
  const leftMs = await wavDurationMs(left)
  ffmpeg('-i', left, '-i', right, '-filter_complex', `[0:a]apad,${MONO}[l];[1:a]adelay=${leftMs + 500},${MONO}[r];[l][r]amerge=inputs=2[a]`, '-map', '[a]', '-ac', '2', '-c:a', 'aac', call)
  const { runId } = await upload(h, h.keys.full, { filename: 'call.m4a', bytes: readFileSync(call), title: 'Call' })
  const detail = await transcriptOf(h, runId)
  assert.equal([...new Set(detail.transcript.map((u) => u.speaker))].sort(), ['Speaker 1', 'Speaker 2'])
  assert.is(detail.speakerSeparation, 'channels')
})

s.run()
