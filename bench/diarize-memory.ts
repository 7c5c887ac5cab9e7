/**
 * npm run bench:diarize-memory [-- --minutes 10,60,180 --modes windows,whole --window-minutes 10 --whole-up-to 60]
 *
 * How much memory speaker separation takes as the recording grows. Diarizes generated meetings
 * of each --minutes length with sherpa-onnx over the tiny speaker models
 * (scripts/make-tiny-speaker-models.ts, with a 10 s segmentation window like pyannote's, so
 * sherpa-onnx does the same amount of work per second of audio as with the published models)
 * and reports the child process's peak resident memory (its VmHWM, which it reports at its end)
 * and the time taken, for each mode:
 * - `windows`: as the server does it, --window-minutes at a time, read from disk;
 * - `whole`: the whole file in one window, which is what the server did before (the whole
 *   decoded audio as 32-bit floats, and sherpa-onnx's clustering over every chunk of it);
 *   only up to --whole-up-to minutes by default, as 3 hours of it takes over 2 GB.
 * The audio: two espeak-ng voices taking turns with pauses, looped by ffmpeg to each length,
 * in a temporary folder removed at the end (a 3-hour 16 kHz WAV is 350 MB, and the diarizer
 * decodes its own copy).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import * as E from 'fp-ts/lib/Either.js'
import { createSherpaDiarizer, sherpaInstalled } from '../adapters/speech/diarize-sherpa/index.js'
import { writeTinySpeakerModels } from '../scripts/make-tiny-speaker-models.js'
import { speakDialogue } from '../test/support/speech.js'

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '10,60,180' },
    modes: { type: 'string', default: 'windows,whole' },
    'window-minutes': { type: 'string', default: '10' },
    'whole-up-to': { type: 'string', default: '60' },
  },
})
const MINUTES = args.minutes.split(',').map(Number)
const MODES = args.modes.split(',')
const WINDOW_MINUTES = Number(args['window-minutes'])
const WHOLE_UP_TO = Number(args['whole-up-to'])
if (!MINUTES.every((m) => Number.isFinite(m) && m > 0 && m <= 600)) throw new Error('--minutes takes lengths from above 0 to 600, separated by commas')
if (!MODES.every((m) => m === 'windows' || m === 'whole')) throw new Error('--modes takes windows, whole or both')
if (!(WINDOW_MINUTES > 0) || !(WHOLE_UP_TO >= 0)) throw new Error('--window-minutes and --whole-up-to take positive numbers')
if (!sherpaInstalled()) throw new Error('sherpa-onnx is not installed for this platform')

const dir = mkdtempSync(join(tmpdir(), 'notetaker-bench-diarize-'))
const mb = (bytes: number) => Math.round(bytes / 1e6)

try {
  const models = writeTinySpeakerModels(join(dir, 'models'), { windowSeconds: 10, frames: 500 })
  const clip = join(dir, 'dialogue.wav')
  await speakDialogue(
    [
      { speaker: 'A', text: 'Good morning everyone. Today we plan the launch of the new office and the budget for it.' },
      { speaker: 'B', text: 'Thank you. I will send the numbers on Friday, and we can talk about them again next week.', voice: 'en-us+f3' },
      { speaker: 'A', text: 'That works for me. Let us also look at the hiring plan before the end of the month.' },
      { speaker: 'B', text: 'Agreed. I will ask the team for their estimates and share a summary tomorrow.', voice: 'en-us+f3' },
    ],
    clip,
  )
  const rows: string[] = []
  for (const minutes of MINUTES) {
    const audio = join(dir, `meeting-${minutes}min.wav`)
    execFileSync('ffmpeg', ['-nostdin', '-loglevel', 'error', '-y', '-stream_loop', '-1', '-i', clip, '-t', String(minutes * 60), '-ar', '16000', '-ac', '1', audio])
    for (const mode of MODES.filter((m) => m === 'windows' || minutes <= WHOLE_UP_TO)) {
      let measured = { peakRssBytes: 0, windows: 0 }
      const diarizer = createSherpaDiarizer({
        segmentationModel: models.segmentation,
        embeddingModel: models.embedding,
        windowMs: mode === 'whole' ? Infinity : WINDOW_MINUTES * 60_000,
        onMeasured: (m) => (measured = m),
      })
      const started = Date.now()
      const r = await diarizer.diarize(audio)()
      const seconds = (Date.now() - started) / 1000
      const row = E.isRight(r)
        ? `| ${minutes} min | ${mode} | ${measured.windows} | ${mb(measured.peakRssBytes)} MB | ${seconds.toFixed(0)} s | ${new Set(r.right.map((t) => t.speaker)).size} |`
        : `| ${minutes} min | ${mode} | – | failed: ${r.left.message} | ${seconds.toFixed(0)} s | – |`
      process.stdout.write(`${row}\n`)
      rows.push(row)
    }
    rmSync(audio, { force: true })
  }
  process.stdout.write(`\n| audio | mode | windows | child's peak memory (VmHWM) | time | speakers |\n|---|---|---|---|---|---|\n${rows.join('\n')}\n`)
} finally {
  rmSync(dir, { recursive: true, force: true })
}
