import { createReadStream, createWriteStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { pipeline } from 'node:stream/promises'
import type { Span } from './windows.js'
import { wavHeader } from '../audio/wav-header.js'

const SAMPLE_RATE = 16_000
const BYTES_PER_MS = (SAMPLE_RATE * 2) / 1000

/** Where the samples of a 16 kHz mono 16-bit WAV (as ffmpeg writes it, with a LIST chunk or not) begin and end. */
export const findPcm = async (path: string): Promise<{ offset: number; bytes: number }> => {
  const file = await open(path, 'r')
  try {
    const size = (await file.stat()).size
    const head = Buffer.alloc(Math.min(size, 64 * 1024))
    await file.read(head, 0, head.length, 0)
    if (head.toString('ascii', 0, 4) !== 'RIFF' || head.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file')
    let at = 12
    while (at + 8 <= head.length) {
      const id = head.toString('ascii', at, at + 4)
      const chunk = head.readUInt32LE(at + 4)
      // ffmpeg leaves a data size it could not patch (a pipe) as 0 or 0xFFFFFFFF: the file's end is the truth.
      if (id === 'data') return { offset: at + 8, bytes: Math.min(size - at - 8, chunk === 0 ? Infinity : chunk) }
      at += 8 + chunk + (chunk % 2)
    }
    throw new Error('no data chunk in the WAV header')
  } finally {
    await file.close()
  }
}

/** The byte range of `span` in the samples, on a sample boundary and inside the data. */
const byteRange = (pcm: { bytes: number }, span: Span) => ({
  from: Math.min(pcm.bytes, Math.floor(span.startMs * BYTES_PER_MS) & ~1),
  to: Math.min(pcm.bytes, Math.floor(span.endMs * BYTES_PER_MS) & ~1),
})

/** Where the samples of `span` lie in the file, in bytes from its start: [from, to). */
export const windowBytes = (pcm: { offset: number; bytes: number }, span: Span): { from: number; to: number } => {
  const { from, to } = byteRange(pcm, span)
  return { from: pcm.offset + from, to: pcm.offset + to }
}

const header = (dataBytes: number): Buffer => wavHeader(SAMPLE_RATE, dataBytes)

/** Copies the samples of `span` into a WAV file of their own, streamed: memory stays small however long the source. */
export const writeWindow = async (source: string, pcm: { offset: number; bytes: number }, span: Span, target: string): Promise<void> => {
  const { from, to } = byteRange(pcm, span)
  const out = createWriteStream(target)
  out.write(header(to - from))
  if (to > from) await pipeline(createReadStream(source, { start: pcm.offset + from, end: pcm.offset + to - 1 }), out)
  else await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())))
}

/**
 * The samples of `span` as floats in [-1, 1) (what whisper.cpp takes), read from disk: only
 * that byte range is held, however long the file.
 */
export const readWindowSamples = async (source: string, pcm: { offset: number; bytes: number }, span: Span): Promise<Float32Array> => {
  const { from, to } = byteRange(pcm, span)
  const bytes = Buffer.alloc(to - from)
  const file = await open(source, 'r')
  try {
    let read = 0
    while (read < bytes.length) {
      const { bytesRead } = await file.read(bytes, read, bytes.length - read, pcm.offset + from + read)
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
