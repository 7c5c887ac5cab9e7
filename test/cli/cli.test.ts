import { rmSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { commands } from '../../src/app/cli/commands.js'
import { COMMAND_NAMES } from '../../src/app/cli/usage.js'
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
  assert.match(revoked.stdout, new RegExp(`^revoked key ${k.id} at `))
  const after = JSON.parse(cli(['keys', 'list', '--account', a.id, '--json'], env).stdout)
  assert.type(after.find((x: any) => x.id === k.id).revokedAt, 'string')
  const again = cli(['keys', 'revoke', k.id], env)
  assert.is(again.code, 0, again.stderr)
  assert.match(again.stdout, new RegExp(`^key ${k.id} was already revoked \\(at ${after.find((x: any) => x.id === k.id).revokedAt}\\); nothing changed`))
})

s('accounts list: every account, oldest first, in pages', ({ env }) => {
  assert.match(cli(['accounts', 'list'], env).stdout, /^no accounts$/m)
  for (const n of [1, 2, 3]) assert.is(cli(['accounts', 'create', '--name', `P${n}`, '--email', `p${n}@example.com`], env).code, 0)
  const all = JSON.parse(cli(['accounts', 'list', '--json'], env).stdout)
  assert.equal([all.total, all.rows.map((a: { email: string }) => a.email)], [3, ['p1@example.com', 'p2@example.com', 'p3@example.com']])
  const page = cli(['accounts', 'list', '--limit', '2', '--offset', '1'], env)
  assert.is(page.code, 0, page.stderr)
  assert.match(page.stdout, /^\S+  p2@example\.com .*\n\S+  p3@example\.com .*\n2-3 of 3\n$/)
  assert.is(cli(['accounts', 'list', '--limit', '0'], env).code, 2)
})

s('server administrators: accounts create --server-admin, accounts server-admin [--off], never the last one', ({ env }) => {
  const ada = cli(['accounts', 'create', '--name', 'Ada', '--email', 'ada@example.com', '--server-admin'], env)
  assert.is(ada.code, 0, ada.stderr)
  assert.match(ada.stdout, /^created account \S+ \(ada@example\.com, plan self-hosted, server administrator\)$/m)
  const bob = JSON.parse(cli(['accounts', 'create', '--name', 'Bob', '--email', 'bob@example.com', '--json'], env).stdout)
  assert.is(bob.serverAdmin, false)
  assert.match(cli(['accounts', 'list'], env).stdout, /ada@example\.com  Ada  plan self-hosted  server administrator  created/)

  const last = cli(['accounts', 'server-admin', '--account', 'ada@example.com', '--off'], env)
  assert.equal([last.code, last.stdout], [1, ''])
  assert.is(last.stderr, "notetaker: ada@example.com is this server's last administrator, and a server needs one to manage its speech models; make another account one first (node bin/notetaker.mjs accounts server-admin --account EMAIL)\n")

  const made = cli(['accounts', 'server-admin', '--account', 'Bob@Example.com'], env)
  assert.is(made.code, 0, made.stderr)
  assert.is(made.stdout, "bob@example.com is now a server administrator: it manages this server's speech models (the web app's Settings, /ext/v1/server/models)\n")
  assert.is(cli(['accounts', 'server-admin', '--account', bob.id], env).stdout, 'bob@example.com was already a server administrator; nothing changed\n')
  const off = cli(['accounts', 'server-admin', '--account', 'ada@example.com', '--off', '--json'], env)
  assert.is(off.code, 0, off.stderr)
  assert.equal(JSON.parse(off.stdout), { accountId: JSON.parse(cli(['accounts', 'list', '--json'], env).stdout).rows[0].id, email: 'ada@example.com', serverAdmin: false, changed: true })
  assert.is(cli(['accounts', 'server-admin', '--account', 'ada@example.com', '--off'], env).stdout, 'ada@example.com was not a server administrator; nothing changed\n')
  const nobody = cli(['accounts', 'server-admin', '--account', 'nobody@example.com'], env)
  assert.equal([nobody.code, nobody.stderr], [1, 'notetaker: Account not found\n'])
  assert.is(cli(['accounts', 'server-admin'], env).code, 2, '--account is required')
})

