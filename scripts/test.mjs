#!/usr/bin/env node
// Runs every test file (memory stores behind the HTTP tests) with coverage, then the HTTP
// tests again over SQLite and, when DATABASE_URL is set, over Postgres (+ Redis), and closes
// with one plain line: "N passed, N failed, N skipped".
//
// The machines have two cores and most slow tests wait (on a browser, a child process, a
// socket), so the work runs in two lanes side by side: each lane takes half of the test
// files, then one of the database passes. A pattern on the command line runs the matching
// files in one lane, with coverage, and nothing else.
import { spawn } from 'node:child_process'
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(import.meta.dirname, '..')
const COVERAGE = join(ROOT, 'coverage', 'tmp')
const uvu = ['--import', 'tsx', 'node_modules/uvu/bin.js']

/**
 * The files of lane A, by their path under test/: browser and end-to-end tests, whose time is mostly
 * waiting, and two slow CLI files that even out the lanes (measured on two cores: 11 to 12 minutes
 * each with the database passes); lane B has the rest.
 */
const LANE_A = '(web/|e2e/|docs/|adapters/bots/chromium/|cli/(demo-chromium|organization)(?=\\.test\\.ts$))'
const laneA = `^${LANE_A}.*\\.test\\.ts$`
const laneB = `^(?!${LANE_A}).*\\.test\\.ts$`

/** Runs one pass; its output is printed whole when it ends, so the two lanes' lines do not mix. */
const run = (label, args, env = {}) =>
  new Promise((resolve) => {
    const started = Date.now()
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: '0', ...env } })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (out += chunk))
    child.on('close', (code) => {
      const minutes = ((Date.now() - started) / 60_000).toFixed(1)
      process.stdout.write(`\n== ${label} (${minutes} min)\n${out}`)
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '')
      const count = (name) => [...plain.matchAll(new RegExp(`^\\s+${name}:\\s+(\\d+)`, 'gm'))].reduce((n, m) => n + Number(m[1]), 0)
      const [total, passed, skipped] = [count('Total'), count('Passed'), count('Skipped')]
      const failed = code === 0 ? total - passed - skipped : Math.max(1, total - passed - skipped)
      resolve({ label, passed, failed, skipped, ok: code === 0 && total > 0 })
    })
  })

/** Coverage is collected from every process of the first passes (test files and the servers they start) and reported once. */
const withCoverage = { NODE_V8_COVERAGE: COVERAGE }
rmSync(COVERAGE, { recursive: true, force: true })
mkdirSync(COVERAGE, { recursive: true })

const pattern = process.argv[2]
const lanes =
  pattern !== undefined
    ? [[() => run(`test files matching ${pattern}, with coverage`, [...uvu, 'test', pattern], withCoverage)]]
    : [
        [
          () => run('lane A: browser, end-to-end, docs and two CLI test files, with coverage', [...uvu, 'test', laneA], withCoverage),
          () => run('lane A: HTTP tests over SQLite', [...uvu, 'test/http', '\\.test\\.ts$'], { HARNESS_STORE: 'sqlite' }),
        ],
        [
          () => run('lane B: all other tests (HTTP over memory stores), with coverage', [...uvu, 'test', laneB], withCoverage),
          ...((process.env.DATABASE_URL ?? '') === ''
            ? []
            : [() => run('lane B: HTTP tests over Postgres and Redis', [...uvu, 'test/http', '\\.test\\.ts$'], { HARNESS_STORE: 'postgres' })]),
        ],
      ]

const inTurn = async (passes) => {
  const results = []
  for (const pass of passes) results.push(await pass())
  return results
}
const passes = (await Promise.all(lanes.map(inTurn))).flat()

const report = spawn(process.execPath, ['node_modules/c8/bin/c8.js', 'report'], { cwd: ROOT, stdio: 'inherit' })
await new Promise((resolve) => report.on('close', resolve))

if (pattern === undefined && (process.env.DATABASE_URL ?? '') === '') process.stdout.write('\n== HTTP tests over Postgres: skipped, DATABASE_URL is not set (CI sets it)\n')
process.stdout.write('\n')
for (const p of passes) process.stdout.write(`${p.label}: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped\n`)
const sum = (k) => passes.reduce((n, p) => n + p[k], 0)
process.stdout.write(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped\n`)
process.exit(passes.every((p) => p.ok) ? 0 : 1)
