import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createWhisperTranscriber, gpuBuildPackage, gpuBuildProblem } from '../../../../adapters/speech/transcribe-whisper/index.js'
import { startEngine } from '../../../../adapters/speech/transcribe-whisper/engine-process.js'
import { writeTinyWhisperModel } from '../../../../scripts/make-tiny-whisper-model.js'
import { right } from '../../../support/run.js'
import { speakToWav } from '../../../support/speech.js'

interface Ctx {
  dir: string
  model: string
  clip: string
  log: string
}
const gpu = suite<Ctx>("whisper.cpp's GPU builds, an opt-in", {} as Ctx)

gpu.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'whisper-gpu-test-'))
  ctx.model = join(ctx.dir, 'ggml-tiny-random.bin')
  writeTinyWhisperModel(ctx.model)
  ctx.clip = join(ctx.dir, 'clip.wav')
  await speakToWav('Good morning everyone.', ctx.clip)
  ctx.log = join(ctx.dir, 'builds.log')
  process.env.WHISPER_BUILD_LOG = ctx.log
})
gpu.after(async (ctx) => {
  delete process.env.WHISPER_BUILD_LOG
  await rm(ctx.dir, { recursive: true, force: true })
})
gpu.before.each((ctx) => writeFileSync(ctx.log, ''))

const standIn = join(import.meta.dirname, 'stand-ins', 'build.cjs')
const builds = (ctx: Ctx) => readFileSync(ctx.log, 'utf8').trim().split('\n')

gpu('a default install has the empty package in place of each GPU build, and says so; a real build is taken', (ctx) => {
  for (const build of ['vulkan', 'cuda'] as const) assert.match(gpuBuildProblem(build) ?? '', /is not installed.*docs\/operations\.md/)
  assert.match(gpuBuildProblem('vulkan') ?? '', 'only the empty package a default install puts in its place')
  // An installed build: a package of its own name where Node resolves it.
  const root = join(ctx.dir, 'installed')
  const pkg = join(root, 'node_modules', ...gpuBuildPackage('vulkan').split('/'))
  mkdirSync(pkg, { recursive: true })
  writeFileSync(join(pkg, 'package.json'), JSON.stringify({ name: gpuBuildPackage('vulkan'), version: '1.1.3' }))
  assert.is(gpuBuildProblem('vulkan', pathToFileURL(join(root, 'index.js')).href), null)
  assert.match(gpuBuildProblem('cuda', pathToFileURL(join(root, 'index.js')).href) ?? '', /cuda build .* is not installed/)
})

gpu('without a GPU asked, whisper.cpp loads its CPU build', async (ctx) => {
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, bindingModule: standIn })
  assert.equal([transcriber.gpu, transcriber.gpuProblem], [null, undefined])
  const result = await right(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }))
  assert.is(result.utterances[0]?.text, 'useGpu false build default')
})

gpu('a GPU build asked but not installed is not used: the CPU transcribes, and the transcriber says why', async (ctx) => {
  const transcriber = createWhisperTranscriber({ modelPath: ctx.model, gpu: 'vulkan', bindingModule: standIn })
  assert.is(transcriber.gpu, null)
  assert.match(transcriber.gpuProblem ?? '', /vulkan build .* is not installed/)
  assert.ok(transcriber.available)
  await right(transcriber.transcribe({ path: ctx.clip, defaultSpeaker: 'Room' }))
  assert.equal(builds(ctx), ['useGpu false build default'])
})

gpu("the engine's process loads the GPU build it is given", async (ctx) => {
  const engine = startEngine({ modelPath: ctx.model, maxMemoryBytes: 2 ** 31, gpu: 'cuda', bindingModule: standIn })
  try {
    await engine.loaded
    assert.equal(builds(ctx), ['useGpu true build cuda'])
  } finally {
    engine.stop()
  }
})

gpu.run()
