import { readFile } from 'node:fs/promises'
import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import type { BlobStore, Bytes } from '../core/ports/blob-store.js'
import { left, right } from './tasks.js'

const from = (...parts: string[]): Bytes => (async function* () { for (const p of parts) yield Buffer.from(p) })()
const text = async (b: O.Option<Bytes>) => {
  if (O.isNone(b)) return null
  const parts: Buffer[] = []
  for await (const c of b.value) parts.push(Buffer.from(c))
  return Buffer.concat(parts).toString()
}

export const blobStoreContract = (name: string, make: () => Promise<BlobStore> | BlobStore) => {
  const s = suite<{ b: BlobStore }>(`${name}: blob store`)
  s.before.each(async (ctx) => {
    ctx.b = await make()
  })

  s('put streams a file in; read gives it back whole or by inclusive range', async ({ b }) => {
    assert.equal(await right(b.put('a/one.txt', from('hello ', 'world'), { maxBytes: 100 })), { bytes: 11 })
    assert.equal(await right(b.size('a/one.txt')), O.some(11))
    assert.is(await text(await right(b.read('a/one.txt'))), 'hello world')
    assert.is(await text(await right(b.read('a/one.txt', { start: 6, end: 10 }))), 'world')
    assert.is(await text(await right(b.read('a/one.txt', { start: 0, end: 0 }))), 'h')
  })

  s('a missing file is none', async ({ b }) => {
    assert.equal(await right(b.size('nope')), O.none)
    assert.equal(await right(b.read('nope')), O.none)
    assert.equal(await right(b.localFile('nope')), O.none)
  })

  s('a file over the limit is refused and leaves nothing', async ({ b }) => {
    const e = await left(b.put('big', from('12345', '67890'), { maxBytes: 8 }))
    assert.is(e._tag, 'Validation')
    assert.equal(await right(b.size('big')), O.none)
  })

  s('append grows a file chunk by chunk', async ({ b }) => {
    await right(b.append('audio/x.webm', Buffer.from('ab')))
    assert.equal(await right(b.append('audio/x.webm', Buffer.from('cd'))), { bytes: 4 })
    assert.is(await text(await right(b.read('audio/x.webm'))), 'abcd')
  })

  s('stat gives the size, the last change and a version that changes with the bytes and only then', async ({ b }) => {
    assert.equal(await right(b.stat('audio/v.webm')), O.none)
    await right(b.put('audio/v.webm', from('abcd'), { maxBytes: 10 }))
    const first = await right(b.stat('audio/v.webm'))
    assert.ok(O.isSome(first))
    if (O.isNone(first)) return
    assert.is(first.value.bytes, 4)
    assert.ok(Number.isFinite(Date.parse(first.value.modifiedAt)), first.value.modifiedAt)
    assert.equal(await right(b.stat('audio/v.webm')), first, 'the same file, the same answer')
    await right(b.read('audio/v.webm'))
    assert.equal(await right(b.stat('audio/v.webm')), first, 'reading changes nothing')
    await right(b.append('audio/v.webm', Buffer.from('e')))
    const appended = await right(b.stat('audio/v.webm'))
    assert.ok(O.isSome(appended) && appended.value.bytes === 5 && appended.value.version !== first.value.version)
    await right(b.put('audio/v.webm', from('wxyz'), { maxBytes: 10 }))
    const replaced = await right(b.stat('audio/v.webm'))
    assert.ok(O.isSome(replaced) && O.isSome(appended))
    if (O.isNone(replaced) || O.isNone(appended)) return
    assert.is(replaced.value.bytes, 4)
    assert.not.equal([replaced.value.version], [first.value.version], 'the same size with other bytes is another version')
    assert.not.equal([replaced.value.version], [appended.value.version])
    await right(b.remove('audio/v.webm'))
    assert.equal(await right(b.stat('audio/v.webm')), O.none)
  })

  s('localFile gives a readable path; remove deletes', async ({ b }) => {
    await right(b.put('f.bin', from('xyz'), { maxBytes: 10 }))
    const local = await right(b.localFile('f.bin'))
    assert.ok(O.isSome(local))
    if (O.isSome(local)) {
      assert.is(await readFile(local.value.path, 'utf8'), 'xyz')
      await local.value.done()
    }
    await right(b.remove('f.bin'))
    assert.equal(await right(b.size('f.bin')), O.none)
  })

  s('list gives the keys under a prefix, sorted, each file once however it was written', async ({ b }) => {
    assert.equal(await right(b.list('runs/')), [])
    await right(b.put('runs/r1/audio.wav', from('abc'), { maxBytes: 10 }))
    await right(b.append('runs/r1/captions.jsonl', Buffer.from('one\n')))
    await right(b.append('runs/r1/captions.jsonl', Buffer.from('two\n')))
    await right(b.put('runs/r10/audio.wav', from('x'), { maxBytes: 10 }))
    await right(b.put('runs/r2/deep/er.txt', from('y'), { maxBytes: 10 }))
    await right(b.put('uploads/u1-1234.vtt', from('z'), { maxBytes: 10 }))
    assert.equal(await right(b.list('runs/r1/')), ['runs/r1/audio.wav', 'runs/r1/captions.jsonl'])
    assert.equal(await right(b.list('runs/r1')), ['runs/r1/audio.wav', 'runs/r1/captions.jsonl', 'runs/r10/audio.wav'], 'a prefix is text, not a folder')
    assert.equal(await right(b.list('runs/')), ['runs/r1/audio.wav', 'runs/r1/captions.jsonl', 'runs/r10/audio.wav', 'runs/r2/deep/er.txt'])
    assert.equal(await right(b.list('uploads/u1')), ['uploads/u1-1234.vtt'])
    assert.equal(await right(b.list('uploads/u2')), [])
    await right(b.remove('runs/r1/captions.jsonl'))
    assert.equal(await right(b.list('runs/r1/')), ['runs/r1/audio.wav'])
  })

  s.run()
}
