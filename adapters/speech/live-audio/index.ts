import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Logger } from 'pino'
import { type DecodingAudio, LIVE_SAMPLE_RATE, type LiveAudio } from '../../../src/core/ports/live-audio.js'
import { wavHeader } from '../audio/wav-header.js'

export interface LiveAudioOptions {
  readonly logger: Logger
  readonly ffmpegPath?: string
}

/** ffmpeg's name for a recording's container, so it need not probe a pipe (which waits for megabytes). */
const formatOf = (mimeType: string): string | null => {
  const type = mimeType.split(';')[0]!.trim().toLowerCase()
  if (type === 'audio/webm' || type === 'video/webm') return 'webm'
  if (type === 'audio/wav' || type === 'audio/x-wav' || type === 'audio/wave') return 'wav'
  if (type === 'audio/ogg') return 'ogg'
  return null
}

/**
 * The meeting audio decoded by one ffmpeg per bot as its chunks come (stdin: the recording,
 * stdout: 16 kHz mono 16-bit samples), and windows kept as WAV files in a private temporary
 * folder for the speech engine.
 */
export const ffmpegLiveAudio = (options: LiveAudioOptions): LiveAudio => ({
  decode: (mimeType) => decodeAsItComes(options.ffmpegPath ?? 'ffmpeg', mimeType),
  // Each window in a folder of its own, removed with it: nothing stays behind in the temporary folder.
  keep: async (samples) => {
    const folder = await mkdtemp(join(tmpdir(), 'notetaker-live-'))
    const path = join(folder, 'window.wav')
    const remove = () => rm(folder, { recursive: true, force: true }).catch((e: unknown) => options.logger.warn({ err: e, path }, 'could not delete a live audio window'))
    const pcm = Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength)
    await writeFile(path, Buffer.concat([wavHeader(LIVE_SAMPLE_RATE, pcm.length), pcm])).catch(async (e: unknown) => {
      await remove()
      throw e
    })
    return { path, remove }
  },
  problem: (runId, words) => options.logger.warn({ runId }, words),
})

const decodeAsItComes = (ffmpeg: string, mimeType: string): DecodingAudio => {
  const format = formatOf(mimeType)
  const input = format === null ? [] : ['-f', format]
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-fflags', 'nobuffer', '-probesize', '32768', ...input, '-i', 'pipe:0']
  const child = spawn(ffmpeg, [...args, '-vn', '-ac', '1', '-ar', String(LIVE_SAMPLE_RATE), '-f', 's16le', '-flush_packets', '1', 'pipe:1'], {
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let failure: string | null = null
  let stderr = ''
  let exited = false
  child.on('error', (e) => {
    failure = (e as NodeJS.ErrnoException).code === 'ENOENT' ? `${ffmpeg} is not installed` : `ffmpeg could not start: ${e.message}`
  })
  child.stderr.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString('utf8')).slice(-2000)
  })
  // A decoder that died leaves stdin broken: writes then go nowhere, and `samples` says why.
  child.stdin.on('error', () => undefined)
  const closed = new Promise<void>((resolve) =>
    child.on('close', (code) => {
      exited = true
      if (code !== 0 && failure === null) failure = `ffmpeg could not decode the ${mimeType} audio: ${stderr.trim().split('\n').at(-1) ?? `exit code ${code}`}`
      resolve()
    }),
  )
  return {
    write: (chunk) => {
      if (!exited && child.stdin.writable) child.stdin.write(chunk)
    },
    end: () => {
      if (child.stdin.writable) child.stdin.end()
    },
    samples: (async function* () {
      let odd: Buffer = Buffer.alloc(0) // a sample split between two reads
      for await (const data of child.stdout as AsyncIterable<Buffer>) {
        const bytes = odd.length === 0 ? data : Buffer.concat([odd, data])
        const whole = bytes.length - (bytes.length % 2)
        odd = Buffer.from(bytes.subarray(whole))
        if (whole > 0) yield new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + whole))
      }
      await closed
      if (failure !== null) throw new Error(failure)
    })(),
  }
}
