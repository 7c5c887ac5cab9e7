/**
 * GET /ext/v1/me on the real server (SQLite, a valid key) against a bare
 * node:http server answering a small JSON body, loaded side by side in one run
 * on loopback, in alternating rounds so drift on a shared machine hits both.
 * Usage: npm run bench [-- --seconds 5 --rounds 3 --connections 32]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { cpuMicros, load, median, startProcess, stop } from './support/load.js'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, rounds: { type: 'string', default: '3' }, connections: { type: 'string', default: '32' } } })
const seconds = Number(values.seconds)
const rounds = Number(values.rounds)
const connections = Number(values.connections)

const dataDir = mkdtempSync(join(tmpdir(), 'notetaker-bench-'))
const tsx = ['--import', 'tsx']
const bare = await startProcess(process.execPath, [...tsx, 'bench/support/bare-server.ts'], process.env, (l) => (l.startsWith('{"port"') ? String(JSON.parse(l).port) : null))
let key = ''
const real = await startProcess(
  process.execPath,
  [...tsx, 'src/app/cli/index.ts', 'serve'],
  { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', NOTETAKER_RATE_LIMIT: '1000000' },
  (l) => {
    const k = /^\s+(ntk_\S+)$/.exec(l)
    if (k) key = k[1]!
    const u = /curl .* (http:\/\/\S+)\/ext\/v1\/me/.exec(l)
    return u ? u[1]! : null
  },
).catch(async (e: unknown) => {
  // Otherwise the bare server outlives the run (and holds its output open).
  await stop(bare.child)
  rmSync(dataDir, { recursive: true, force: true })
  throw e
})
try {
  const bareUrl = `http://127.0.0.1:${bare.value}/`
  const realUrl = `${real.value}/ext/v1/me`
  const check = await fetch(realUrl, { headers: { authorization: `Bearer ${key}` } })
  if (check.status !== 200) throw new Error(`the real server answered ${check.status} to /me`)
  await load(bareUrl, {}, 2, connections) // warm up both
  await load(realUrl, { authorization: `Bearer ${key}` }, 2, connections)
  // The server's CPU time per request, beside throughput: the load generator shares the machine's cores.
  const measured = async (pid: number | undefined, url: string, headers: Record<string, string>) => {
    const before = cpuMicros(pid)
    const r = await load(url, headers, seconds, connections)
    const after = cpuMicros(pid)
    return { ...r, cpuMicros: before === null || after === null || r.requests === 0 ? null : (after - before) / r.requests }
  }
  const results = { bare: [] as Awaited<ReturnType<typeof measured>>[], real: [] as Awaited<ReturnType<typeof measured>>[] }
  for (let i = 0; i < rounds; i++) {
    results.bare.push(await measured(bare.child.pid, bareUrl, {}))
    results.real.push(await measured(real.child.pid, realUrl, { authorization: `Bearer ${key}` }))
  }
  const summary = (rs: typeof results.bare) => ({
    rps: Math.round(median(rs.map((r) => r.requestsPerSecond))),
    p99Ms: median(rs.map((r) => r.p99Ms)),
    failures: rs.reduce((n, r) => n + r.errors + r.non2xx, 0),
    cpuMicros: rs.every((r) => r.cpuMicros !== null) ? median(rs.map((r) => r.cpuMicros!)) : null,
  })
  const b = summary(results.bare)
  const r = summary(results.real)
  console.log(`GET /ext/v1/me (SQLite, valid key) vs bare node:http, ${rounds} rounds x ${seconds}s, ${connections} connections, loopback`)
  console.log(`  bare node:http  ${b.rps} req/s  p99 ${b.p99Ms} ms  failures ${b.failures}`)
  console.log(`  notetaker /me   ${r.rps} req/s  p99 ${r.p99Ms} ms  failures ${r.failures}`)
  console.log(`  ratio (notetaker / bare): ${(r.rps / b.rps).toFixed(2)}   goal >= 0.45`)
  console.log(`  per round ratios: ${results.real.map((x, i) => (x.requestsPerSecond / results.bare[i]!.requestsPerSecond).toFixed(2)).join(' ')}`)
  if (b.cpuMicros !== null && r.cpuMicros !== null) {
    console.log(`  server CPU per request (median): bare ${b.cpuMicros.toFixed(1)} µs, notetaker ${r.cpuMicros.toFixed(1)} µs (ratio ${(b.cpuMicros / r.cpuMicros).toFixed(2)})`)
  }
} finally {
  await stop(bare.child)
  await stop(real.child)
  rmSync(dataDir, { recursive: true, force: true })
}
