import { rmSync } from 'node:fs'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, serve, tempDir } from '../support/cli.js'

test('first run on SQLite: creates an account, prints a working key once, and stops gracefully', async () => {
  const dir = tempDir('first-run')
  try {
    const first = await serve({ DATA_DIR: dir })
    const key = first.output.map((l) => /^\s+(ntk_\S+)$/.exec(l)?.[1]).find((k) => k !== undefined)
    assert.ok(key, `a key was printed:\n${first.output.join('\n')}`)
    assert.ok(first.output.some((l) => l.includes(`curl -H "Authorization: Bearer ${key}" ${first.url}/ext/v1/me`)))
    // Started from the checkout (as npm start does), the commands it prints run from there.
    assert.ok(first.output.some((l) => /^ \(change it: node bin\/notetaker\.mjs accounts set-password --account \S+@\S+\)$/.test(l)), first.output.join('\n'))
    assert.ok(first.output.some((l) => /^ Lost it\? node bin\/notetaker\.mjs keys create --account /.test(l)))
    assert.not.ok(first.output.some((l) => /(^|[ (])notetaker (accounts|keys) /.test(l)), 'no command a checkout cannot run')
    const me = await fetch(`${first.url}/ext/v1/me`, { headers: { authorization: `Bearer ${key}` } })
    assert.is(me.status, 200)
    const identity = (await me.json()).data
    assert.is(identity.key.access, 'full')
    assert.is(identity.account.serverAdmin, true, "the first start's account is a server administrator")
    assert.equal(identity.plan, { key: 'self-hosted', paid: false, monthlyRecordings: null }, 'on the unlimited self-hosted plan')
    assert.not.ok(first.output.some((l) => l.includes('no account is a server administrator')), 'so no warning')
    assert.is(await first.stop(), 0, 'SIGTERM exits cleanly')

    const second = await serve({ DATA_DIR: dir })
    assert.not.ok(second.output.some((l) => l.includes('ntk_')), 'the key is not printed again')
    const again = await fetch(`${second.url}/ext/v1/me`, { headers: { authorization: `Bearer ${key}` } })
    assert.is(again.status, 200, 'the key survived the restart')
    assert.is(await second.stop(), 0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('a store whose accounts were made with the CLI before the first start has no administrator: the start says how to make one', async () => {
  const dir = tempDir('first-run-cli')
  try {
    assert.is(cli(['accounts', 'create', '--name', 'Ada', '--email', 'ada@example.com'], { DATA_DIR: dir }).code, 0)
    const started = await serve({ DATA_DIR: dir })
    assert.not.ok(started.output.some((l) => l.includes('ntk_')), 'no first account is made')
    assert.ok(
      started.output.some((l) => l.includes('no account is a server administrator, so nobody can download or add speech models from the web app; make one with: node bin/notetaker.mjs accounts server-admin --account EMAIL')),
      started.output.join('\n'),
    )
    assert.is(await started.stop(), 0)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
