import { type ChildProcess, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createInterface } from 'node:readline'
import autocannon from 'autocannon'

export interface LoadResult {
  readonly requestsPerSecond: number
  readonly p50Ms: number
  readonly p99Ms: number
  readonly errors: number
  readonly non2xx: number
  readonly requests: number
}

/** Loads one URL on loopback for a fixed time with a fixed number of connections. */
export const load = async (url: string, headers: Record<string, string>, seconds: number, connections = 32): Promise<LoadResult> => {
  const r = await autocannon({ url, headers, duration: seconds, connections, pipelining: 1 })
  return {
    requestsPerSecond: r.requests.average,
    p50Ms: r.latency.p50,
    p99Ms: r.latency.p99,
    errors: r.errors + r.timeouts,
    non2xx: r.non2xx,
    requests: r.requests.total,
  }
}

/** Starts a child process and waits for a line of its stdout that the matcher accepts. */
export const startProcess = (
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  match: (line: string) => string | null,
): Promise<{ child: ChildProcess; value: string }> =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] })
    const timer = setTimeout(() => reject(new Error(`${args.join(' ')} did not start in 120 s`)), 120_000)
    // The matcher sees both streams: the server's first-run key comes on standard error, apart from its log.
    for (const stream of [child.stdout!, child.stderr!]) {
      createInterface({ input: stream }).on('line', (line) => {
        if (stream === child.stderr) process.stderr.write(`${line}\n`)
        const value = match(line)
        if (value !== null) {
          clearTimeout(timer)
          resolve({ child, value })
        }
      })
    }
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)))
  })

export const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.removeAllListeners('exit')
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

/**
 * CPU time (user + system) a process has used, in microseconds, from /proc;
 * null where there is no /proc. Less sensitive than throughput to what else the machine runs.
 */
export const cpuMicros = (pid: number | undefined): number | null => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100 // clock ticks; USER_HZ is 100 on Linux
  } catch {
    return null
  }
}
