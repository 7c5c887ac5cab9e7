import { execFile, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Utterance } from '../../src/core/domain/recordings/utterance.js'
import { readWavPcm } from '../../adapters/bots/simulated/speech.js'

const run = promisify(execFile)
const TIMEOUT_MS = 60_000

export interface SpeakOptions {
  /** An espeak-ng voice such as `en-us`, `en-us+f3`, `en-gb+m3`; default `en-us`. */
  readonly voice?: string
  /** Words per minute; default 150. */
  readonly wpm?: number
}

/**
 * Synthesises `text` into a WAV file (22.05 kHz mono, espeak-ng's native rate). The text goes
 * in on stdin, so nothing in it can be read as an option.
 */
export const speakToWav = (text: string, outPath: string, options: SpeakOptions = {}): Promise<void> =>
  new Promise((resolve, reject) => {
    const child = spawn('espeak-ng', ['-v', options.voice ?? 'en-us', '-s', String(options.wpm ?? 150), '-w', outPath, '--stdin'], {
      stdio: ['pipe', 'ignore', 'pipe'],
      timeout: TIMEOUT_MS,
    })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`espeak-ng failed (${code}): ${stderr}`))))
    child.stdin.end(text)
  })

/** Length of a 16-bit mono WAV (what espeak-ng writes). */
export const wavDurationMs = async (path: string): Promise<number> => {
  const pcm = readWavPcm(await readFile(path))
  return Math.round((pcm.samples.length / pcm.sampleRate) * 1000)
}

export interface Turn {
  readonly speaker: string
  readonly text: string
  readonly voice?: string
}

export interface DialogueOptions {
  readonly wpm?: number
  /** Silence before the first turn and between turns; default 1000 ms (longer than a sentence pause). */
  readonly gapMs?: number
}

/**
 * Speaks each turn with its own voice and joins them with silence into one WAV. Returns the
 * utterance boundaries by construction: each turn's clip, which includes the short silence
 * espeak-ng leaves at its end, so speech ends a little before `end_ms`.
 */
export const speakDialogue = async (
  turns: ReadonlyArray<Turn>,
  outPath: string,
  options: DialogueOptions = {},
): Promise<Utterance[]> => {
  const gapMs = options.gapMs ?? 1000
  const dir = await mkdtemp(join(tmpdir(), 'notetaker-speech-'))
  try {
    const gapPath = join(dir, 'gap.wav')
    await run('sox', ['-n', '-r', '22050', '-c', '1', '-b', '16', gapPath, 'trim', '0', String(gapMs / 1000)], { timeout: TIMEOUT_MS })
    const parts: string[] = [gapPath]
    const expected: Utterance[] = []
    let cursor = gapMs
    for (const [i, turn] of turns.entries()) {
      const clip = join(dir, `turn-${i}.wav`)
      await speakToWav(turn.text, clip, { voice: turn.voice ?? 'en-us', wpm: options.wpm ?? 150 })
      const length = await wavDurationMs(clip)
      expected.push({ start_ms: cursor, end_ms: cursor + length, speaker: turn.speaker, text: turn.text })
      cursor += length + gapMs
      parts.push(clip, gapPath)
    }
    await run('sox', [...parts, outPath], { timeout: TIMEOUT_MS })
    return expected
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Two voices (Alice, then Bob after a pause) recorded as the Chromium bot records a meeting (WebM/Opus),
 * in `dir`: the file's bytes and the turns as spoken.
 */
export const recordedDialogueWebm = async (dir: string): Promise<{ readonly webm: Buffer; readonly turns: Utterance[] }> => {
  const wav = join(dir, 'dialogue.wav')
  const turns = await speakDialogue(
    [
      { speaker: 'Alice', text: 'Hello everyone. Welcome to the meeting.', voice: 'en-us+f3' },
      { speaker: 'Bob', text: 'Thank you. Let us talk about the budget and the project.', voice: 'en-us+m3' },
    ],
    wav,
    { gapMs: 1200 },
  )
  await promisify(execFile)('ffmpeg', ['-nostdin', '-loglevel', 'error', '-i', wav, '-c:a', 'libopus', '-b:a', '32k', join(dir, 'dialogue.webm')])
  return { webm: await readFile(join(dir, 'dialogue.webm')), turns }
}

/** A file's bytes as a recorder hands them over: chunks of `size`. */
export const chunksOf = (bytes: Buffer, size = 4096): Uint8Array[] => {
  const out: Uint8Array[] = []
  for (let at = 0; at < bytes.length; at += size) out.push(new Uint8Array(bytes.subarray(at, at + size)))
  return out
}
