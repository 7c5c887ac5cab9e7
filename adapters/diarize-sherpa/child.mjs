// One diarization, in a process of its own (sherpa.ts forks it): sherpa-onnx's native code
// ends the process it runs in on a model it cannot use (and onnxruntime aborts on a file it
// cannot parse), so it never runs in the process that answers requests. Plain JavaScript,
// so it starts without a TypeScript loader.
//
// Receives one job over IPC: { wav, segmentation, embedding, threads, numSpeakers, threshold,
// minDurationOn, minDurationOff }. Answers { kind: 'progress', done, total } as the voices
// are measured, then { kind: 'turns', sampleRate, turns: [{ start, end, speaker }] } (seconds)
// or { kind: 'failed', message }, and exits.
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

const send = (message) => new Promise((resolve) => process.send(message, () => resolve()))

process.once('message', async (job) => {
  try {
    const sherpa = require('sherpa-onnx-node')
    const sd = new sherpa.OfflineSpeakerDiarization({
      segmentation: { pyannote: { model: job.segmentation }, numThreads: job.threads, debug: 0 },
      embedding: { model: job.embedding, numThreads: job.threads, debug: 0 },
      clustering: { numClusters: job.numSpeakers, threshold: job.threshold },
      minDurationOn: job.minDurationOn,
      minDurationOff: job.minDurationOff,
    })
    const wave = sherpa.readWave(job.wav)
    if (wave.sampleRate !== sd.sampleRate) throw new Error(`the audio is at ${wave.sampleRate} Hz, the segmentation model wants ${sd.sampleRate} Hz`)
    // The asynchronous form runs on a native thread and reports progress; older builds have only the other.
    const addon = require('sherpa-onnx-node/addon.js')
    const segments =
      typeof addon.offlineSpeakerDiarizationProcessAsync === 'function'
        ? await addon.offlineSpeakerDiarizationProcessAsync(sd.handle, wave.samples, (done, total) => {
            process.send({ kind: 'progress', done, total })
          })
        : sd.process(wave.samples)
    await send({ kind: 'turns', sampleRate: wave.sampleRate, turns: segments.map((s) => ({ start: s.start, end: s.end, speaker: s.speaker })) })
  } catch (e) {
    await send({ kind: 'failed', message: e instanceof Error ? e.message : String(e) })
  }
  process.disconnect()
})
