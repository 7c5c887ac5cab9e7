import { rmSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, firstKey, firstPassword, firstSignIn, serve, tempDir } from '../support/cli.js'

const s = suite<{ dir: string; env: Record<string, string> }>('notetaker accounts set-password, and the first run\'s password')
s.before.each((ctx) => {
  ctx.dir = tempDir('set-password')
  ctx.env = { DATA_DIR: ctx.dir }
})
s.after.each(({ dir }) => rmSync(dir, { recursive: true, force: true }))

const signIn = (url: string, email: string, password: string) =>
  fetch(`${url}/ext/v1/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) })

s('a password from standard input (its first line), or a generated one printed once; either signs in', async ({ env }) => {
  assert.is(cli(['accounts', 'create', '--name', 'Ada', '--email', 'ada@example.com'], env).code, 0)
  const typed = cli(['accounts', 'set-password', '--account', 'ada@example.com', '--json'], env, 'my own long password\nnot this line\n')
  assert.is(typed.code, 0, typed.stderr)
  const t = JSON.parse(typed.stdout)
  assert.equal(Object.keys(t).sort(), ['accountId', 'email', 'sessionsEnded'], 'a typed password is never printed')
  assert.equal([t.email, t.sessionsEnded], ['ada@example.com', 0])
  assert.is(cli(['accounts', 'set-password', '--account', 'ada@example.com'], env, 'another long password\n').stdout, 'set the password of ada@example.com\n')

  const generated = cli(['accounts', 'set-password', '--account', 'ada@example.com'], env)
  assert.is(generated.code, 0, generated.stderr)
  const lines = generated.stdout.trim().split('\n')
  assert.match(lines[0]!, /^set a generated password for ada@example\.com; it is shown only now:$/)
  const password = lines.at(-1)!
  assert.match(password, /^[1-9A-HJ-NP-Za-km-z]{20}$/)
  const json = JSON.parse(cli(['accounts', 'set-password', '--account', 'ada@example.com', '--json'], env, '').stdout)
  assert.match(json.password, /^[1-9A-HJ-NP-Za-km-z]{20}$/, 'empty input generates too; --json carries it')

  const short = cli(['accounts', 'set-password', '--account', 'ada@example.com'], env, 'short\n')
  assert.equal([short.code, short.stderr], [1, 'notetaker: password: password must be at least 10 characters\n'])
  const nobody = cli(['accounts', 'set-password', '--account', 'nobody@example.com'], env, 'a long enough password\n')
  assert.equal([nobody.code, nobody.stderr], [1, 'notetaker: Account not found\n'])
  assert.is(cli(['accounts', 'set-password'], env).code, 2, '--account is required')

  const server = await serve(env)
  try {
    const ok = await signIn(server.url, 'ada@example.com', json.password)
    assert.is(ok.status, 201)
    assert.match(ok.headers.get('set-cookie') ?? '', /^nt_session=[A-Za-z0-9_-]{43}; Max-Age=1209600; Path=\/; HttpOnly; SameSite=Lax$/)
    assert.is((await signIn(server.url, 'ada@example.com', password)).status, 401, 'the password before it no longer works')
  } finally {
    await server.stop()
  }
})

s('the first run prints the web app address and a password that signs in, beside the key', async ({ env }) => {
  const server = await serve(env)
  try {
    const { email, password } = firstSignIn(server.output)
    assert.is(email, 'owner@notetaker.localhost')
    assert.is(firstPassword(server.output), password)
    assert.match(password, /^[1-9A-HJ-NP-Za-km-z]{20}$/, server.output.join('\n'))
    assert.ok(server.output.some((l) => l.trim() === `Open the web app at ${server.url}/`), server.output.join('\n'))
    assert.is((await fetch(`${server.url}/ext/v1/me`, { headers: { authorization: `Bearer ${firstKey(server.output)}` } })).status, 200, 'the key still works')
    const signed = await signIn(server.url, email, password)
    assert.is(signed.status, 201)
    const cookie = /^(nt_session=[^;]+);/.exec(signed.headers.get('set-cookie') ?? '')![1]!
    const me = await fetch(`${server.url}/ext/v1/me`, { headers: { cookie } })
    assert.is((await me.json()).data.account.email, email)
  } finally {
    await server.stop()
  }
})

s.run()
