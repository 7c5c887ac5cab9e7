/**
 * A start that fails says what went wrong in a line or two, names the setting
 * to change, exits 1, and shows no stack trace; a taken port creates nothing.
 */
import { rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { cli, serve, tempDir } from '../support/cli.js'

const s = suite<{ dir: string }>('notetaker: start-up failures')
s.before.each((ctx) => {
  ctx.dir = tempDir('startup')
})
s.after.each(({ dir }) => rmSync(dir, { recursive: true, force: true }))

const assertTwoLines = (r: { code: number | null; stderr: string }, names: RegExp) => {
  assert.is(r.code, 1, r.stderr)
  const lines = r.stderr.trimEnd().split('\n')
  assert.ok(lines.length <= 2, `at most two lines:\n${r.stderr}`)
  assert.match(r.stderr, /^notetaker: /)
  assert.match(r.stderr, names)
  assert.not.match(r.stderr, /\n\s+at /, 'no stack trace')
}

const occupied = () =>
  new Promise<{ server: Server; port: number }>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => resolve({ server, port: (server.address() as { port: number }).port }))
  })

s('a taken port: one plain message naming PORT, and no account is created, so the next start still prints the first key', async ({ dir }) => {
  const { server, port } = await occupied()
  try {
    const r = cli(['serve'], { DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1' })
    assertTwoLines(r, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use\\.\\n  Stop what uses it, or set PORT to another port`))
    assert.not.match(r.stdout + r.stderr, /ntk_/, 'no key printed')
  } finally {
    server.close()
  }
  assert.match(cli(['accounts', 'list'], { DATA_DIR: dir }).stdout, /^no accounts$/m, 'nothing was created')
  const started = await serve({ DATA_DIR: dir, PORT: '0' })
  try {
    assert.ok(started.output.some((l) => /^\s+ntk_\S+$/.test(l)), 'the next start creates the account and prints its key')
  } finally {
    await started.stop()
  }
})

s('an unreachable or malformed DATABASE_URL, and a DATA_DIR that cannot be written, are named with what to do', ({ dir }) => {
  const postgres = (url: string) => cli(['migrate'], { DATA_DIR: dir, NOTETAKER_STORE: 'postgres', DATABASE_URL: url })
  assertTwoLines(postgres('postgres://notetaker:hunter2@127.0.0.1:1/notetaker'), /could not reach the Postgres database at 127\.0\.0\.1:1\/notetaker: nothing answers there \(connection refused\)\.\n  Start PostgreSQL there, or set DATABASE_URL/)
  assert.not.match(postgres('postgres://notetaker:hunter2@127.0.0.1:1/notetaker').stderr, /hunter2/, 'never the password')
  assertTwoLines(postgres('postgres//db.internal/notetaker'), /DATABASE_URL is not the address of a Postgres database/)
  assertTwoLines(postgres('postgres://notetaker@nosuchhost.invalid/notetaker'), /its host name could not be (found|looked up)\.\n  Start PostgreSQL there, or set DATABASE_URL/)
  const file = join(dir, 'a-file')
  writeFileSync(file, '')
  assertTwoLines(cli(['migrate'], { DATA_DIR: join(file, 'data') }), /cannot write .*a-file.* \(a file stands where a folder should be\)\.\n  Make DATA_DIR .* a folder this user can write, or set DATA_DIR to one\./)
})

s('a Postgres that refuses the user names DATABASE_URL (when a Postgres is at hand)', () => {
  const base = process.env['DATABASE_URL']
  if (base === undefined || base === '') return
  const url = new URL(base)
  url.username = 'no_such_role_here'
  const r = cli(['migrate'], { NOTETAKER_STORE: 'postgres', DATABASE_URL: url.toString() })
  assertTwoLines(r, /no_such_role_here.*\n  Fix the user name or password in DATABASE_URL\./)
})

s.run()
