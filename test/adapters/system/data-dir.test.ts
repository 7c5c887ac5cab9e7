/**
 * DATA_DIR holds the database, the stored recordings and the secret key: only
 * the user running Notetaker may read it. The stores are opened as the service
 * opens them (openAdapters), then the modes are read back with stat.
 */
import { randomBytes } from 'node:crypto'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import * as E from 'fp-ts/lib/Either.js'
import { pino } from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { prepareDataDir } from '../../../adapters/system/data-dir.js'
import { loadConfig } from '../../../src/app/config/index.js'
import { openAdapters } from '../../../src/app/composition/adapters.js'
import type { Bytes } from '../../../src/core/ports/blob-store.js'
import { right } from '../../support/run.js'

const s = suite<{ tmp: string; data: string }>('DATA_DIR: private to the user running the service')
s.before.each((ctx) => {
  ctx.tmp = mkdtempSync(join(tmpdir(), 'notetaker-data-dir-'))
  ctx.data = join(ctx.tmp, 'data')
})
s.after.each(({ tmp }) => rmSync(tmp, { recursive: true, force: true }))

const modeOf = (p: string) => statSync(p).mode & 0o777
const octal = (m: number) => `0${m.toString(8)}`
const from = (text: string): Bytes => (async function* () { yield Buffer.from(text) })()

const capture = () => {
  const lines: Array<Record<string, unknown> & { msg: string }> = []
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
  return { logger, lines }
}

const open = async (data: string, logger: ReturnType<typeof capture>['logger']) => {
  const config = loadConfig({ DATA_DIR: data })
  if (E.isLeft(config)) throw new Error(config.left.join('\n'))
  return openAdapters(config.right, { migrate: true, logger })
}

/** Opens the service's stores, stores a file and writes a row (so the WAL and its index exist), and gives the modes. */
const useOnce = async (data: string, logger: ReturnType<typeof capture>['logger']) => {
  const opened = await open(data, logger)
  try {
    await right(opened.ports.blobs.put('uploads/acct/rec.webm', from('audio bytes'), { maxBytes: 100 }))
    await right(opened.ports.jobs.enqueue({ kind: 'test.write', payload: {} }))
    const paths = {
      dir: data,
      files: join(data, 'files'),
      uploads: join(data, 'files', 'uploads', 'acct'),
      db: join(data, 'notetaker.db'),
      wal: join(data, 'notetaker.db-wal'),
      shm: join(data, 'notetaker.db-shm'),
      key: join(data, 'secret.key'),
      blob: join(data, 'files', 'uploads', 'acct', 'rec.webm'),
    }
    return Object.fromEntries(Object.entries(paths).map(([name, p]) => [name, existsSync(p) ? octal(modeOf(p)) : 'missing']))
  } finally {
    await opened.close()
  }
}

const PRIVATE = { dir: '0700', files: '0700', uploads: '0700', db: '0600', wal: '0600', shm: '0600', key: '0600', blob: '0600' }

s('a fresh DATA_DIR: the folders are 0700, the database, its -wal and -shm, the key and the stored files 0600', async ({ data }) => {
  const { logger, lines } = capture()
  assert.equal(await useOnce(data, logger), PRIVATE)
  assert.equal(lines.filter((l) => /private|unfinished/.test(l.msg)), [], 'nothing to tighten, nothing logged')
})

s('an install from before (0755 folders, 0644 files) is tightened at start, and that is logged once', async ({ data }) => {
  // What the earlier version left: made with the default umask, and a WAL database.
  mkdirSync(join(data, 'files', 'uploads', 'old'), { recursive: true, mode: 0o755 })
  chmodSync(data, 0o755)
  const old = new Database(join(data, 'notetaker.db'))
  old.pragma('journal_mode = WAL')
  old.exec('CREATE TABLE leftover (x)')
  old.close()
  writeFileSync(join(data, 'secret.key'), `${randomBytes(32).toString('base64')}\n`)
  writeFileSync(join(data, 'files', 'uploads', 'old', 'before.webm'), 'old audio')
  for (const f of ['notetaker.db', 'secret.key', 'files/uploads/old/before.webm']) chmodSync(join(data, f), 0o644)
  assert.is(modeOf(join(data, 'notetaker.db')), 0o644)

  const { logger, lines } = capture()
  assert.equal(await useOnce(data, logger), PRIVATE)
  assert.is(modeOf(join(data, 'files', 'uploads', 'old')), 0o700)
  assert.is(modeOf(join(data, 'files', 'uploads', 'old', 'before.webm')), 0o600)

  const told = lines.filter((l) => /other users of this machine/.test(l.msg))
  assert.is(told.length, 2, 'one line for DATA_DIR, one for the stored files')
  const dataLine = told.find((l) => /data folder/.test(l.msg))!
  assert.match(dataLine.msg, /notetaker\.db \(was 0644, now 0600\)/)
  assert.match(dataLine.msg, /secret\.key \(was 0644, now 0600\)/)
  assert.match(dataLine.msg, /\(was 0755, now 0700\)/)

  const again = capture()
  assert.equal(await useOnce(data, again.logger), PRIVATE)
  assert.equal(again.lines.filter((l) => /private|other users/.test(l.msg)), [], 'the next start has nothing to change')
})

s('a -wal and -shm left by a crash with loose modes are tightened; what the service does not own is left alone', ({ data }) => {
  mkdirSync(data, { mode: 0o700 })
  for (const f of ['notetaker.db', 'notetaker.db-wal', 'notetaker.db-shm', 'someone-elses.txt']) writeFileSync(join(data, f), '', { mode: 0o644 })
  const changed = prepareDataDir(data)
  assert.equal(changed.map((c) => c.path).sort(), ['notetaker.db', 'notetaker.db-shm', 'notetaker.db-wal'].map((f) => join(data, f)))
  for (const f of ['notetaker.db', 'notetaker.db-wal', 'notetaker.db-shm']) assert.is(modeOf(join(data, f)), 0o600)
  assert.is(modeOf(join(data, 'someone-elses.txt')), 0o644)
})

s('only DATA_DIR itself is made 0700: folders above it that did not exist are made as usual', ({ tmp }) => {
  const data = join(tmp, 'srv', 'notetaker', 'data')
  prepareDataDir(data)
  assert.is(modeOf(data), 0o700)
  assert.is(modeOf(join(tmp, 'srv', 'notetaker')), 0o777 & ~process.umask(), 'the umask decides for the folders above')
})

s.run()
