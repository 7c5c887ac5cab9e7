/** Latency of single requests to a local server: a free port, the server started, timed GETs one at a time, percentiles. */
import { type ChildProcess, spawn } from 'node:child_process'
import { Agent, request } from 'node:http'
import { createServer } from 'node:net'

/** A loopback port nothing listens on (for the server the bench starts). */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port
      s.close(() => resolve(port))
    })
  })

export const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0

/** GETs to 127.0.0.1:port over one kept-alive connection, each timed from request to last byte. */
export const timedGets = (port: number) => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const timedGet = (path: string, key: string) =>
    new Promise<{ ms: number; status: number; body: string }>((resolve, reject) => {
      const t0 = performance.now()
      request({ host: '127.0.0.1', port, path, agent, headers: { authorization: `Bearer ${key}` } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ ms: performance.now() - t0, status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }))
      })
        .on('error', reject)
        .end()
    })
  /** Requests one at a time for `seconds` (at least 20 of them): latency with nothing queued; with the last answer's body. */
  const sequential = async (path: string, key: string, seconds: number) => {
    const ms: number[] = []
    let body = ''
    const until = performance.now() + seconds * 1000
    while (performance.now() < until || ms.length < 20) {
      const r = await timedGet(path, key)
      if (r.status !== 200) throw new Error(`${path} answered ${r.status}: ${r.body.slice(0, 300)}`)
      ms.push(r.ms)
      body = r.body
    }
    return { p50: percentile(ms, 50), p99: percentile(ms, 99), n: ms.length, body }
  }
  return { timedGet, sequential, agent }
}

/**
 * Starts `serve --no-worker` with `env` (which sets PORT=port) and waits until
 * GET /me answers 200 (pending migrations run first, which may take a while on a large store).
 */
export const startBenchServer = async (env: NodeJS.ProcessEnv, port: number, key: string): Promise<{ child: ChildProcess; seconds: number }> => {
  const started = performance.now()
  const child = spawn(process.execPath, ['bin/notetaker.mjs', 'serve', '--no-worker'], { env, stdio: ['ignore', 'inherit', 'inherit'] })
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`)
    const status = await fetch(`http://127.0.0.1:${port}/ext/v1/me`, { headers: { authorization: `Bearer ${key}` } }).then((r) => r.status, () => 0)
    if (status === 200) break
    if (status !== 0) throw new Error(`the server answered ${status} to /me`)
    if (performance.now() - started > 900_000) throw new Error('the server did not start in 15 minutes')
    await new Promise((r) => setTimeout(r, 250))
  }
  return { child, seconds: (performance.now() - started) / 1000 }
}
