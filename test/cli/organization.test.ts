import { rmSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, serve, tempDir } from '../support/cli.js'

const s = suite<{ dir: string; env: Record<string, string> }>('notetaker organizations (CLI)')
s.before.each((ctx) => {
  ctx.dir = tempDir('orgs')
  ctx.env = { DATA_DIR: ctx.dir }
})
s.after.each(({ dir }) => rmSync(dir, { recursive: true, force: true }))

const ok = (args: string[], env: Record<string, string>) => {
  const r = cli(args, env)
  assert.is(r.code, 0, `${args.join(' ')}: ${r.stderr}`)
  return r.stdout
}

s('build an organization, invite and accept through the CLI, then read it with an organization-wide key', async ({ env }) => {
  for (const name of ['Ada', 'Bob', 'Cy']) ok(['accounts', 'create', '--name', name, '--email', `${name.toLowerCase()}@example.com`], env)
  const acme = JSON.parse(ok(['organizations', 'create', '--name', 'Acme', '--owner', 'ada@example.com', '--json'], env))
  assert.is(acme.name, 'Acme')
  assert.match(ok(['organizations', 'add-member', '--organization', acme.id, '--account', 'bob@example.com', '--role', 'admin'], env), /as admin/)

  const invited = ok(['organizations', 'invite', '--organization', acme.id, '--email', 'Cy@Example.com', '--role', 'member'], env)
  const token = invited.trim().split('\n').at(-1)!
  assert.match(invited, /invited cy@example\.com as member/)
  assert.match(token, /^\S{40,}$/)
  assert.match(ok(['organizations', 'accept', '--token', token, '--account', 'cy@example.com'], env), /joined organization .* as member/)
  const used = cli(['organizations', 'accept', '--token', token, '--account', 'cy@example.com'], env)
  assert.equal([used.code, /not found/.test(used.stderr)], [1, true], used.stderr)

  const pending = JSON.parse(ok(['organizations', 'invite', '--organization', acme.id, '--email', 'dee@example.com', '--role', 'admin', '--json'], env))
  assert.equal(Object.keys(pending).sort(), ['email', 'expiresAt', 'id', 'role', 'token'])
  ok(['accounts', 'create', '--name', 'Zed', '--email', 'zed@example.com', '--organization', 'Zeta'], env)
  const adaKey = JSON.parse(ok(['keys', 'create', '--account', 'ada@example.com', '--org-wide', '--readonly', '--json'], env)).key
  const zedKey = JSON.parse(ok(['keys', 'create', '--account', 'zed@example.com', '--org-wide', '--json'], env)).key

  const server = await serve(env)
  try {
    const get = async (path: string, key: string) => {
      const r = await fetch(`${server.url}/ext/v1${path}`, { headers: { authorization: `Bearer ${key}` } })
      return { status: r.status, body: (await r.json()) as any }
    }
    const members = await get('/organization/members', adaKey)
    assert.is(members.status, 200)
    assert.equal(members.body.data.rows.map((m: any) => [m.email, m.role]), [['ada@example.com', 'owner'], ['bob@example.com', 'admin'], ['cy@example.com', 'member']])
    assert.is(members.body.data.total, 3)
    const invites = await get('/organization/invites', adaKey)
    assert.equal(invites.body.data.rows.map((i: any) => [i.id, i.email, i.role, i.status, i.invitedBy]), [[pending.id, 'dee@example.com', 'admin', 'pending', null]])
    assert.equal([invites.body.data.total, invites.body.data.limit, invites.body.data.offset], [1, 1, 0])
    assert.equal((await get('/organization', adaKey)).body.data.memberCount, 3)
    const zeta = await get('/organization/members', zedKey)
    assert.equal(zeta.body.data.rows.map((m: any) => [m.email, m.role]), [['zed@example.com', 'owner']], 'accounts create --organization makes an owner')
  } finally {
    await server.stop()
  }
})

s('refusals: bad arguments exit 2, refused operations exit 1 with the reason', ({ env }) => {
  ok(['accounts', 'create', '--name', 'Ada', '--email', 'ada@example.com', '--organization', 'Acme'], env)
  ok(['accounts', 'create', '--name', 'Bob', '--email', 'bob@example.com'], env)
  for (const args of [
    ['organizations', 'create', '--name', 'X'],
    ['organizations', 'add-member', '--organization', 'x', '--account', 'bob@example.com', '--role', 'boss'],
    ['organizations', 'invite', '--organization', 'x', '--email', 'e@example.com'],
    ['organizations', 'accept', '--token', 't'],
  ]) {
    const r = cli(args, env)
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`)
    assert.match(r.stderr, /^notetaker: .+\nRun `node bin\/notetaker\.mjs --help` for the commands and their options\.\n$/)
  }
  const taken = cli(['organizations', 'create', '--name', 'Again', '--owner', 'ada@example.com'], env)
  assert.equal([taken.code, /belongs to an organization already/.test(taken.stderr)], [1, true], taken.stderr)
  const unknown = cli(['organizations', 'add-member', '--organization', '00000000-0000-4000-8000-000000000000', '--account', 'bob@example.com', '--role', 'member'], env)
  assert.equal([unknown.code, /Organization not found/.test(unknown.stderr)], [1, true], unknown.stderr)
  const badEmail = cli(['organizations', 'invite', '--organization', '00000000-0000-4000-8000-000000000000', '--email', 'nope', '--role', 'member'], env)
  assert.equal([badEmail.code, /email must be an email address/.test(badEmail.stderr)], [1, true], badEmail.stderr)
})

s.run()
