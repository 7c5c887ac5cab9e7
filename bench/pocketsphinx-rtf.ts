/**
 * Real-time factor of the PocketSphinx transcriber on ~30 s of synthetic two-voice speech.
 * Prints wall time per run for three things side by side: the ffmpeg decode alone (the
 * baseline every transcriber pays), the whole transcriber (decode + recognition), and
 * keyword spotting. RTF = processing time / audio length; below 1 is faster than real time.
 *
 *   node --import tsx bench/pocketsphinx-rtf.ts [runs=3]
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { decodeToWav16kMono } from '../adapters/speech/audio/index.js'
import { createPocketsphinxTranscriber } from '../adapters/speech/transcribe-pocketsphinx/index.js'
import { speakDialogue } from '../test/support/speech.js'

const runs = Number(process.argv[2] ?? 3)
const dir = await mkdtemp(join(tmpdir(), 'bench-pocketsphinx-'))
try {
  const audio = join(dir, 'meeting.wav')
  const lines = [
    'Good morning everyone and welcome to the weekly planning meeting.',
    'Thanks. I would like to start with the budget for the next quarter.',
    'The project is on track but we need two more people for testing.',
    'Can we move the release date by one week to be safe?',
    'Yes, that works for me. Let us write that down as an action item.',
    'Great. I will send the notes to everyone after the call.',
  ]
  const turns = await speakDialogue(
    lines.map((text, i) => ({ speaker: i % 2 === 0 ? 'Alice' : 'Bob', text, voice: i % 2 === 0 ? 'en-us+f3' : 'en-us+m3' })),
    audio,
    { gapMs: 800, wpm: 140 },
  )
  const audioMs = turns[turns.length - 1]!.end_ms + 800
  const time = async (label: string, task: () => Promise<unknown>) => {
    const samples: number[] = []
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now()
      const result = (await task()) as { _tag?: string; left?: { message: string } }
      if (result?._tag === 'Left') throw new Error(`${label}: ${result.left?.message}`)
      samples.push(performance.now() - t0)
    }
    const median = samples.sort((a, b) => a - b)[Math.floor(samples.length / 2)]!
    return { label, median }
  }
  const decode = await time('ffmpeg decode only (baseline)', () => decodeToWav16kMono(audio, join(dir, 'decoded.wav'))())
  const free = await time('pocketsphinx transcriber', () => createPocketsphinxTranscriber().transcribe({ path: audio, defaultSpeaker: 'Room' })())
  const kws = await time('pocketsphinx keywords (4)', () =>
    createPocketsphinxTranscriber({ keywords: ['budget', 'project', 'release', 'meeting'] }).transcribe({ path: audio, defaultSpeaker: 'Room' })(),
  )
  console.log(`audio: ${(audioMs / 1000).toFixed(1)} s of speech, ${runs} runs each, median wall time`)
  for (const r of [decode, free, kws])
    console.log(
      `${r.label.padEnd(32)} ${(r.median / 1000).toFixed(2).padStart(6)} s   RTF ${(r.median / audioMs).toFixed(3)}   x baseline ${(r.median / decode.median).toFixed(1)}`,
    )
} finally {
  await rm(dir, { recursive: true, force: true })
}
