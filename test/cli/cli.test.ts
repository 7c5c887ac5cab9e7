import { rmSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, tempDir } from '../support/cli.js'

const s = suite<{ dir: string; env: Record<string, string> }>('notetaker CLI')
s.before.each((ctx) => {
  ctx.dir = tempDir('cli')
  ctx.env = { DATA_DIR: ctx.dir }
})
s.after.each(({ dir }) => rmSync(dir, { recursive: true, force: true }))

s('accounts create, keys create/list/revoke on SQLite', ({ env }) => {
  const account = cli(['accounts', 'create', '--name', 'Ada', '--email', 'Ada@Example.com', '--organization', 'Acme', '--json'], env)
  assert.is(account.code, 0, account.stderr)
  const a = JSON.parse(account.stdout)
  assert.is(a.email, 'ada@example.com')
  assert.type(a.organizationId, 'string')

  const plain = cli(['keys', 'create', '--account', 'ada@example.com', '--readonly', '--name', 'ci'], env)
  assert.is(plain.code, 0, plain.stderr)
  const lastLine = plain.stdout.trim().split('\n').at(-1)!
  assert.match(lastLine, /^ntk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/)

  const json = cli(['keys', 'create', '--account', a.id, '--org-wide', '--expires-in-days', '30', '--json'], env)
  const k = JSON.parse(json.stdout)
  assert.equal(Object.keys(k).sort(), ['access', 'expiresAt', 'id', 'key', 'organizationWide'])
  assert.equal([k.access, k.organizationWide], ['full', true])

  const listed = cli(['keys', 'list', '--account', 'ada@example.com', '--json'], env)
  const keys = JSON.parse(listed.stdout)
  assert.is(keys.length, 2)
  assert.not.ok(JSON.stringify(keys).includes(k.key), 'the key itself is never listed')
  assert.not.ok('hash' in keys[0], 'nor its hash')

  const revoked = cli(['keys', 'revoke', k.id], env)
  assert.is(revoked.code, 0, revoked.stderr)
  const after = JSON.parse(cli(['keys', 'list', '--account', a.id, '--json'], env).stdout)
  assert.type(after.find((x: any) => x.id === k.id).revokedAt, 'string')
})

s('bad arguments print usage and exit 2, writing nothing', ({ env }) => {
  for (const args of [[], ['frobnicate'], ['accounts', 'create', '--name', 'X'], ['accounts', 'create', '--name', 'X', '--email', 'x@y.z', '--bogus'], ['keys', 'create', '--account', 'x@y.z', '--expires-in-days', 'soon'], ['keys', 'revoke']]) {
    const r = cli(args, env)
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`)
    assert.match(r.stdout + r.stderr, /Usage: notetaker/)
  }
  const listed = cli(['keys', 'list', '--account', 'x@y.z'], env)
  assert.is(listed.code, 1, 'no such account')
  assert.match(listed.stderr, /Account not found/)
})

s('domain errors exit 1 with a readable message', ({ env }) => {
  assert.is(cli(['accounts', 'create', '--name', 'A', '--email', 'a@b.co'], env).code, 0)
  const dup = cli(['accounts', 'create', '--name', 'A', '--email', 'a@b.co'], env)
  assert.is(dup.code, 1)
  assert.match(dup.stderr, /exists already/)
  const badEmail = cli(['accounts', 'create', '--name', 'A', '--email', 'not-an-email'], env)
  assert.is(badEmail.code, 1)
  assert.match(badEmail.stderr, /email/)
  const badPlan = cli(['accounts', 'create', '--name', 'A', '--email', 'c@b.co', '--plan', 'gold'], env)
  assert.match(badPlan.stderr, /plan must be one of: free, pro/)
  const orgKey = cli(['keys', 'create', '--account', 'a@b.co', '--org-wide'], env)
  assert.is(orgKey.code, 1)
  assert.match(orgKey.stderr, /no organization/)
})

s('an invalid configuration stops with a readable message and exit 1', ({ env }) => {
  const r = cli(['migrate'], { ...env, NOTETAKER_STORE: 'mongo', PORT: 'eighty' })
  assert.is(r.code, 1)
  assert.match(r.stderr, /NOTETAKER_STORE="mongo" must be one of: sqlite, memory/)
  assert.match(r.stderr, /PORT="eighty" must be a whole number/)
})

s('migrate applies once, then reports the database is up to date', ({ env }) => {
  assert.match(cli(['migrate'], env).stdout, /applied: 1-accounts/)
  assert.match(cli(['migrate'], env).stdout, /up to date/)
})

s.run()
