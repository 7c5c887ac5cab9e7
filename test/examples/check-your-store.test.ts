/**
 * examples/check-your-store.ts works as docs/embedding.md says: run as a program, its store passes
 * the contract and the process exits 0; with --broken, the contract catches the bug, names the
 * check, and the process exits 1 (a contract that could not fail would pass here too).
 */
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'

const root = join(import.meta.dirname, '..', '..')

const runExample = (...args: string[]) => {
  const { FORCE_COLOR: _, ...env } = process.env
  const child = spawnSync(process.execPath, ['--import', 'tsx', 'examples/check-your-store.ts', ...args], {
    cwd: root,
    env: { ...env, NO_COLOR: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  })
  return { status: child.status, out: `${child.stdout}${child.stderr}` }
}

test('its store passes every check of the idempotency contract, and the process exits 0', () => {
  const { status, out } = runExample()
  assert.is(status, 0, out)
  assert.match(out, /Total:\s+4\b/)
  assert.match(out, /Passed:\s+4\b/)
})

test('with --broken the contract fails the check the bug breaks, and the process exits 1', () => {
  const { status, out } = runExample('--broken')
  assert.is(status, 1, out)
  assert.match(out, /a key is forgotten after the retention time/)
  assert.match(out, /Passed:\s+3\b/)
})

test.run()
