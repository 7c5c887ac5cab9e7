/**
 * The commands the CLI prints read the way this install runs it: `node bin/notetaker.mjs …` from a
 * checkout (npm start, the Docker image), `notetaker …` when started as the installed bin.
 */
import { spawnSync } from 'node:child_process'
import { rmSync, symlinkSync } from 'node:fs'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { asThisInstallRuns, cliCommandFor } from '../../src/app/cli/name.js'
import { ROOT, tempDir } from '../support/cli.js'

test('a checkout runs node and the script, from the working folder; the installed bin runs notetaker', () => {
  assert.is(cliCommandFor('/srv/notetaker/bin/notetaker.mjs', '/srv/notetaker'), 'node bin/notetaker.mjs')
  assert.is(cliCommandFor('/srv/notetaker/bin/notetaker.mjs', '/srv/notetaker/bin'), 'node notetaker.mjs')
  assert.is(cliCommandFor('/srv/notetaker/bin/notetaker.mjs', '/home/ada'), 'node /srv/notetaker/bin/notetaker.mjs', 'elsewhere: the whole path')
  assert.is(cliCommandFor('/home/ada/my notes/bin/notetaker.mjs', '/tmp'), 'node "/home/ada/my notes/bin/notetaker.mjs"', 'a path with a space is quoted')
  assert.is(cliCommandFor('/usr/local/bin/notetaker', '/home/ada'), 'notetaker', "npm's link to the bin")
  assert.is(cliCommandFor('/srv/app/node_modules/.bin/notetaker', '/srv/app'), 'notetaker', 'npx')
  assert.is(cliCommandFor(undefined, '/'), 'notetaker', 'no script (an embedding program)')
})

test("the core's messages name commands the way this install runs them, and only commands", () => {
  const core = 'A server administrator can lift it with `notetaker accounts set-plan --account EMAIL` (or notetaker accounts list); notetaker: a prefix, not a command'
  assert.is(
    asThisInstallRuns(core, 'node bin/notetaker.mjs'),
    'A server administrator can lift it with `node bin/notetaker.mjs accounts set-plan --account EMAIL` (or node bin/notetaker.mjs accounts list); notetaker: a prefix, not a command',
  )
  assert.is(asThisInstallRuns(core, 'notetaker'), core)
})

test('started through a link named notetaker, as npm installs the bin, the hints say notetaker', () => {
  const dir = tempDir('cli-name')
  try {
    const link = join(dir, 'notetaker')
    symlinkSync(join(ROOT, 'bin', 'notetaker.mjs'), link)
    const run = (script: string) => spawnSync(process.execPath, [script, 'keys'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dir }, encoding: 'utf8', timeout: 60_000 })
    const installed = run(link)
    assert.is(installed.status, 2)
    assert.match(installed.stderr, 'which one? `notetaker keys create`, `notetaker keys list`, `notetaker keys revoke`\nRun `notetaker --help`')
    const checkout = run(join(ROOT, 'bin', 'notetaker.mjs'))
    assert.match(checkout.stderr, 'which one? `node bin/notetaker.mjs keys create`')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
