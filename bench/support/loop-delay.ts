/** The event-loop delay of a server a bench started with loop-delay-preload.mjs, read window by window. */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Event-loop delay in ms beyond the 10 ms timer, and the share of time the loop was busy (0 to 1). */
export interface LoopDelay {
  readonly samples: number
  readonly p50: number
  readonly p99: number
  readonly max: number
  readonly utilization: number
}

export const LOOP_DELAY_PRELOAD = join(import.meta.dirname, 'loop-delay-preload.mjs')

/**
 * `execArgv` and `env` to start a node server with, and `window()`: the delay since the previous
 * call (the first call starts the first window). Null when the server does not answer within 5 s.
 */
export const loopDelayProbe = (file: string) => {
  let seq = 0
  const read = (): (LoopDelay & { seq: number }) | null => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null)
  const window = async (pid: number): Promise<LoopDelay | null> => {
    process.kill(pid, 'SIGUSR2')
    const until = performance.now() + 5_000
    while (performance.now() < until) {
      const s = read()
      if (s !== null && s.seq > seq) {
        seq = s.seq
        return s
      }
      await new Promise((r) => setTimeout(r, 20))
    }
    return null
  }
  return { execArgv: ['--import', LOOP_DELAY_PRELOAD], env: { BENCH_LOOP_DELAY_FILE: file }, window }
}
