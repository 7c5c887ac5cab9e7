import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { access, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface Speech {
  /** File name inside the cache directory. */
  readonly file: string
  readonly durationMs: number
}

/** Duration of a PCM WAV from its header: data bytes / byte rate. */
export const wavDurationMs = (wav: Buffer): number => {
  const byteRate = wav.readUInt32LE(28)
  let offset = 12
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4)
    const size = wav.readUInt32LE(offset + 4)
    if (id === 'data') return Math.round((Math.min(size, wav.length - offset - 8) / byteRate) * 1000)
    offset += 8 + size
  }
  throw new Error('no data chunk in WAV')
}

/** Speaks text with espeak-ng into dir (cached by voice and text). */
export const synthesise = async (dir: string, voice: string, text: string): Promise<Speech> => {
  const file = `${createHash('sha256').update(`${voice}\n${text}`).digest('hex').slice(0, 16)}.wav`
  const path = join(dir, file)
  const exists = await access(path).then(() => true, () => false)
  if (!exists) await run('espeak-ng', ['-v', voice, '-s', '165', '-w', path, text])
  return { file, durationMs: wavDurationMs(await readFile(path)) }
}
