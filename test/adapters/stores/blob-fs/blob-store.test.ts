/**
 * The filesystem blob store's own promises, beyond the shared contract
 * (test/adapters/stores/sqlite-contracts.test.ts runs that): what it writes is private
 * to the service's user, and what a crash left half-written is swept at open.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as O from 'fp-ts/lib/Option.js'
import { pino } from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { fsBlobStore } from '../../../../adapters/stores/blob-fs/blob-store.js'
import type { Bytes } from '../../../../src/core/ports/blob-store.js'
import { left, right } from '../../../support/run.js'

const s = suite<{ dir: string; root: string }>('blob-fs: private files and the sweep of unfinished writes')
s.before.each((ctx) => {
  ctx.dir = mkdtempSync(join(tmpdir(), 'notetaker-blob-fs-'))
  ctx.root = join(ctx.dir, 'files')
})
s.after.each(({ dir }) => rmSync(dir, { recursive: true, force: true }))

const modeOf = (p: string) => statSync(p).mode & 0o777
const from = (text: string): Bytes => (async function* () { yield Buffer.from(text) })()

/** A pino logger whose lines land in `lines`, parsed. */
const capture = () => {
  const lines: Array<Record<string, unknown> & { msg: string; level: number }> = []
  const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) })
  return { logger, lines }
}

const file = (p: string, text: string, ageMs = 0) => {
  mkdirSync(join(p, '..'), { recursive: true })
  writeFileSync(p, text)
  if (ageMs > 0) {
    const at = new Date(Date.now() - ageMs)
    utimesSync(p, at, at)
  }
}

s('put and append make folders 0700 and files 0600, the folder it stores under too', async ({ root }) => {
  const blobs = fsBlobStore(root)
  await right(blobs.put('uploads/acct/one.webm', from('hello'), { maxBytes: 100 }))
  await right(blobs.append('audio/acct/run/audio.webm', Buffer.from('chunk')))
  for (const dir of [root, join(root, 'uploads'), join(root, 'uploads', 'acct'), join(root, 'audio', 'acct', 'run')]) {
    assert.is(modeOf(dir), 0o700, `${dir} is 0700`)
  }
  // put writes a temporary file and renames it, so the stored file keeps the temporary file's mode.
  assert.is(modeOf(join(root, 'uploads', 'acct', 'one.webm')), 0o600)
  assert.is(modeOf(join(root, 'audio', 'acct', 'run', 'audio.webm')), 0o600)
})

s('at open, partial files untouched for over an hour are removed and counted; fresh ones and real files stay', async ({ root }) => {
  const hours = (n: number) => n * 3_600_000
  file(join(root, 'uploads', 'a', 'rec.webm.partial-4242-1700000000000'), 'x'.repeat(1000), hours(2))
  file(join(root, 'uploads', 'b', 'rec.mp3.partial-17-1700000000001'), 'y'.repeat(500), hours(30))
  file(join(root, 'uploads', 'a', 'live.webm.partial-99-1700000000002'), 'still being written', 0)
  file(join(root, 'uploads', 'a', 'old-real.webm'), 'a stored recording', hours(48))
  file(join(root, 'uploads', 'a', 'notes.partial-draft'), 'not our temporary name', hours(48))
  file(join(root, 'uploads', 'a', 'x.partial-1-2.txt'), 'not our temporary name either', hours(48))
  const { logger, lines } = capture()
  const blobs = fsBlobStore(root, { logger })

  assert.equal(readdirSync(join(root, 'uploads', 'a')).sort(), ['live.webm.partial-99-1700000000002', 'notes.partial-draft', 'old-real.webm', 'x.partial-1-2.txt'])
  assert.equal(readdirSync(join(root, 'uploads', 'b')), [])
  assert.equal(await right(blobs.size('uploads/a/old-real.webm')), O.some(18))
  const swept = lines.filter((l) => /unfinished/.test(l.msg))
  assert.is(swept.length, 1, 'one line for the sweep')
  assert.is(swept[0]!.files, 2)
  assert.is(swept[0]!.bytes, 1500)
  assert.match(swept[0]!.msg, /removed 2 unfinished files \(1\.5 kB\)/)
})

s('stale means no write for an hour: 61 minutes goes, 59 minutes stays', ({ root }) => {
  const minutes = (n: number) => n * 60_000
  file(join(root, 'k', 'a.webm.partial-1-1700000000000'), 'a', minutes(61))
  file(join(root, 'k', 'b.webm.partial-1-1700000000001'), 'b', minutes(59))
  fsBlobStore(root)
  assert.equal(readdirSync(join(root, 'k')), ['b.webm.partial-1-1700000000001'])
})

