#!/usr/bin/env node
// Runs the compiled JavaScript in dist/ (`npm run build`, which `npm install` runs).
// A checkout whose sources changed since the last build, or that has none, runs
// the TypeScript sources through tsx instead, so it never runs stale code.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const built = join(root, 'dist', 'src', 'app', 'cli', 'index.js')
const stamp = join(root, 'dist', '.tsbuildinfo')

const newestSource = (dir) => {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path))
    else if (/\.(ts|mts|mjs|json)$/.test(entry.name)) newest = Math.max(newest, statSync(path).mtimeMs)
  }
  return newest
}

const current = () => {
  if (!existsSync(built) || !existsSync(stamp)) return false
  // Without the sources (a package built elsewhere), what was built is what there is.
  if (!existsSync(join(root, 'src'))) return true
  return statSync(stamp).mtimeMs >= Math.max(newestSource(join(root, 'src')), newestSource(join(root, 'adapters')))
}

if (current()) await import(built)
else {
  const { register } = await import('tsx/esm/api')
  register()
  await import('../src/app/cli/index.ts')
}
