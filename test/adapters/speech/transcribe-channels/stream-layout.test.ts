/**
 * The channel layout comes from the decoded stream, whatever the container's header says:
 * ffmpeg's mono AAC in .m4a/.mp4 (a phone's voice memo, most screen recordings) says two
 * channels in its MP4 header and must still be transcribed once, as one speaker. Every file
 * here is made by the test with espeak-ng and ffmpeg.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { parseFile } from 'music-metadata'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type ChannelLayout, channelLayout, decideLayout, measureChannels, SILENT_DBFS, withChannelSpeakers } from '../../../../adapters/speech/transcribe-channels/index.js'
import type { AudioSource, Transcriber } from '../../../../src/core/ports/transcriber.js'
import { right } from '../../../support/run.js'
import { speakToWav, wavDurationMs } from '../../../support/speech.js'

const dir = mkdtempSync(join(tmpdir(), 'notetaker-stream-layout-test-'))
const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args])
const at = (name: string) => join(dir, name)

const MONO = 'aformat=sample_fmts=s16:sample_rates=16000:channel_layouts=mono'
/** The sources every encoded file is made from: one voice (mono), a call (a voice per channel), the voice twice, the voice with a silent channel. */
const SOURCES = { mono: at('voice.wav'), call: at('call.wav'), dual: at('dual.wav'), halfSilent: at('half-silent.wav') } as const
type Source = keyof typeof SOURCES

/** How each format is made, as a user's tools make it; `video` adds a picture track before the audio. */
const FORMATS = [
  { ext: 'm4a', args: ['-c:a', 'aac'] },
  { ext: 'mp4', args: ['-c:a', 'aac'] },
  { ext: 'ogg', args: ['-c:a', 'libopus'] },
  { ext: 'opus', args: ['-c:a', 'libopus'] },
  { ext: 'flac', args: ['-c:a', 'flac'] },
  { ext: 'webm', args: ['-c:v', 'libvpx', '-b:v', '50k', '-c:a', 'libopus'], video: true },
] as const

const encoded = new Set<string>()
/** The source in the format, made once. */
const encode = (source: Source, format: (typeof FORMATS)[number]): string => {
  const out = at(`${source}.${format.ext}`)
  if (encoded.has(out)) return out
  encoded.add(out)
  const video = 'video' in format ? ['-f', 'lavfi', '-i', 'color=c=blue:size=64x64:rate=5', '-map', '0:v', '-map', '1:a', '-shortest'] : []
  const input = ['-i', SOURCES[source]]
  ffmpeg(...(video.length > 0 ? [...video.slice(0, 4), ...input, ...video.slice(4)] : input), ...format.args, out)
  return out
}

const layouts = suite('channel layout from the decoded stream')

layouts.before(async () => {
  await speakToWav('Good morning everyone. Today we plan the launch of the new office.', at('left.wav'))
  await speakToWav('Thank you. I will send the numbers on Friday.', at('right.wav'), { voice: 'en-us+m3' })
  const leftMs = await wavDurationMs(at('left.wav'))
  // The voice memo exactly as the issue makes it: `ffmpeg -i any.wav -c:a aac mono.m4a` starts from a mono WAV.
  ffmpeg('-i', at('left.wav'), '-af', MONO, SOURCES.mono)
  // A call recorder's file: the first voice on the left, then the second on the right.
  ffmpeg('-i', at('left.wav'), '-i', at('right.wav'), '-filter_complex', `[0:a]apad,${MONO}[l];[1:a]adelay=${leftMs + 500},${MONO}[r];[l][r]amerge=inputs=2[a]`, '-map', '[a]', '-ac', '2', SOURCES.call)
  ffmpeg('-i', SOURCES.mono, '-ac', '2', SOURCES.dual)
  ffmpeg('-i', SOURCES.mono, '-filter_complex', `[0:a]${MONO}[l];anullsrc=r=16000:cl=mono[z];[l][z]amerge=inputs=2[a]`, '-map', '[a]', SOURCES.halfSilent)
})
layouts.after(() => rmSync(dir, { recursive: true, force: true }))

layouts('the trap: ffmpeg\'s mono AAC says two channels in its MP4 header', async () => {
  for (const ext of ['m4a', 'mp4'] as const) {
    const path = encode('mono', FORMATS.find((f) => f.ext === ext)!)
    const header = await parseFile(path, { duration: false })
    assert.is(header.format.numberOfChannels, 2, `${ext}: the header music-metadata reads says two channels`)
  }
})

const EXPECTED: ReadonlyArray<readonly [Source, ChannelLayout]> = [
  ['mono', 'one'],
  ['dual', 'shared'],
  ['call', 'separate'],
]

