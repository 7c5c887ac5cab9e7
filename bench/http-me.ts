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
import { load, median, startProcess, stop } from './support/load.js'

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
  [...tsx, 'src/cli.ts', 'serve'],
  { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', NOTETAKER_RATE_LIMIT: '1000000' },
  (l) => {
    const k = /^\s+(ntk_\S+)$/.exec(l)
    if (k) key = k[1]!
    const u = /curl .* (http:\/\/\S+)\/ext\/v1\/me/.exec(l)
    return u ? u[1]! : null
  },
)
try {
  const bareUrl = `http://127.0.0.1:${bare.value}/`
  const realUrl = `${real.value}/ext/v1/me`
  const check = await fetch(realUrl, { headers: { authorization: `Bearer ${key}` } })
  if (check.status !== 200) throw new Error(`the real server answered ${check.status} to /me`)
  await load(bareUrl, {}, 2, connections) // warm up both
  await load(realUrl, { authorization: `Bearer ${key}` }, 2, connections)
  const results = { bare: [] as Awaited<ReturnType<typeof load>>[], real: [] as Awaited<ReturnType<typeof load>>[] }
  for (let i = 0; i < rounds; i++) {
    results.bare.push(await load(bareUrl, {}, seconds, connections))
    results.real.push(await load(realUrl, { authorization: `Bearer ${key}` }, seconds, connections))
  }
  const summary = (rs: typeof results.bare) => ({
    rps: Math.round(median(rs.map((r) => r.requestsPerSecond))),
    p99Ms: median(rs.map((r) => r.p99Ms)),
    failures: rs.reduce((n, r) => n + r.errors + r.non2xx, 0),
  })
  const b = summary(results.bare)
  const r = summary(results.real)
  console.log(`GET /ext/v1/me (SQLite, valid key) vs bare node:http, ${rounds} rounds x ${seconds}s, ${connections} connections, loopback`)
  console.log(`  bare node:http  ${b.rps} req/s  p99 ${b.p99Ms} ms  failures ${b.failures}`)
  console.log(`  notetaker /me   ${r.rps} req/s  p99 ${r.p99Ms} ms  failures ${r.failures}`)
  console.log(`  ratio (notetaker / bare): ${(r.rps / b.rps).toFixed(2)}   goal >= 0.45`)
  console.log(`  per round ratios: ${results.real.map((x, i) => (x.requestsPerSecond / results.bare[i]!.requestsPerSecond).toFixed(2)).join(' ')}`)
} finally {
  await stop(bare.child)
  await stop(real.child)
  rmSync(dataDir, { recursive: true, force: true })
}
