import { rmSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { nearestCommand, subcommandsOf } from '../../src/app/cli/suggest.js'
import { COMMAND_NAMES } from '../../src/app/cli/usage.js'
import { cli, tempDir } from '../support/cli.js'

test('a group named alone lists its commands; a slip gets the command it meant; anything else gets none', () => {
  assert.equal(subcommandsOf(COMMAND_NAMES, 'keys'), ['keys create', 'keys list', 'keys revoke'])
  assert.equal(subcommandsOf(COMMAND_NAMES, 'serve'), [])
  assert.is(nearestCommand(COMMAND_NAMES, ['acounts', 'list']), 'accounts list')
  assert.is(nearestCommand(COMMAND_NAMES, ['serv']), 'serve')
  assert.is(nearestCommand(COMMAND_NAMES, ['keys', 'craete', '--account', 'x']), 'keys create')
  assert.is(nearestCommand(COMMAND_NAMES, ['models', 'pul', 'base.en']), 'models pull')
  assert.is(nearestCommand(COMMAND_NAMES, ['frobnicate']), null)
  assert.is(nearestCommand(COMMAND_NAMES, ['keys', 'destroy']), null)
})

test('from the command line: `notetaker keys` lists what keys does, a typo is answered with the command meant, exit 2', () => {
  const dir = tempDir('cli-suggest')
  try {
    const env = { DATA_DIR: dir }
    const group = cli(['keys'], env)
    assert.is(group.code, 2)
    assert.match(group.stderr, 'notetaker keys: which one? `node bin/notetaker.mjs keys create`, `node bin/notetaker.mjs keys list`, `node bin/notetaker.mjs keys revoke`')
    const slip = cli(['acounts', 'list'], env)
    assert.is(slip.code, 2)
    assert.match(slip.stderr, "notetaker: unknown command 'acounts'; did you mean `node bin/notetaker.mjs accounts list`?")
    const unknown = cli(['keys', 'destroy'], env)
    assert.match(unknown.stderr, /^notetaker: unknown command 'keys destroy'\nRun `node bin\/notetaker\.mjs --help`/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
