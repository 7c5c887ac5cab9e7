#!/usr/bin/env node
// Runs every test file under c8 and closes with one plain line: "N passed, N failed".
import { spawn } from 'node:child_process'

const pattern = process.argv[2] ?? '\\.test\\.ts$'
const child = spawn(
  process.execPath,
  ['node_modules/c8/bin/c8.js', 'node', '--import', 'tsx', 'node_modules/uvu/bin.js', 'test', pattern],
  { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, FORCE_COLOR: '0' } },
)
let out = ''
child.stdout.on('data', (chunk) => {
  out += chunk
  process.stdout.write(chunk)
})
child.on('close', (code) => {
  const plain = out.replace(/\x1b\[[0-9;]*m/g, '')
  const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? 0)
  const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? 0)
  const skipped = Number(/Skipped:\s+(\d+)/.exec(plain)?.[1] ?? 0)
  const failed = code === 0 ? total - passed - skipped : Math.max(1, total - passed - skipped)
  process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`)
  process.exit(code === 0 && total > 0 ? 0 : 1)
})
