/**
 * One Whisper variant on one set of clips, in a process of its own, so its peak memory is this
 * process's alone (its VmHWM: node, the binding, the model, whisper.cpp's buffers) and a crash in
 * whisper.cpp costs one row of bench/asr.ts, not the bench. Started by bench/asr.ts:
 *
 *   node --import tsx bench/support/whisper-worker.ts JOB.json
 *
 * It reads the job, transcribes a short warm-up clip first (whisper.cpp loads the model on the
 * first call; that time is reported apart, not counted in the real-time factor), then each clip,
 * and writes the result next to the job as JSON.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { performance } from 'node:perf_hooks'
import { createWhisperTranscriber, residentBytes } from '../../adapters/speech/transcribe-whisper/index.js'

export interface WhisperJob {
  readonly modelPath: string
  readonly threads: number
  readonly language: string
  readonly warmupPath: string
  readonly clips: ReadonlyArray<string>
  readonly out: string
}

export type ClipOutcome = { readonly text: string; readonly wallMs: number } | { readonly error: string }

export type WhisperJobResult =
  | { readonly unusable: string }
  | {
      /** RSS before the model is loaded: what node, tsx and the binding cost without a model. */
      readonly baselineRssMb: number
      /** The first call: the model's load and the recognition of the warm-up clip. */
      readonly firstCallMs: number
      readonly clips: ReadonlyArray<ClipOutcome>
      /** This process's peak RSS (getrusage ru_maxrss) plus the peak of whisper.cpp's own process (sampled every 50 ms), where the model lives. */
      readonly maxRssMb: number
    }

const mb = (bytes: number) => bytes / 1024 / 1024

const run = async (job: WhisperJob): Promise<WhisperJobResult> => {
  const transcriber = createWhisperTranscriber({ modelPath: job.modelPath, threads: job.threads })
  if (!transcriber.available) return { unusable: transcriber.setupHint ?? 'the transcriber is not available' }
  const baselineRssMb = mb(process.memoryUsage.rss())
  // whisper.cpp runs in a child process per transcription: its memory is sampled, as getrusage counts only this one.
  let enginePeak = 0
  const sampler = setInterval(() => {
    for (const pid of transcriber.enginePids()) void residentBytes(pid).then((b) => (enginePeak = Math.max(enginePeak, b ?? 0)))
  }, 50)
  sampler.unref()
  const t0 = performance.now()
  const warm = await transcriber.transcribe({ path: job.warmupPath, defaultSpeaker: 'Room', language: job.language })()
  const firstCallMs = performance.now() - t0
  if (warm._tag === 'Left') return { unusable: warm.left.message }
  const clips: ClipOutcome[] = []
  for (const path of job.clips) {
    const started = performance.now()
    const result = await transcriber.transcribe({ path, defaultSpeaker: 'Room', language: job.language })()
    clips.push(
      result._tag === 'Left'
        ? { error: result.left.message }
        : { text: result.right.utterances.map((u) => u.text).join(' '), wallMs: performance.now() - started },
    )
  }
  clearInterval(sampler)
  await transcriber.close()
  return { baselineRssMb, firstCallMs, clips, maxRssMb: process.resourceUsage().maxRSS / 1024 + mb(enginePeak) }
}

const jobPath = process.argv[2]
if (jobPath === undefined) {
  process.stderr.write('usage: node --import tsx bench/support/whisper-worker.ts JOB.json (bench/asr.ts starts it)\n')
  process.exit(2)
}
const job = JSON.parse(await readFile(jobPath, 'utf8')) as WhisperJob
await writeFile(job.out, JSON.stringify(await run(job)))