s('a store over a clean folder logs nothing, and a folder that does not exist yet is not made until a write', async ({ root }) => {
  const { logger, lines } = capture()
  fsBlobStore(root, { logger })
  assert.not.ok(existsSync(root))
  mkdirSync(root, { mode: 0o700 })
  file(join(root, 'k', 'f.bin'), 'z')
  chmodSync(join(root, 'k'), 0o700)
  chmodSync(join(root, 'k', 'f.bin'), 0o600)
  fsBlobStore(root, { logger })
  assert.equal(lines, [])
})

s('at open, folders and files left readable by others (an install from before) are made private, in one line', async ({ root }) => {
  file(join(root, 'uploads', 'a', 'one.webm'), 'one')
  file(join(root, 'uploads', 'a', 'two.webm'), 'two')
  chmodSync(root, 0o755)
  chmodSync(join(root, 'uploads'), 0o755)
  chmodSync(join(root, 'uploads', 'a'), 0o750)
  chmodSync(join(root, 'uploads', 'a', 'one.webm'), 0o644)
  chmodSync(join(root, 'uploads', 'a', 'two.webm'), 0o400)
  const { logger, lines } = capture()
  fsBlobStore(root, { logger })
  assert.is(modeOf(root), 0o700)
  assert.is(modeOf(join(root, 'uploads')), 0o700)
  assert.is(modeOf(join(root, 'uploads', 'a')), 0o700)
  assert.is(modeOf(join(root, 'uploads', 'a', 'one.webm')), 0o600)
  assert.is(modeOf(join(root, 'uploads', 'a', 'two.webm')), 0o400, 'never widened')
  assert.is(lines.length, 1)
  assert.is(lines[0]!.folders, 3)
  assert.is(lines[0]!.files, 1)
  assert.match(lines[0]!.msg, /other users of this machine/)
  fsBlobStore(root, { logger })
  assert.is(lines.length, 1, 'logged once: the next open finds nothing to change')
})

s('removing a file removes the folders it leaves empty, up to the store\'s root and no further', async ({ root }) => {
  const blobs = fsBlobStore(root)
  await right(blobs.put('uploads/acct/one.wav', from('1'), { maxBytes: 100 }))
  await right(blobs.put('uploads/acct/two.wav', from('2'), { maxBytes: 100 }))
  await right(blobs.append('processing/acct/run/audio.wav', Buffer.from('3')))
  await right(blobs.remove('uploads/acct/one.wav'))
  assert.ok(existsSync(join(root, 'uploads', 'acct', 'two.wav')), 'a folder still holding a file stays')
  await right(blobs.remove('uploads/acct/two.wav'))
  assert.not.ok(existsSync(join(root, 'uploads')), 'uploads/acct and then uploads, both empty, are gone')
  await right(blobs.remove('processing/acct/run/audio.wav'))
  assert.equal(readdirSync(root), [], 'every folder under the root is gone')
  assert.ok(existsSync(root), 'the root stays')
  await right(blobs.remove('processing/acct/run/audio.wav'))
  await right(blobs.remove('never/was/there.wav'))
  assert.ok(existsSync(root), 'removing what is not there changes nothing')
})

s('writes racing the removal of their folder\'s last file all land: the folder is made again when removed between', async ({ root }) => {
  const blobs = fsBlobStore(root)
  const rounds = 200
  await Promise.all(
    Array.from({ length: rounds }, async (_, i) => {
      await right(blobs.put(`uploads/acct/run-${i}/old.wav`, from('old'), { maxBytes: 100 }))
      await Promise.all([
        right(blobs.remove(`uploads/acct/run-${i}/old.wav`)),
        right(blobs.put(`uploads/acct/run-${i}/new.wav`, from(`new ${i}`), { maxBytes: 100 })),
        right(blobs.append(`uploads/acct/run-${i}/log.txt`, Buffer.from(`line ${i}`))),
      ])
    }),
  )
  for (let i = 0; i < rounds; i++) {
    assert.equal(readdirSync(join(root, 'uploads', 'acct', `run-${i}`)).sort(), ['log.txt', 'new.wav'], `run-${i}`)
  }
})

s('a key shaped like a temporary name is refused, so the sweep can never take a stored file', async ({ root }) => {
  const blobs = fsBlobStore(root)
  const e = await left(blobs.put('uploads/a/x.webm.partial-12-1700000000000', from('x'), { maxBytes: 10 }))
  assert.is(e._tag, 'StoreFailure')
  assert.not.ok(existsSync(join(root, 'uploads', 'a', 'x.webm.partial-12-1700000000000')))
})

s.run()
