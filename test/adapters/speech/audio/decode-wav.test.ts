import { execFile } from 'node:child_process'
import { access, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { parseFile } from 'music-metadata'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { decodeToWav16kMono, withWav16kMono } from '../../../../adapters/speech/audio/index.js'
import { left, right } from '../../../support/run.js'
import { makeTone } from './make-audio.js'

const decode = suite<{ dir: string }>('decodeToWav16kMono', { dir: '' })

decode.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'decode-wav-test-'))
})
decode.after(async (ctx) => {
  await rm(ctx.dir, { recursive: true, force: true })
})

const exists = (path: string) => access(path).then(() => true, () => false)

for (const ext of ['mp3', 'ogg', 'm4a', 'webm'])
  decode(`a stereo 48 kHz .${ext} becomes 16 kHz mono 16-bit PCM of the same length`, async ({ dir }) => {
    const input = join(dir, `stereo.${ext}`)
    const output = join(dir, `from-${ext}.wav`)
    await makeTone(input, 1.5, ['-ac', '2', '-ar', '48000'])
    await right(decodeToWav16kMono(input, output))
    const meta = await parseFile(output)
    assert.is(meta.format.container, 'WAVE')
    assert.is(meta.format.sampleRate, 16000)
    assert.is(meta.format.numberOfChannels, 1)
    assert.is(meta.format.bitsPerSample, 16)
    assert.ok(Math.abs((meta.format.duration ?? 0) - 1.5) < 0.1, `duration ${meta.format.duration}`)
  })

decode('a file that is not audio says so, and what it is when its first bytes tell', async ({ dir }) => {
  const input = join(dir, 'notes.dat')
  await writeFile(input, 'not audio at all\n')
  const f = await left(decodeToWav16kMono(input, join(dir, 'notes.wav')))
  assert.is(f._tag, 'AudioFailure')
  assert.is(f.message, 'the file is not audio Notetaker can read (it is text)')
  const png = join(dir, 'chart.wav')
  await writeFile(png, Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(64, 0)]))
  assert.is((await left(decodeToWav16kMono(png, join(dir, 'chart-out.wav')))).message, 'the file is not audio Notetaker can read (it is a PNG image)')
  // Bytes of no known kind: ffmpeg's "invalid data" is said as "not audio"; nothing of ffmpeg's wording is left.
  const noise = join(dir, 'noise.wav')
  await writeFile(noise, Buffer.from([0x00, 0x9f, 0x13, 0x02, 0xfe, 0x00, 0x41, 0x07, ...Array(300).fill(3)]))
  assert.match((await left(decodeToWav16kMono(noise, join(dir, 'noise-out.wav')))).message, /^the file is not audio Notetaker can read/)
})

decode('a video without an audio track says so', async ({ dir }) => {
  const input = join(dir, 'silent-film.mp4')
  await promisify(execFile)('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=black:s=32x32:d=1', input], { timeout: 30_000 })
  const f = await left(decodeToWav16kMono(input, join(dir, 'silent-film.wav')))
  assert.match(f.message, /matches no streams/)
})

decode('a decoder that hangs is killed at the time limit', async ({ dir }) => {
  // Opening a FIFO nobody writes to blocks ffmpeg for ever.
  const fifo = join(dir, 'never.fifo')
  await promisify(execFile)('mkfifo', [fifo])
  const f = await left(decodeToWav16kMono(fifo, join(dir, 'never.wav'), { timeoutMs: 300 }))
  assert.is(f.message, 'could not decode the audio: decoding took longer than 300 ms and was stopped')
})

decode('a missing ffmpeg is named', async ({ dir }) => {
  const f = await left(decodeToWav16kMono(join(dir, 'x.mp3'), join(dir, 'x.wav'), { ffmpegPath: join(dir, 'no-ffmpeg-here') }))
  assert.match(f.message, /no-ffmpeg-here is not installed or not on PATH/)
})

decode('withWav16kMono hands over the decoded audio and its length, then removes it', async ({ dir }) => {
  const input = join(dir, 'meeting.ogg')
  await makeTone(input, 2)
  let seen = ''
  const durationMs = await right(
    withWav16kMono(input, (f) => f.message, (wav) => {
      seen = wav.path
      return TE.fromTask(async () => {
        assert.ok(await exists(wav.path))
        return wav.durationMs
      })
    }),
  )
  assert.ok(Math.abs(durationMs - 2000) <= 20, `duration ${durationMs}`)
  assert.not.ok(await exists(seen), 'the temporary WAV is removed')
})

decode('withWav16kMono removes its folder when the work fails, and maps decode failures', async ({ dir }) => {
  const input = join(dir, 'short.wav')
  await makeTone(input, 1)
  let folder = ''
  const failed = await left(withWav16kMono(input, (f) => f.message, (wav) => ((folder = wav.dir), TE.left('engine broke'))))
  assert.is(failed, 'engine broke')
  assert.not.ok(await exists(folder))
  const bad = join(dir, 'bad.wav')
  await writeFile(bad, 'text')
  const mapped = await left(withWav16kMono(bad, (f) => `mapped: ${f.message}`, () => TE.right(1)))
  assert.is(mapped, 'mapped: the file is not audio Notetaker can read (it is text)')
})

decode.run()
