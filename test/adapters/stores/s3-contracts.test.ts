import { CreateBucketCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import * as O from 'fp-ts/lib/Option.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { s3BlobStore } from '../../../adapters/stores/blob-s3/blob-store.js'
import { s3Client } from '../../../adapters/stores/blob-s3/client.js'
import { openS3BlobStore } from '../../../adapters/stores/blob-s3/index.js'
import { afterMerge, BrokenFile, dueMerge, FAN, type FileLayout, layoutOf, partName } from '../../../adapters/stores/blob-s3/layout.js'
import type { BlobStore, Bytes } from '../../../src/core/ports/blob-store.js'
import { blobStoreContract } from '../../../src/contracts/index.js'
import { left, right } from '../../support/run.js'
import { startTestS3, type TestS3 } from '../../support/s3/server.js'

// The server starts with the first suite that needs it and stops after the last one.
let server: Promise<TestS3> | null = null
let client: S3Client | null = null
let buckets = 0
const runId = Date.now().toString(36)
/** Merges of 4 parts reach a second level after 16 appends rather than 256. */
const FAN_IN_TESTS = 4

/** A store on a bucket of its own, so that every test starts empty. */
const freshStore = async (): Promise<{ store: BlobStore; client: S3Client; bucket: string }> => {
  server ??= startTestS3()
  const { settings } = await server
  client ??= s3Client(settings)
  const bucket = `${settings.bucket}-${runId}-${++buckets}`
  await client.send(new CreateBucketCommand({ Bucket: bucket }))
  return { store: s3BlobStore(client, bucket, { fan: FAN_IN_TESTS }), client, bucket }
}

const text = async (b: O.Option<Bytes>) => {
  if (O.isNone(b)) return null
  const parts: Buffer[] = []
  for await (const c of b.value) parts.push(Buffer.from(c))
  return Buffer.concat(parts).toString()
}
const from = (...parts: Array<string | Buffer>): Bytes => (async function* () { for (const p of parts) yield Buffer.from(p) })()
const objects = async (c: S3Client, bucket: string) =>
  ((await c.send(new ListObjectsV2Command({ Bucket: bucket }))).Contents ?? []).map((o) => o.Key!).sort()

blobStoreContract('s3', async () => (await freshStore()).store)

const s = suite<{ store: BlobStore; client: S3Client; bucket: string }>('s3: appends as parts')
s.before.each(async (ctx) => {
  Object.assign(ctx, await freshStore())
})

s('many appends read back in order, whole and by ranges across parts, from few objects', async ({ store, client, bucket }) => {
  const chunks = Array.from({ length: FAN_IN_TESTS * FAN_IN_TESTS + 3 }, (_, i) => `${i},`.padEnd(1 + (i % 5), '.'))
  let bytes = 0
  for (const c of chunks) bytes = (await right(store.append('audio/a.webm', Buffer.from(c)))).bytes
  const whole = chunks.join('')
  assert.is(bytes, whole.length)
  assert.equal(await right(store.size('audio/a.webm')), O.some(whole.length))
  assert.is(await text(await right(store.read('audio/a.webm'))), whole)
  for (const [start, end] of [[0, 0], [3, 40], [100, whole.length - 5], [whole.length - 1, whole.length - 1]] as const) {
    assert.is(await text(await right(store.read('audio/a.webm', { start, end }))), whole.slice(start, end + 1), `${start}-${end}`)
  }
  // FAN² appends merged twice over into one object, and three single parts after it.
  assert.is((await objects(client, bucket)).length, 4)
})

s('a read that a merge overtakes lists again and carries on', async ({ store }) => {
  for (let i = 0; i < FAN_IN_TESTS - 1; i++) await right(store.append('c.jsonl', Buffer.from(`line ${i}\n`)))
  const expected = Array.from({ length: FAN_IN_TESTS - 1 }, (_, i) => `line ${i}\n`).join('')
  const reading = await right(store.read('c.jsonl'))
  await right(store.append('c.jsonl', Buffer.from('last\n'))) // merges (and deletes) the parts the read listed
  assert.is(await text(reading), expected)
})

s('a merge cut short (merged object written, parts not yet deleted) still reads right, and is tidied', async ({ store, client, bucket }) => {
  const parts = Array.from({ length: FAN_IN_TESTS }, (_, i) => `${String(i).padStart(2, '0')};`)
  for (const [i, p] of parts.entries()) {
    await client.send(new PutObjectCommand({ Bucket: bucket, Key: partName('k', i * 3, 0), Body: p }))
  }
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: partName('k', 0, 1), Body: parts.join('') }))
  assert.is(await text(await right(store.read('k'))), parts.join(''))
  assert.equal(await right(store.size('k')), O.some(FAN_IN_TESTS * 3))
  await right(store.append('k', Buffer.from('+')))
  assert.equal(await objects(client, bucket), [partName('k', 0, 1), partName('k', FAN_IN_TESTS * 3, 0)])
  assert.is(await text(await right(store.read('k'))), `${parts.join('')}+`)
})

