/**
 * whisper.cpp in a child Node process (child.mjs), one per transcription: started at a lower
 * CPU priority, the model loaded there once, the windows sent one at a time. Whatever happens
 * to whisper.cpp (an abort, a crash, a kill, memory past the bound) ends that process only: the
 * window it was transcribing fails with words, and the server goes on.
 *
 * Memory is bounded by a watchdog, not a resource limit: RLIMIT_AS counts address space, which
 * V8 reserves far beyond what it uses (under `ulimit -v 1000000`, 1 GB, node starts but aborts
 * when its heap grows past about 75 MB, cannot create WebAssembly memory, and aborts loading
 * the binding), and Linux does not enforce RLIMIT_RSS. The watchdog reads the child's
 * resident memory from /proc every 250 ms and kills it past the bound; an allocation faster
 * than that can overshoot by what it adds in 250 ms. Where there is no /proc it does nothing.
 */
import { fork } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { lowerPriority } from '../audio/index.js'
import type { WhisperGpu, WhisperSegment } from './binding.js'

const CHILD = fileURLToPath(new URL('./child.mjs', import.meta.url))
const WATCH_MS = 250

export interface EngineOptions {
  readonly modelPath: string
  /** A module the child loads instead of `@fugood/whisper.node` (tests: one that crashes). */
  readonly bindingModule?: string
  /** whisper.cpp's GPU build to load (installed: see gpuBuildProblem); absent: its CPU build. */
  readonly gpu?: WhisperGpu
  /** Resident memory (bytes) past which the process is killed. */
  readonly maxMemoryBytes: number
  /** Kills the process: processing passed its time limit. */
  readonly signal?: AbortSignal
}

export interface WindowRequest {
  readonly wav: string
  /** Byte range of the window's samples in the WAV file. */
  readonly from: number
  readonly to: number
  readonly lengthMs: number
  readonly language: string
  readonly threads: number
  readonly temperatureInc?: number
  readonly silenceDb?: number
}

export interface WindowAnswer {
  readonly segments: ReadonlyArray<WhisperSegment>
  readonly language?: string
  /** Nothing louder than silence: not given to whisper.cpp. */
  readonly silent: boolean
}

/** The process ended before answering: `what` goes after "the speech engine" ("stopped (SIGABRT)"), `why` after the place in the audio. */
export class EngineStopped extends Error {
  constructor(
    readonly what: string,
    readonly why: string | null = null,
  ) {
    super(`the speech engine ${what}${why === null ? '' : `: ${why}`}`)
  }
}

type Answer =
  | { kind: 'loaded' }
  | { kind: 'heard'; id: number; ms: number }
  | { kind: 'done'; id: number; segments: WhisperSegment[]; language?: string; silent: boolean }
  | { kind: 'failed'; id?: number; message: string }

export interface EngineProcess {
  readonly pid: number | undefined
  /** Resolves once the model is loaded; rejects with what went wrong. */
  readonly loaded: Promise<void>
  transcribe(request: WindowRequest, heard: (ms: number) => void): Promise<WindowAnswer>
  /** Ends the process (it holds the model): after the transcription, or to abandon it. */
  stop(): void
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

/** The child's resident memory in bytes (VmRSS, in kB whatever the page size), or null when it cannot be read. */
export const residentBytes = async (pid: number): Promise<number | null> => {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8')
    const m = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)
    return m === null ? null : Number(m[1]) * 1024
  } catch {
    return null
  }
}

/** The line of whisper.cpp's (or node's) standard error that says why it stopped, if one does. */
export const reasonFromStderr = (stderr: string): string | null => {
  const lines = stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
  const telling = lines.filter((l) => /GGML_ASSERT|assert|error|fatal|what\(\)|out of memory|failed/i.test(l)).at(-1)
  return telling === undefined ? null : telling.replace(/^\S*\/[\w.-]+\.(?:c|cc|cpp|h):\d+:\s*/, '').slice(0, 300)
}

