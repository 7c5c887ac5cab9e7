import { spawn } from 'node:child_process'
import { getPriority, setPriority } from 'node:os'
import * as E from 'fp-ts/lib/Either.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'

export interface ProcessResult {
  readonly exitCode: number
  readonly stdout: string
  /** The end of stderr only: tools like ffmpeg and pocketsphinx log a lot there. */
  readonly stderrTail: string
}

export type ProcessFailure =
  | { readonly _tag: 'NotInstalled'; readonly binary: string }
  | { readonly _tag: 'TimedOut'; readonly binary: string; readonly timeoutMs: number; readonly stderrTail: string }
  | { readonly _tag: 'SpawnFailed'; readonly binary: string; readonly message: string }

export interface RunOptions {
  readonly timeoutMs: number
  /** Upper bound on stdout kept in memory; beyond it the process is killed as a defect of its input. */
  readonly maxStdoutBytes?: number
  /** Each piece of stdout as it arrives (it is still collected whole), for tools that report as they go. */
  readonly onStdout?: (chunk: string) => void
  /**
   * How much lower than this process's the program's CPU priority is (Unix niceness added, up to 19).
   * Default BACKGROUND_NICENESS: these tools do background work (decoding, recognising), and the
   * cores should answer requests first; 0 keeps this process's priority.
   */
  readonly niceness?: number
  /** When it aborts (a processing time limit passed), the program is killed and the run fails. */
  readonly signal?: AbortSignal
}

/**
 * Measured with `npm run bench:transcription-latency` (docs/benchmarks.md): while audio is
 * transcribed, other accounts' median request took 2.5× its quiet time at the server's priority
 * and 1.3× with the recognisers at +10; the 95th percentile 4.5× and 2.2×.
 */
export const BACKGROUND_NICENESS = 10

/** Lowers a child's priority (by BACKGROUND_NICENESS unless told); a platform or sandbox that refuses leaves it as it is. */
export const lowerPriority = (pid: number | undefined, by: number = BACKGROUND_NICENESS) => {
  if (pid === undefined || by <= 0) return
  try {
    setPriority(pid, Math.min(19, getPriority() + by))
  } catch {
    // Not permitted here: the program runs at the server's priority.
  }
}

const STDERR_TAIL_BYTES = 8192

/**
 * Runs a program without a shell, bounded in time: on timeout it is sent SIGKILL (these tools
 * ignore nothing, but a wedged decoder may not react to SIGTERM). A non-zero exit is a result,
 * not a failure, so callers can word it with the program's own stderr.
 */
export const runProcess = (
  binary: string,
  args: ReadonlyArray<string>,
  options: RunOptions,
): TE.TaskEither<ProcessFailure, ProcessResult> => () =>
  new Promise((resolve) => {
    const maxStdout = options.maxStdoutBytes ?? 64 * 1024 * 1024
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false })
    lowerPriority(child.pid, options.niceness ?? BACKGROUND_NICENESS)
    const stdout: Buffer[] = []
    let stdoutBytes = 0
    let stderrTail = ''
    let timedOut = false
    let settled = false
    let overflowed = false
    let stopped = false
    const settle = (value: E.Either<ProcessFailure, ProcessResult>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      options.signal?.removeEventListener('abort', stop)
      resolve(value)
    }
    const stop = () => {
      stopped = true
      child.kill('SIGKILL')
    }
    if (options.signal?.aborted === true) stop()
    else options.signal?.addEventListener('abort', stop, { once: true })
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, options.timeoutMs)
    child.stdout.on('data', (chunk: Buffer) => {
      stdoutBytes += chunk.length
      if (stdoutBytes > maxStdout) {
        overflowed = true
        child.kill('SIGKILL')
      } else {
        stdout.push(chunk)
        options.onStdout?.(chunk.toString('utf8'))
      }
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-STDERR_TAIL_BYTES)
    })
    child.on('error', (error: NodeJS.ErrnoException) =>
      settle(
        E.left(
          error.code === 'ENOENT'
            ? { _tag: 'NotInstalled', binary }
            : { _tag: 'SpawnFailed', binary, message: error.message },
        ),
      ),
    )
    // A killed program's own children (a shell's, say) may still hold its output open, and 'close' waits for them:
    // once the program we killed has exited, its output is closed from this side.
    child.on('exit', () => {
      if (stopped || timedOut || overflowed) {
        child.stdout.destroy()
        child.stderr.destroy()
      }
    })
    child.on('close', (code, signal) => {
      if (stopped) settle(E.left({ _tag: 'SpawnFailed', binary, message: 'it was stopped: processing passed its time limit' }))
      else if (timedOut) settle(E.left({ _tag: 'TimedOut', binary, timeoutMs: options.timeoutMs, stderrTail }))
      else if (overflowed)
        settle(E.left({ _tag: 'SpawnFailed', binary, message: `it wrote more than ${maxStdout} bytes of output` }))
      else
        settle(
          E.right({
            exitCode: code ?? (signal === null ? 0 : 128),
            stdout: Buffer.concat(stdout).toString('utf8'),
            stderrTail,
          }),
        )
    })
  })

/** The last few meaningful stderr lines, for an error message a person can act on. */
export const summariseStderr = (stderrTail: string, maxLines = 3): string => {
  const lines = stderrTail
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l.length > 0)
  return lines.slice(-maxLines).join(' | ').slice(0, 400)
}

/** "2.5 s", or "300 ms" for limits under a second, for timeout messages. */
export const formatLimit = (ms: number): string => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`)
