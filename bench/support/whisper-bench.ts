/**
 * The Whisper side of bench/asr.ts: which model files there are (DATA_DIR/models and
 * --whisper-models), whether each is usable, and one run of a variant in its own process
 * (bench/support/whisper-worker.ts).
 */
import { spawn } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { basename, join, resolve } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { modelsDir } from '../../adapters/speech/models/index.js'
import { readWhisperModelInfo, type WhisperModelInfo } from '../../adapters/speech/transcribe-whisper/index.js'
import type { WhisperJob, WhisperJobResult } from './whisper-worker.js'

export interface FoundModel {
  /** The file's name without `ggml-` and `.bin`, as the transcriber names it: `base.en`. */
  readonly name: string
  readonly path: string
  /** Why the file cannot be used (the header check); absent when it can. */
  readonly problem?: string
  readonly info?: WhisperModelInfo
  /** Set when the header's dimensions are far below Whisper tiny's: a generated test model. */
  readonly testModel?: string
}

/** Whisper tiny, the smallest published model, is 384 wide; anything narrower is not a trained Whisper. */
const TINY_STATE = 384

const nameOf = (path: string) => basename(path).replace(/^ggml-/, '').replace(/\.bin$/, '')

const examine = (path: string): Omit<FoundModel, 'name'> => {
  const info = readWhisperModelInfo(path)
  if (E.isLeft(info)) return { path, problem: info.left }
  const state = info.right.hparams.n_audio_state
  return {
    path,
    info: info.right,
    ...(state < TINY_STATE
      ? { testModel: `a test model (${state} wide, ${info.right.hparams.n_audio_layer} layer(s); Whisper tiny is ${TINY_STATE} wide, 4 layers): it recognises nothing, so its WER means nothing` }
      : {}),
  }
}

/** `ggml-*.bin` in DATA_DIR/models (not `.part` or `.adding`), then the files given; each path once, names made unique. */
export const findWhisperModels = (dataDir: string, extra: ReadonlyArray<string>): { dir: string; models: FoundModel[] } => {
  const dir = resolve(modelsDir(dataDir))
  let inDir: string[] = []
  try {
    inDir = readdirSync(dir).filter((f) => /^ggml-.+\.bin$/.test(f)).sort().map((f) => join(dir, f))
  } catch {
    // no folder: no model
  }
  const paths = [...new Set([...inDir, ...extra.map((p) => resolve(p))])]
  const taken = new Map<string, number>()
  const models = paths.map((path) => {
    const base = nameOf(path)
    const n = (taken.get(base) ?? 0) + 1
    taken.set(base, n)
    return { name: n === 1 ? base : `${base}.${n}`, ...examine(path) }
  })
  return { dir, models }
}

export const describeModel = (m: FoundModel): string =>
  m.problem !== undefined
    ? `Whisper model ${m.path}: unusable, ${m.problem}`
    : `Whisper model ${m.name}: ${m.path}, ${m.info!.size}${m.info!.multilingual ? ' multilingual' : ' English-only'}, ${(m.info!.bytes / 1024 / 1024).toFixed(0)} MB` +
      (m.testModel === undefined ? '' : `; ${m.testModel}`)

const WORKER = join(import.meta.dirname, 'whisper-worker.ts')
const ROOT = resolve(import.meta.dirname, '..', '..')

let jobs = 0

/** Runs one job in a new node process; a process that dies (whisper.cpp crashing) is reported as unusable, with the end of its log. */
export const runWhisperJob = async (job: Omit<WhisperJob, 'out'>, scratchDir: string): Promise<WhisperJobResult> => {
  const n = ++jobs
  const jobFile = join(scratchDir, `whisper-job-${n}.json`)
  const out = join(scratchDir, `whisper-result-${n}.json`)
  await writeFile(jobFile, JSON.stringify({ ...job, out } satisfies WhisperJob))
  const { code, signal, log } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null; log: string }>((done, reject) => {
    // whisper.cpp logs its model load and timings on stderr; only the end is kept, for a failure.
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, jobFile], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'] })
    let log = ''
    child.stderr.on('data', (c: Buffer) => (log = (log + c.toString()).slice(-4000)))
    child.on('error', reject)
    child.on('close', (code, signal) => done({ code, signal, log }))
  })
  if (code !== 0) {
    const last = log.trim().split('\n').slice(-3).join(' | ')
    return { unusable: `its process stopped (${signal ?? `exit code ${code}`})${last === '' ? '' : `: ${last}`}` }
  }
  return JSON.parse(await readFile(out, 'utf8')) as WhisperJobResult
}
