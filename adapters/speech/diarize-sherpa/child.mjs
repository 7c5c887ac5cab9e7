// One diarization, in a process of its own (sherpa.ts forks it): sherpa-onnx's native code
// ends the process it runs in on a model it cannot use (and onnxruntime aborts on a file it
// cannot parse), so it never runs in the process that answers requests. Plain JavaScript,
// so it starts without a TypeScript loader.
//
// Receives one job over IPC: { wav, pcm: { offset, bytes }, windows: [{ startMs, endMs }],
// segmentation, embedding, threads, numSpeakers, threshold, minDurationOn, minDurationOff,
// embedSeconds }. The windows tile the audio; each is read from disk and diarized on its own,
// so only one window's samples are held however long the recording. With more than one, each
// window's speakers also get a voice print (sherpa.ts links them into the recording's speakers).
// Answers { kind: 'progress', done, total } (ms of audio) as it goes, then
// { kind: 'windows', sampleRate, windows: [{ turns: [{ start, end, speaker }] (seconds, file's
// clock), embeddings: [number[] | null] }], peakRssBytes } or { kind: 'failed', message }, and exits.
import { closeSync, openSync, readFileSync, readSync } from 'node:fs'
import { createRequire } from 'node:module'

const require = createRequire(import.meta.url)

// This process's own peak (VmHWM). Not getrusage's maxRSS: Linux carries the parent's peak into it
// across fork and exec, so a child of a large process would report the parent's size.
const peakResidentBytes = () => {
  try {
    const m = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync('/proc/self/status', 'utf8'))
    if (m !== null) return Number(m[1]) * 1024
  } catch {}
  return process.resourceUsage().maxRSS * 1024
}

const send = (message) => new Promise((resolve) => process.send(message, () => resolve()))
/** sherpa-onnx may report progress once more after its answer, when the channel is already closed. */
const progress = (done, total) => {
  if (process.connected) process.send({ kind: 'progress', done, total })
}

const SAMPLE_RATE = 16_000
const BYTES_PER_MS = (SAMPLE_RATE * 2) / 1000
/** Read this much at a time, so a window's 16-bit samples are never held beside its floats. */
const CHUNK_BYTES = 1 << 20

/** A window's bytes in the data chunk, on sample boundaries; the last window runs to the end of the data. */
const byteRange = (pcm, w, last) => ({
  from: Math.min(pcm.bytes, Math.floor(w.startMs * BYTES_PER_MS) & ~1),
  to: last ? pcm.bytes & ~1 : Math.min(pcm.bytes, Math.floor(w.endMs * BYTES_PER_MS) & ~1),
})

/**
 * A window's samples as floats in [-1, 1), read from the WAV's data chunk (16-bit mono) into
 * `into`: one buffer serves every window, so the last window's samples are not still held,
 * waiting for the garbage collector, while the next one's are read.
 */
const readWindow = (fd, pcm, { from, to }, into) => {
  const samples = into.subarray(0, (to - from) / 2)
  const chunk = Buffer.alloc(Math.min(CHUNK_BYTES, Math.max(2, to - from)))
  let at = from
  while (at < to) {
    const read = readSync(fd, chunk, 0, Math.min(chunk.length, to - at), pcm.offset + at)
    if (read === 0) break
    const base = (at - from) / 2
    for (let i = 0; i + 1 < read; i += 2) samples[base + i / 2] = chunk.readInt16LE(i) / 32768
    at += read & ~1
  }
  // A file cut short since it was measured: only what was read, not the last window's tail.
  return samples.subarray(0, (at - from) / 2)
}

/**
 * A voice print of each of the window's speakers: its longest turns, up to `seconds` of them,
 * through the embedding model. Null for a speaker whose speech is too short to measure.
 */
const voicePrints = (extractor, samples, segments, seconds) => {
  const bySpeaker = new Map()
  for (const s of segments) bySpeaker.set(s.speaker, [...(bySpeaker.get(s.speaker) ?? []), s])
  const count = segments.reduce((n, s) => Math.max(n, s.speaker + 1), 0)
  return Array.from({ length: count }, (_, speaker) => {
    const turns = [...(bySpeaker.get(speaker) ?? [])].sort((a, b) => b.end - b.start - (a.end - a.start))
    const parts = []
    let left = Math.round(seconds * SAMPLE_RATE)
    for (const t of turns) {
      if (left <= 0) break
      const from = Math.max(0, Math.round(t.start * SAMPLE_RATE))
      const to = Math.min(samples.length, from + left, Math.round(t.end * SAMPLE_RATE))
      if (to > from) parts.push(samples.subarray(from, to))
      left -= to - from
    }
    if (parts.length === 0) return null
    const stream = extractor.createStream()
    for (const p of parts) stream.acceptWaveform({ sampleRate: SAMPLE_RATE, samples: p })
    stream.inputFinished()
    return extractor.isReady(stream) ? Array.from(extractor.compute(stream)) : null
  })
}

process.once('message', async (job) => {
  let fd = null
  try {
    const sherpa = require('sherpa-onnx-node')
    const addon = require('sherpa-onnx-node/addon.js')
    const several = job.windows.length > 1
    const sd = new sherpa.OfflineSpeakerDiarization({
      segmentation: { pyannote: { model: job.segmentation }, numThreads: job.threads, debug: 0 },
      embedding: { model: job.embedding, numThreads: job.threads, debug: 0 },
      // A window need not hold every voice: with several, each is cut at the threshold and the
      // number of speakers, when known, is asked of the linking across windows instead.
      clustering: { numClusters: several ? -1 : job.numSpeakers, threshold: job.threshold },
      minDurationOn: job.minDurationOn,
      minDurationOff: job.minDurationOff,
    })
    if (sd.sampleRate !== SAMPLE_RATE) throw new Error(`the audio is decoded at ${SAMPLE_RATE} Hz, the segmentation model wants ${sd.sampleRate} Hz`)
    const extractor = several ? new sherpa.SpeakerEmbeddingExtractor({ model: job.embedding, numThreads: job.threads, debug: 0 }) : null
    fd = openSync(job.wav, 'r')
    const total = job.pcm.bytes / BYTES_PER_MS
    const windows = []
    const ranges = job.windows.map((w, i) => byteRange(job.pcm, w, i === job.windows.length - 1))
    const buffer = new Float32Array(Math.max(...ranges.map(({ from, to }) => (to - from) / 2)))
    for (const [i, w] of job.windows.entries()) {
      const samples = readWindow(fd, job.pcm, ranges[i], buffer)
      const span = w.endMs - w.startMs
      // The asynchronous form runs on a native thread and reports progress; older builds have only the other.
      const segments =
        typeof addon.offlineSpeakerDiarizationProcessAsync === 'function'
          ? await addon.offlineSpeakerDiarizationProcessAsync(sd.handle, samples, (done, of) => {
              if (of > 0 && done > 0) progress(w.startMs + (span * done) / of, total)
            })
          : sd.process(samples)
      windows.push({
        turns: segments.map((s) => ({ start: s.start + w.startMs / 1000, end: s.end + w.startMs / 1000, speaker: s.speaker })),
        embeddings: extractor === null ? [] : voicePrints(extractor, samples, segments, job.embedSeconds),
      })
      progress(i === job.windows.length - 1 ? total : w.endMs, total)
    }
    await send({ kind: 'windows', sampleRate: sd.sampleRate, windows, peakRssBytes: peakResidentBytes() })
  } catch (e) {
    await send({ kind: 'failed', message: e instanceof Error ? e.message : String(e) })
  } finally {
    if (fd !== null) closeSync(fd)
  }
  process.disconnect()
})
