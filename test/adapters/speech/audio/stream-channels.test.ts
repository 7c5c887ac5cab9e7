import { execFileSync } from 'node:child_process'
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseFile } from 'music-metadata'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { streamChannels } from '../../../../adapters/speech/audio/index.js'
import { left, right } from '../../../support/run.js'
import { makeTone } from './make-audio.js'

const channels = suite<{ dir: string }>('streamChannels', { dir: '' })

channels.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'stream-channels-test-'))
})
channels.after(async (ctx) => {
  await rm(ctx.dir, { recursive: true, force: true })
})

for (const ext of ['m4a', 'mp4'] as const)
  channels(`mono AAC in .${ext} is one channel, though its MP4 header says two`, async ({ dir }) => {
    const path = join(dir, `mono.${ext}`)
    await makeTone(path, 1, ['-c:a', 'aac'])
    assert.is((await parseFile(path)).format.numberOfChannels, 2, 'the header says two')
    assert.is(await right(streamChannels(path)), 1)
  })

for (const [ext, args] of [['m4a', ['-c:a', 'aac']], ['opus', []], ['flac', []], ['wav', []]] as const)
  channels(`stereo .${ext} is two channels`, async ({ dir }) => {
    const path = join(dir, `stereo.${ext}`)
    await makeTone(path, 1, ['-ac', '2', ...args])
    assert.is(await right(streamChannels(path)), 2)
  })

channels('a file that is not audio is refused in words, without the server path or library internals', async ({ dir }) => {
  const path = join(dir, 'notes.m4a')
  await writeFile(path, 'These are my meeting notes, not a recording.\n')
  const f = await left(streamChannels(path))
  assert.is(f.message, 'the file is not audio Notetaker can read (it is text)')
})

channels('a video without sound has no audio track', async ({ dir }) => {
  const path = join(dir, 'silent-film.mp4')
  execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'color=size=64x64:rate=5:duration=1', path])
  const f = await left(streamChannels(path))
  assert.is(f.message, 'the file has no audio track we can read')
})

channels('ffprobe missing or stuck fails in words', async ({ dir }) => {
  const path = join(dir, 'tone.wav')
  await makeTone(path, 1)
  const missing = await left(streamChannels(path, { ffprobePath: join(dir, 'no-such-ffprobe') }))
  assert.match(missing.message, /^could not read the audio's channels: .*no-such-ffprobe is not installed or not on PATH \(Debian: apt-get install ffmpeg\)$/)
  const stuck = join(dir, 'stuck-ffprobe')
  await writeFile(stuck, '#!/bin/sh\nexec sleep 30\n')
  await chmod(stuck, 0o755)
  const slow = await left(streamChannels(path, { ffprobePath: stuck, timeoutMs: 300 }))
  assert.is(slow.message, "could not read the audio's channels: reading it took longer than 300 ms and was stopped")
})

channels.run()
