/** Latency of single requests to a local server: a free port, timed GETs one at a time, percentiles. */
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
