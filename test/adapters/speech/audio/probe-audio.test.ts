import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { probeAudio } from '../../../../adapters/speech/audio/index.js'
import { left, right } from '../../../support/run.js'
import { makeTone } from './make-audio.js'

const probe = suite<{ dir: string }>('probeAudio', { dir: '' })

probe.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'probe-audio-test-'))
})
probe.after(async (ctx) => {
  await rm(ctx.dir, { recursive: true, force: true })
})

const cases = [
  { ext: 'wav', container: /^WAVE$/, mimeType: 'audio/wav', args: [] },
  { ext: 'mp3', container: /^MPEG$/, mimeType: 'audio/mpeg', args: [] },
  { ext: 'ogg', container: /^Ogg$/, mimeType: 'audio/ogg', args: [] },
  { ext: 'opus', container: /^Ogg$/, mimeType: 'audio/ogg', args: [] },
  { ext: 'flac', container: /^FLAC$/, mimeType: 'audio/flac', args: [] },
  { ext: 'm4a', container: /^M4A/, mimeType: 'audio/mp4', args: [] },
  { ext: 'webm', container: /webm/, mimeType: 'audio/webm', args: [] },
  { ext: 'mp4', container: /isom/, mimeType: 'video/mp4', args: ['-c:a', 'aac'] },
] as const

for (const c of cases)
  probe(`reads the duration and container of a generated .${c.ext}`, async ({ dir }) => {
    const path = join(dir, `tone.${c.ext}`)
    await makeTone(path, 2, c.args)
    const info = await right(probeAudio(path))
    // Encoders pad a little (MP3 up to ~90 ms at 16 kHz); the length is still the tone's.
    assert.ok(Math.abs(info.durationMs - 2000) <= 100, `duration ${info.durationMs} ms`)
    assert.match(info.container ?? '', c.container)
    assert.is(info.mimeType, c.mimeType)
  })

probe('an empty file is not audio', async ({ dir }) => {
  const path = join(dir, 'empty.wav')
  await writeFile(path, '')
  const f = await left(probeAudio(path))
  assert.is(f.message, 'the file is not audio Notetaker can read: the file is empty')
})

probe('a text file renamed .wav is not audio', async ({ dir }) => {
  const path = join(dir, 'notes.wav')
  await writeFile(path, 'These are my meeting notes, not a recording.\n')
  const f = await left(probeAudio(path))
  assert.is(f._tag, 'AudioFailure')
  assert.is(f.message, 'the file is not audio Notetaker can read (it is text)')
})

for (const ext of ['wav', 'ogg', 'm4a'] as const)
  probe(`a .${ext} cut in half is reported as cut short`, async ({ dir }) => {
    const whole = join(dir, `whole.${ext}`)
    const half = join(dir, `half.${ext}`)
    await makeTone(whole, 2)
    const bytes = await readFile(whole)
    await writeFile(half, bytes.subarray(0, Math.floor(bytes.length / 2)))
    const f = await left(probeAudio(half))
    assert.match(f.message, /^the file is not audio Notetaker can read: /)
  })

probe('a WAV cut inside its header is reported, not measured', async ({ dir }) => {
  const whole = join(dir, 'whole-header.wav')
  const cut = join(dir, 'cut-header.wav')
  await makeTone(whole, 1)
  await writeFile(cut, (await readFile(whole)).subarray(0, 40))
  const f = await left(probeAudio(cut))
  assert.match(f.message, /^the file is not audio Notetaker can read: .*(cut short|ends too early)/)
})

probe('a missing file fails without throwing', async ({ dir }) => {
  const f = await left(probeAudio(join(dir, 'nowhere.wav')))
  assert.match(f.message, /cannot open the file/)
})

probe('the container decides the media type, not a misleading extension', async ({ dir }) => {
  const mp3 = join(dir, 'real.mp3')
  const named = join(dir, 'mislabelled.wav')
  await makeTone(mp3, 1)
  await copyFile(mp3, named)
  const info = await right(probeAudio(named))
  assert.is(info.mimeType, 'audio/mpeg')
})

probe.run()