s('--help lists every command and the settings; a usage error names the one wrong thing and points to --help', ({ env }) => {
  const help = cli(['--help'], env)
  assert.is(help.code, 0)
  for (const command of COMMAND_NAMES) assert.ok(help.stdout.includes(`  ${command}`), command)
  assert.match(help.stdout, /NOTETAKER_STORE=sqlite/)
  assert.equal(Object.keys(commands).sort(), [...COMMAND_NAMES].sort(), 'the help lists exactly the commands there are')
  const wrong = cli(['accounts', 'create', '--name', 'X', '--email', 'x@y.z', '--bogus'], env)
  assert.equal(wrong.stderr, "notetaker: Unknown option '--bogus'\nRun `node bin/notetaker.mjs --help` for the commands and their options.\n")
  assert.is(wrong.stdout, '')
})

s('bad arguments name the wrong thing and exit 2, writing nothing', ({ env }) => {
  for (const args of [[], ['frobnicate'], ['accounts', 'create', '--name', 'X'], ['accounts', 'create', '--name', 'X', '--email', 'x@y.z', '--bogus'], ['keys', 'create', '--account', 'x@y.z', '--expires-in-days', 'soon'], ['keys', 'revoke']]) {
    const r = cli(args, env)
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`)
    assert.match(r.stderr, /^notetaker: .+\nRun `node bin\/notetaker\.mjs --help` for the commands and their options\.\n$/)
    assert.not.match(r.stderr, /Usage: notetaker/, 'not the whole usage')
  }
  const listed = cli(['keys', 'list', '--account', 'x@y.z'], env)
  assert.is(listed.code, 1, 'no such account')
  assert.match(listed.stderr, /Account not found/)
})

s('plans: accounts create gives NOTETAKER_DEFAULT_PLAN unless --plan says otherwise; accounts set-plan changes it; accounts list shows it', ({ env }) => {
  assert.match(cli(['accounts', 'create', '--name', 'Ada', '--email', 'ada@example.com'], env).stdout, /\(ada@example\.com, plan self-hosted\)$/m)
  assert.match(cli(['accounts', 'create', '--name', 'Bob', '--email', 'bob@example.com', '--plan', 'free'], env).stdout, /\(bob@example\.com, plan free\)$/m)
  const chosen = cli(['accounts', 'create', '--name', 'Cy', '--email', 'cy@example.com'], { ...env, NOTETAKER_DEFAULT_PLAN: 'pro' })
  assert.match(chosen.stdout, /\(cy@example\.com, plan pro\)$/m, 'NOTETAKER_DEFAULT_PLAN decides the default')

  const lifted = cli(['accounts', 'set-plan', '--account', 'Bob@Example.com', '--plan', 'self-hosted'], env)
  assert.equal([lifted.code, lifted.stdout, lifted.stderr], [0, 'bob@example.com is now on plan self-hosted (unlimited recordings)\n', ''])
  assert.is(cli(['accounts', 'set-plan', '--account', 'bob@example.com', '--plan', 'self-hosted'], env).stdout, 'bob@example.com was already on plan self-hosted (unlimited recordings); nothing changed\n')
  const json = cli(['accounts', 'set-plan', '--account', 'ada@example.com', '--plan', 'free', '--json'], env)
  assert.is(json.code, 0, json.stderr)
  const ada = JSON.parse(json.stdout)
  assert.equal({ ...ada, accountId: typeof ada.accountId }, { accountId: 'string', email: 'ada@example.com', plan: { key: 'free', paid: false, monthlyRecordings: 25 }, changed: true })
  assert.is(cli(['accounts', 'set-plan', '--account', 'ada@example.com', '--plan', 'pro'], env).stdout, 'ada@example.com is now on plan pro (500 recordings a month)\n')

  const listed = cli(['accounts', 'list'], env).stdout
  assert.match(listed, /ada@example\.com  Ada  plan pro  created/)
  assert.match(listed, /bob@example\.com  Bob  plan self-hosted  created/)
  assert.equal(JSON.parse(cli(['accounts', 'list', '--json'], env).stdout).rows.map((a: { planKey: string }) => a.planKey), ['pro', 'self-hosted', 'pro'])

  const unknown = cli(['accounts', 'set-plan', '--account', 'ada@example.com', '--plan', 'gold'], env)
  assert.equal([unknown.code, unknown.stdout, unknown.stderr], [1, '', "notetaker: plan: gold is not one of this server's plans; the plans are: self-hosted, free, pro\n"])
  const nobody = cli(['accounts', 'set-plan', '--account', 'nobody@example.com', '--plan', 'pro'], env)
  assert.equal([nobody.code, nobody.stderr], [1, 'notetaker: Account not found\n'])
  assert.is(cli(['accounts', 'set-plan', '--account', 'ada@example.com'], env).code, 2, '--plan is required')
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
  assert.match(badPlan.stderr, /plan must be one of: self-hosted, free, pro/)
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