export const startEngine = (options: EngineOptions): EngineProcess => {
  const child = fork(CHILD, [], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'], serialization: 'advanced' })
  // Background work, like ffmpeg and the other recognisers: the request loop's process comes first.
  lowerPriority(child.pid)
  let stderr = ''
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-8192)
  })
  let stopping = false
  let outOfMemory: number | null = null
  let aborted = false
  let loadedNow: { resolve: () => void; reject: (e: Error) => void } | undefined
  const pending = new Map<number, { resolve: (a: WindowAnswer) => void; reject: (e: Error) => void; heard: (ms: number) => void }>()
  let ids = 0

  const loaded = new Promise<void>((resolve, reject) => {
    loadedNow = { resolve, reject }
  })
  // Nobody may be waiting on it yet: a failure is read where it is awaited.
  loaded.catch(() => undefined)

  const failAll = (e: Error) => {
    loadedNow?.reject(e)
    loadedNow = undefined
    for (const p of pending.values()) p.reject(e)
    pending.clear()
  }

  const watchdog = setInterval(() => {
    if (child.pid === undefined) return
    void residentBytes(child.pid).then((bytes) => {
      if (bytes !== null && bytes > options.maxMemoryBytes && child.exitCode === null && outOfMemory === null) {
        outOfMemory = bytes
        child.kill('SIGKILL')
      }
    })
  }, WATCH_MS)
  watchdog.unref()

  const onAbort = () => {
    aborted = true
    child.kill('SIGKILL')
  }
  options.signal?.addEventListener('abort', onAbort, { once: true })

  child.on('message', (m: Answer) => {
    if (m.kind === 'loaded') {
      loadedNow?.resolve()
      loadedNow = undefined
    } else if (m.kind === 'heard') pending.get(m.id)?.heard(m.ms)
    else if (m.kind === 'done') {
      pending.get(m.id)?.resolve({ segments: m.segments, silent: m.silent, ...(m.language === undefined ? {} : { language: m.language }) })
      pending.delete(m.id)
    } else if (m.id === undefined) {
      loadedNow?.reject(new Error(m.message))
      loadedNow = undefined
    } else {
      pending.get(m.id)?.reject(new Error(m.message))
      pending.delete(m.id)
    }
  })
  child.on('error', (e) => failAll(new EngineStopped('could not start', e.message)))
  child.on('close', (code, signal) => {
    clearInterval(watchdog)
    options.signal?.removeEventListener('abort', onAbort)
    if (stopping) return failAll(new EngineStopped('was stopped'))
    if (aborted) return failAll(new EngineStopped('was stopped', 'processing passed its time limit'))
    if (outOfMemory !== null)
      return failAll(new EngineStopped('was stopped', `it used ${mb(outOfMemory)} of memory, more than the ${mb(options.maxMemoryBytes)} allowed for this model (NOTETAKER_WHISPER_MAX_MEMORY_MB raises it)`))
    failAll(new EngineStopped(`stopped (${signal ?? `exit code ${code}`})`, reasonFromStderr(stderr)))
  })

  child.send({
    kind: 'load',
    modelPath: options.modelPath,
    ...(options.bindingModule === undefined ? {} : { bindingModule: options.bindingModule }),
    ...(options.gpu === undefined ? {} : { gpu: options.gpu }),
  })
  if (options.signal?.aborted === true) onAbort()

  return {
    pid: child.pid,
    loaded,
    transcribe: (request, heard) =>
      new Promise<WindowAnswer>((resolve, reject) => {
        if (child.exitCode !== null || child.signalCode !== null || !child.connected) return reject(new EngineStopped('had already stopped'))
        const id = ++ids
        pending.set(id, { resolve, reject, heard })
        child.send({ kind: 'window', id, ...request })
      }),
    stop: () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      stopping = true
      child.kill('SIGKILL')
    },
  }
}
