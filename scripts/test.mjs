#!/usr/bin/env node
// Runs every test file under c8 (memory stores behind the HTTP tests), then the HTTP tests
// again over SQLite and, when DATABASE_URL is set, over Postgres (+ Redis), and closes with
// one plain line: "N passed, N failed, N skipped".
import { spawn } from 'node:child_process'

const pattern = process.argv[2] ?? '\\.test\\.ts$'
const uvu = ['--import', 'tsx', 'node_modules/uvu/bin.js']

const run = (label, args, env = {}) =>
  new Promise((resolve) => {
    process.stdout.write(`\n== ${label}\n`)
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FORCE_COLOR: '0', ...env } })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
      process.stdout.write(chunk)
    })
    child.on('close', (code) => {
      const plain = out.replace(/\x1b\[[0-9;]*m/g, '')
      const count = (name) => [...plain.matchAll(new RegExp(`${name}:\\s+(\\d+)`, 'g'))].reduce((n, m) => n + Number(m[1]), 0)
      const [total, passed, skipped] = [count('Total'), count('Passed'), count('Skipped')]
      const failed = code === 0 ? total - passed - skipped : Math.max(1, total - passed - skipped)
      resolve({ label, passed, failed, skipped, ok: code === 0 && total > 0 })
    })
  })

const passes = [await run('all tests (HTTP over memory stores), with coverage', ['node_modules/c8/bin/c8.js', 'node', ...uvu, 'test', pattern])]
// A pattern given on the command line narrows the first pass only.
if (process.argv[2] === undefined) {
  passes.push(await run('HTTP tests over SQLite', [...uvu, 'test/http', '\\.test\\.ts$'], { HARNESS_STORE: 'sqlite' }))
  if ((process.env.DATABASE_URL ?? '') === '') process.stdout.write('\n== HTTP tests over Postgres: skipped, DATABASE_URL is not set (CI sets it)\n')
  else passes.push(await run('HTTP tests over Postgres and Redis', [...uvu, 'test/http', '\\.test\\.ts$'], { HARNESS_STORE: 'postgres' }))
}

process.stdout.write('\n')
for (const p of passes) process.stdout.write(`${p.label}: ${p.passed} passed, ${p.failed} failed, ${p.skipped} skipped\n`)
const sum = (k) => passes.reduce((n, p) => n + p[k], 0)
process.stdout.write(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped\n`)
process.exit(passes.every((p) => p.ok) ? 0 : 1)
