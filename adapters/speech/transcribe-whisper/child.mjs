// One Whisper transcription, in a process of its own (engine-process.ts forks it): whisper.cpp
// is native code that may abort, run out of memory or take every core, and none of that may
// reach the process that answers requests. Plain JavaScript, so it starts without a TypeScript loader.
//
// Messages in (IPC):
//   { kind: 'load', modelPath, bindingModule?, gpu? }  loads the model once (on whisper.cpp's `gpu` build when named); answers { kind: 'loaded' }
//   { kind: 'window', id, wav, from, to, lengthMs, language, threads, temperatureInc?, silenceDb }
//     reads bytes [from, to) of the decoded 16 kHz mono 16-bit WAV itself (so no samples cross
//     IPC), answers { kind: 'heard', id, ms } as whisper.cpp gets on, then
//     { kind: 'done', id, segments: [{ text, t0, t1 }], language?, silent }
// Anything that goes wrong in JavaScript answers { kind: 'failed', id?, message }; whatever goes
// wrong in whisper.cpp ends the process, and the parent words it.
import { createRequire } from 'node:module'
import { open } from 'node:fs/promises'
import { isSilent } from './silence.mjs'

const require = createRequire(import.meta.url)
const send = (message) => new Promise((resolve) => process.send(message, () => resolve()))

let context = null

const samplesOf = async (wav, from, to) => {
  const bytes = Buffer.alloc(Math.max(0, to - from))
  const file = await open(wav, 'r')
  try {
    let read = 0
    while (read < bytes.length) {
      const { bytesRead } = await file.read(bytes, read, bytes.length - read, from + read)
      if (bytesRead === 0) break
      read += bytesRead
    }
    const samples = new Float32Array(Math.floor(read / 2))
    for (let i = 0; i < samples.length; i++) samples[i] = bytes.readInt16LE(i * 2) / 32768
    return samples
  } finally {
    await file.close()
  }
}

const load = async (job) => {
  const binding = require(job.bindingModule ?? '@fugood/whisper.node')
  // A GPU build (`vulkan`, `cuda`) is asked by name; whisper.node falls back to its CPU build when that one cannot load.
  context = await binding.initWhisper({ filePath: job.modelPath, useGpu: job.gpu !== undefined }, job.gpu ?? 'default')
  await send({ kind: 'loaded' })
}

const transcribe = async (job) => {
  const samples = await samplesOf(job.wav, job.from, job.to)
  // Whisper "hears" words in silence and noise (a "Thank you." or a loop): such a window is never given to it.
  if (samples.length === 0 || isSilent(samples, job.silenceDb)) return send({ kind: 'done', id: job.id, segments: [], silent: true })
  const heard = (ms) => process.send({ kind: 'heard', id: job.id, ms })
  const { promise } = context.transcribeData(samples.buffer, {
    language: job.language,
    maxThreads: job.threads,
    ...(job.temperatureInc === undefined ? {} : { temperatureInc: job.temperatureInc }),
    onProgress: (percent) => heard((percent / 100) * job.lengthMs),
    onNewSegments: ({ segments }) => heard(Math.max(0, ...segments.map((s) => s.t1))),
  })
  const result = await promise
  await send({
    kind: 'done',
    id: job.id,
    segments: result.segments.map((s) => ({ text: s.text, t0: s.t0, t1: s.t1 })),
    ...(result.language ? { language: result.language } : {}),
    silent: false,
  })
}

// One message at a time, in order: the parent sends a window only after the one before is done.
let queue = Promise.resolve()
process.on('message', (job) => {
  queue = queue.then(async () => {
    try {
      if (job.kind === 'load') await load(job)
      else if (job.kind === 'window') await transcribe(job)
    } catch (e) {
      await send({ kind: 'failed', ...(job.id === undefined ? {} : { id: job.id }), message: e instanceof Error ? e.message : String(e) })
    }
  })
})
// The parent gone (or done): nothing more to do.
process.on('disconnect', () => process.exit(0))