for (const format of FORMATS)
  for (const [source, layout] of EXPECTED)
    layouts(`${source} in .${format.ext}${'video' in format ? ' with a video track' : ''} is ${layout}`, async () => {
      const path = encode(source, format)
      assert.is(await right(channelLayout(path)), layout)
    })

layouts('a stereo file with one channel silent is one sound, in WAV and in AAC', async () => {
  for (const path of [SOURCES.halfSilent, encode('halfSilent', FORMATS[0])]) {
    const levels = await right(measureChannels(path))
    assert.ok(levels.right < SILENT_DBFS, `the right channel is silent (${levels.right} dBFS)`)
    // What the old check alone concluded: with a silent channel the difference is as loud as the mix.
    assert.ok(levels.difference >= levels.sum - 3, 'the difference alone would have said separate')
    assert.is(await right(channelLayout(path)), 'one')
  }
})

layouts('a mono stream measured as stereo gives two equal channels, never a missing one taken for a voice', async () => {
  const levels = await right(measureChannels(encode('mono', FORMATS[0])))
  assert.ok(Math.abs(levels.left - levels.right) < 0.01, `left ${levels.left}, right ${levels.right}`)
  assert.ok(levels.difference < SILENT_DBFS, `the difference is silence (${levels.difference} dBFS)`)
  assert.is(decideLayout(levels), 'shared')
})

layouts('decideLayout: silence or a far quieter channel is never separate; otherwise the difference against the mix decides', () => {
  const voices = { left: -25, right: -27, difference: -23, sum: -26 }
  assert.is(decideLayout(voices), 'separate')
  assert.is(decideLayout({ ...voices, right: -Infinity }), 'one')
  assert.is(decideLayout({ ...voices, left: -Infinity, right: -Infinity, difference: -Infinity, sum: -Infinity }), 'one')
  assert.is(decideLayout({ ...voices, right: -61 }), 'one')
  assert.is(decideLayout({ ...voices, right: -66, left: -25 }), 'one', 'more than 40 dB below the other')
  assert.is(decideLayout({ ...voices, right: Number.NaN }), 'one', 'an unreadable level is not a voice')
  assert.is(decideLayout({ ...voices, difference: -40 }), 'shared')
  assert.is(decideLayout({ ...voices, difference: -28 }), 'separate', 'within the 3 dB margin')
  assert.is(decideLayout({ ...voices, difference: -30 }), 'shared')
})

/** A stand-in engine that records each call and answers one line as the speaker it was given. */
const recording = () => {
  const calls: AudioSource[] = []
  const inner: Transcriber = {
    name: 'stand-in',
    available: true,
    transcribe: (audio) => {
      calls.push(audio)
      return TE.right({ utterances: [{ start_ms: 0, end_ms: 1000, speaker: audio.defaultSpeaker, text: 'good morning everyone' }], durationMs: 9000 })
    },
  }
  return { inner, calls }
}

for (const ext of ['m4a', 'mp4'] as const)
  layouts(`through the wrapper, a mono .${ext} is transcribed once as one speaker; the stereo call in .${ext} twice`, async () => {
    const format = FORMATS.find((f) => f.ext === ext)!
    const mono = recording()
    const memo = encode('mono', format)
    const once = await withChannelSpeakers(mono.inner).transcribe({ path: memo, defaultSpeaker: 'Speaker 1' })()
    assert.ok(E.isRight(once))
    assert.equal(mono.calls.map((c) => [c.path, c.defaultSpeaker]), [[memo, 'Speaker 1']])
    assert.equal(once.right.utterances.map((u) => [u.speaker, u.text]), [['Speaker 1', 'good morning everyone']], 'each line once')
    assert.is(once.right.speakerSeparation, undefined)

    const call = recording()
    const twice = await withChannelSpeakers(call.inner).transcribe({ path: encode('call', format), defaultSpeaker: 'Speaker 1' })()
    assert.ok(E.isRight(twice))
    assert.equal(call.calls.map((c) => c.defaultSpeaker), ['Speaker 1', 'Speaker 2'])
    assert.is(twice.right.speakerSeparation, 'channels')
  })

layouts('through the wrapper, a file that is not audio fails in words, without our path, and the engine is not called', async () => {
  const { inner, calls } = recording()
  const notes = at('notes.m4a')
  execFileSync('sh', ['-c', `printf 'These are my notes, not a recording.' > "${notes}"`])
  const result = await withChannelSpeakers(inner).transcribe({ path: notes, defaultSpeaker: 'Speaker 1' })()
  assert.ok(E.isLeft(result))
  assert.is(result.left.message, 'the file is not audio Notetaker can read (it is text)')
  assert.not.match(result.left.message, new RegExp(dir))
  assert.not.match(result.left.message, /notes\.m4a|0x[0-9a-f]{6,}/)
  assert.equal(calls, [])
})

layouts.run()