s('an append whose merge fails still stores its chunk, and a later append merges', async ({ client, bucket }) => {
  const failingMerges = new Proxy(client, {
    get: (target, name) =>
      name === 'send'
        ? (command: { input: { Key?: string } }) =>
            /-1$/.test(command.input.Key ?? '') ? Promise.reject(new Error('the server fell over')) : target.send(command as never)
        : Reflect.get(target, name),
  })
  const flaky = s3BlobStore(failingMerges, bucket, { fan: FAN_IN_TESTS })
  for (let i = 0; i < FAN_IN_TESTS; i++) assert.equal(await right(flaky.append('m', Buffer.from(`${i}`))), { bytes: i + 1 })
  assert.is((await objects(client, bucket)).length, FAN_IN_TESTS, 'no merge happened')
  const store = s3BlobStore(client, bucket, { fan: FAN_IN_TESTS })
  await right(store.append('m', Buffer.from('!')))
  assert.is((await objects(client, bucket)).length, 2)
  assert.is(await text(await right(store.read('m'))), '0123!')
})

s('put replaces an appended file; remove deletes every piece', async ({ store, client, bucket }) => {
  await right(store.append('f', Buffer.from('old')))
  await right(store.append('f', Buffer.from('er')))
  await right(store.put('f', from('new'), { maxBytes: 10 }))
  assert.is(await text(await right(store.read('f'))), 'new')
  assert.equal(await objects(client, bucket), ['f'])
  assert.equal(await right(store.append('f', Buffer.from('+1'))), { bytes: 5 })
  assert.is(await text(await right(store.read('f', { start: 2, end: 4 }))), 'w+1')
  await right(store.remove('f'))
  assert.equal(await objects(client, bucket), [])
})

s('keys that share a beginning stay apart', async ({ store }) => {
  await right(store.put('x', from('1'), { maxBytes: 10 }))
  await right(store.append('x.bak', Buffer.from('22')))
  await right(store.put('x/inner', from('333'), { maxBytes: 10 }))
  assert.equal(await right(store.size('x')), O.some(1))
  await right(store.remove('x'))
  assert.equal(await right(store.size('x.bak')), O.some(2))
  assert.equal(await right(store.size('x/inner')), O.some(3))
})

s('a file larger than one upload part streams in as a multipart upload; over the limit it leaves nothing', async ({ store, client, bucket }) => {
  const mib = Buffer.alloc(1024 * 1024, 'a')
  const nine = () => from(...Array<Buffer>(9).fill(mib))
  assert.equal(await right(store.put('big.wav', nine(), { maxBytes: 10 * mib.length })), { bytes: 9 * mib.length })
  assert.equal(await right(store.size('big.wav')), O.some(9 * mib.length))
  const e = await left(store.put('huge.wav', nine(), { maxBytes: 8.5 * mib.length }))
  assert.is(e._tag, 'Validation')
  assert.equal(await objects(client, bucket), ['big.wav'])
})

s('an empty put and an empty append make empty files', async ({ store }) => {
  assert.equal(await right(store.put('e1', from(), { maxBytes: 10 })), { bytes: 0 })
  assert.equal(await right(store.append('e2', new Uint8Array())), { bytes: 0 })
  assert.equal(await right(store.size('e1')), O.some(0))
  assert.equal(await right(store.size('e2')), O.some(0))
  assert.is(await text(await right(store.read('e2'))), '')
})

s.after(async () => {
  client?.destroy()
  if (server !== null) await (await server).close()
})
s.run()

const layout = suite('s3: layout')

layout('pieces that do not line up are reported, not read as a wrong file', () => {
  assert.throws(() => layoutOf('k', [{ name: 'k', size: 3 }, { name: partName('k', 5, 0), size: 1 }]), (e: unknown) => e instanceof BrokenFile)
})

layout('names of other keys are not pieces of this one', () => {
  const l = layoutOf('k', [{ name: 'k.part-1', size: 1 }, { name: 'k2', size: 1 }, { name: 'k', size: 2 }])
  assert.equal(l?.segments.map((x) => x.name), ['k'])
})

layout('an hour of one-second audio chunks stays within 45 objects at the default fan', () => {
  let file: FileLayout = { segments: [], size: 0, garbage: [] }
  let most = 0
  for (let i = 0; i < 3600; i++) {
    file = { ...file, segments: [...file.segments, { name: partName('a', file.size, 0), size: 16_000, offset: file.size, level: 0 }], size: file.size + 16_000 }
    for (let group = dueMerge(file, FAN); group !== null; group = dueMerge(file, FAN)) {
      const [first] = group
      const size = group.reduce((n, g) => n + g.size, 0)
      file = afterMerge(file, group, { name: partName('a', first!.offset, first!.level! + 1), size, offset: first!.offset, level: first!.level! + 1 })
    }
    most = Math.max(most, file.segments.length)
  }
  assert.ok(most <= 45, `${most} objects`)
  assert.is(file.segments.reduce((n, g) => n + g.size, 0), 3600 * 16_000)
})

layout('openS3BlobStore names what is missing', () => {
  const settings = { endpoint: '', region: 'us-east-1', bucket: 'b', accessKeyId: '', secretAccessKey: '', forcePathStyle: false }
  assert.throws(() => openS3BlobStore({ ...settings, bucket: '' }), /NOTETAKER_S3_BUCKET/)
  assert.throws(() => openS3BlobStore({ ...settings, accessKeyId: 'id' }), /NOTETAKER_S3_SECRET_ACCESS_KEY/)
})

layout.run()
