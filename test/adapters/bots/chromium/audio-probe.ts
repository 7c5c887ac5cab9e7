import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface AudioProbe {
  readonly container: string
  readonly codec: string
  /** Length found by decoding every packet (MediaRecorder's WebM carries no duration header). */
  readonly decodedSeconds: number
  /** Stretches louder than the silence threshold, in seconds from the start. */
  readonly speech: ReadonlyArray<{ readonly start: number; readonly end: number }>
  /** What ffmpeg complained about while decoding; empty for a clean file. */
  readonly decodeErrors: string
}

/** Decodes the recorded bytes with ffprobe/ffmpeg (Debian's ffmpeg package) and finds where speech is. */
export const probeAudio = async (bytes: Uint8Array): Promise<AudioProbe> => {
  const dir = await mkdtemp(join(tmpdir(), 'notetaker-probe-'))
  const file = join(dir, 'recording.webm')
  try {
    await writeFile(file, bytes)
    const info = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=format_name:stream=codec_name', '-of', 'default=nw=1', file])
    const errors = await run('ffmpeg', ['-v', 'error', '-i', file, '-f', 'null', '-'])
    const silence = await run('ffmpeg', ['-hide_banner', '-i', file, '-af', 'silencedetect=noise=-35dB:d=0.35', '-f', 'null', '-'])
    const log = silence.stderr
    const times = [...log.matchAll(/time=(\d+):(\d+):([\d.]+)/g)].map((m) => Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]))
    const decodedSeconds = times[times.length - 1] ?? 0
    const starts = [...log.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]))
    const ends = [...log.matchAll(/silence_end: (-?[\d.]+)/g)].map((m) => Number(m[1]))
    // Speech is what lies between one silence's end and the next silence's start.
    const speech: Array<{ start: number; end: number }> = []
    let cursor = starts[0] !== undefined && starts[0] < 0.05 ? null : 0
    for (let i = 0; i < Math.max(starts.length, ends.length); i++) {
      const s = starts[i]
      if (cursor !== null && s !== undefined && s > cursor) speech.push({ start: cursor, end: s })
      cursor = ends[i] ?? null
    }
    if (cursor !== null && cursor < decodedSeconds - 0.05) speech.push({ start: cursor, end: decodedSeconds })
    return {
      container: /format_name=(\S+)/.exec(info.stdout)?.[1] ?? '',
      codec: /codec_name=(\S+)/.exec(info.stdout)?.[1] ?? '',
      decodedSeconds,
      speech,
      decodeErrors: errors.stderr.trim(),
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
