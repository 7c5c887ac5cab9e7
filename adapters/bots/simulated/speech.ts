import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Runs espeak-ng with the text on stdin, so nothing in it can be read as an option. */
const espeak = (args: ReadonlyArray<string>, text: string) =>
  new Promise<void>((resolve, reject) => {
    const child = spawn('espeak-ng', [...args, '--stdin'], { stdio: ['pipe', 'ignore', 'pipe'], timeout: 60_000 })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`espeak-ng failed (${code}): ${stderr}`))))
    child.stdin.end(text)
  })

/** Mono 16-bit PCM at one sample rate. */
export interface Pcm {
  readonly sampleRate: number
  readonly samples: Int16Array
}

/** The PCM samples of a 16-bit mono WAV file (the 'data' chunk). */
export const readWavPcm = (wav: Buffer): Pcm => {
  if (wav.toString('ascii', 0, 4) !== 'RIFF' || wav.toString('ascii', 8, 12) !== 'WAVE') throw new Error('not a WAV file')
  let at = 12
  let sampleRate = 0
  while (at + 8 <= wav.length) {
    const id = wav.toString('ascii', at, at + 4)
    const size = wav.readUInt32LE(at + 4)
    if (id === 'fmt ') sampleRate = wav.readUInt32LE(at + 12)
    if (id === 'data') {
      const end = Math.min(wav.length, at + 8 + (size === 0xffffffff || size === 0 ? wav.length : size))
      const bytes = wav.subarray(at + 8, end - ((end - at - 8) % 2))
      return { sampleRate, samples: new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)) }
    }
    at += 8 + size + (size % 2)
  }
  throw new Error('the WAV file has no data chunk')
}

/**
 * Speaks each line with espeak-ng (Debian package `espeak-ng`), one voice per
 * speaker; null when espeak-ng is not installed, so the simulation falls back
 * to captions without audio.
 */
export const speak = async (lines: ReadonlyArray<{ readonly text: string; readonly voice: string }>): Promise<Pcm[] | null> => {
  const dir = await mkdtemp(join(tmpdir(), 'notetaker-sim-'))
  try {
    const out: Pcm[] = []
    for (const [i, line] of lines.entries()) {
      const file = join(dir, `${i}.wav`)
      await espeak(['-v', line.voice, '-s', '165', '-w', file], line.text)
      out.push(readWavPcm(await readFile(file)))
    }
    return out
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw e
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
