/**
 * BlobStore on an S3-compatible bucket.
 *
 * S3 objects cannot grow, and the bot appends audio every second and captions
 * line by line, so a file is its base object (what `put` wrote) followed by
 * part objects, one per `append` (layout.ts names them). Alternatives weighed:
 * rewriting the whole object on each append costs O(size) per chunk; composing
 * with multipart UploadPartCopy needs every part but the last to be 5 MiB, and
 * not every S3-compatible server has it.
 *
 * Trade-offs of the parts layout:
 * - An append is one LIST and one PUT; every FAN-th append of a level also
 *   merges the last FAN parts into one (streamed GETs into one upload), so a
 *   file of n appends has at most (FAN-1) objects per level, about
 *   (FAN-1)·log_FAN(n) (45 for an hour of one-second audio chunks), and each
 *   byte is rewritten log_FAN(n) times. A merge that fails does not fail the
 *   append (its chunk is stored); a later append merges again.
 * - Reading a file is one LIST, then one ranged GET per object the range
 *   touches. A reader whose part was merged away mid-read lists again and
 *   carries on from the byte it reached.
 * - One writer per file: two processes appending to one key at the same moment
 *   could both write the part at the same offset and lose a chunk. The service
 *   appends only from the bot run that owns the file, and a job runs once.
 * - `put` over a file that has parts writes the new base, then deletes the
 *   parts; a crash between the two leaves a file that reads as broken.
 * - `localFile` downloads to a temporary file.
 */
import { createHash } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { sizeInWords } from '../../../src/core/domain/size-words.js'
import { type AppError, invalidField, storeFailure } from '../../../src/core/errors.js'
import type { BlobStore, Bytes } from '../../../src/core/ports/blob-store.js'
import { afterMerge, belongs, dueMerge, FAN, type FileLayout, fileKeyOf, layoutOf, partName, type Segment, slices, type StoredObject } from './layout.js'

const PART_BYTES = 8 * 1024 * 1024
const MAX_RELISTS = 5

const isMissing = (e: unknown) => {
  const err = e as { name?: string; $metadata?: { httpStatusCode?: number } }
  return err.name === 'NoSuchKey' || err.$metadata?.httpStatusCode === 404
}

/** `fan`: parts merged at a time (tests make it small to reach deep merges quickly). */
export const s3BlobStore = (client: S3Client, bucket: string, options: { readonly fan?: number } = {}): BlobStore => {
  const fan = options.fan ?? FAN
  const tryStore = <A>(f: () => Promise<A>) => TE.tryCatch(f, storeFailure)

  /** Every object under the key's name; deeper "folders" below it are folded away by the delimiter. */
  const listed = async (key: string): Promise<StoredObject[]> => {
    const out: StoredObject[] = []
    let token: string | undefined
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: key, Delimiter: '/', ContinuationToken: token }))
      for (const o of page.Contents ?? [])
        if (o.Key !== undefined)
          out.push({ name: o.Key, size: o.Size ?? 0, ...(o.ETag === undefined ? {} : { etag: o.ETag }), ...(o.LastModified === undefined ? {} : { lastModified: o.LastModified }) })
      token = page.IsTruncated === true ? page.NextContinuationToken : undefined
    } while (token !== undefined)
    return out
  }
  const layout = async (key: string) => layoutOf(key, await listed(key))

  const deleteAll = async (names: ReadonlyArray<string>) => {
    for (let i = 0; i < names.length; i += 1000) {
      const batch = names.slice(i, i + 1000)
      const res = await client.send(
        new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true } }),
      )
      const failed = (res.Errors ?? []).filter((e) => e.Code !== 'NoSuchKey')
      if (failed.length > 0) throw new Error(`could not delete ${failed.map((e) => `${e.Key} (${e.Code})`).join(', ')}`)
    }
  }

  const upload = (key: string, body: Readable) =>
    new Upload({ client, params: { Bucket: bucket, Key: key, Body: body }, partSize: PART_BYTES, queueSize: 2 }).done()

  /**
   * The bytes of one object, from..to inclusive. HTTP lets a server send more than the range asked
   * (the whole object, or s3rver's answer to bytes=0-0), so the answer is trimmed to what was asked.
   */
  const fetch = async function* (name: string, from: number, to: number): AsyncGenerator<Uint8Array> {
    const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name, Range: `bytes=${from}-${to}` }))
    const sentFrom = Number(/^bytes (\d+)-/.exec(res.ContentRange ?? '')?.[1] ?? 0)
    let skip = from - sentFrom
    let left = to - from + 1
    for await (const chunk of res.Body as AsyncIterable<Uint8Array>) {
      const part = chunk.subarray(Math.min(skip, chunk.length), Math.min(chunk.length, skip + left))
      skip = Math.max(0, skip - chunk.length)
      left -= part.length
      if (part.length > 0) yield part
      if (left === 0) return
    }
    throw new Error(`${name} ended ${left} bytes short of the range asked`)
  }

  /** File bytes start..end inclusive, across the segments; lists again if a merge removed a part meanwhile. */
  const stream = async function* (key: string, first: FileLayout, start: number, end: number): AsyncGenerator<Uint8Array> {
    let current: FileLayout | null = first
    let at = start
    let relists = 0
    while (at <= end) {
      try {
        for (const s of slices(current!.segments, at, end)) {
          for await (const chunk of fetch(s.segment.name, s.from, s.to)) {
            at += chunk.length
            yield chunk
          }
        }
        return
      } catch (e) {
        if (!isMissing(e) || ++relists > MAX_RELISTS) throw e
        current = await layout(key)
        if (current === null || current.size <= at) throw new Error(`${key} was removed while it was being read`)
      }
    }
  }

  const merge = async (key: string, group: ReadonlyArray<Segment>): Promise<Segment> => {
    const first = group[0]!
    const size = group.reduce((n, s) => n + s.size, 0)
    const merged: Segment = { name: partName(key, first.offset, first.level! + 1), size, offset: first.offset, level: first.level! + 1 }
    const concatenated = async function* () {
      for (const s of group) if (s.size > 0) yield* fetch(s.name, 0, s.size - 1)
    }
    await upload(merged.name, Readable.from(concatenated()))
    return merged
  }

  return {
    put: (key, data, { maxBytes }) => {
      let tooLarge = false
      return TE.tryCatch(
        async () => {
          let bytes = 0
          const limited = async function* () {
            for await (const chunk of data) {
              bytes += chunk.length
              if (bytes > maxBytes) {
                tooLarge = true
                throw new Error('over the size limit')
              }
              yield chunk
            }
          }
          const before = await listed(key)
          await upload(key, Readable.from(limited()))
          await deleteAll(before.filter((o) => o.name !== key && belongs(key, o.name)).map((o) => o.name))
          return { bytes }
        },
        (e): AppError => (tooLarge ? invalidField('content', `the file is larger than the limit of ${sizeInWords(maxBytes)}`) : storeFailure(e)),
      )
    },
    append: (key, chunk) =>
      tryStore(async () => {
        const before = await layout(key)
        const offset = before?.size ?? 0
        const part: Segment = { name: partName(key, offset, 0), size: chunk.length, offset, level: 0 }
        await client.send(new PutObjectCommand({ Bucket: bucket, Key: part.name, Body: chunk, ContentLength: chunk.length }))
        let now: FileLayout = { segments: [...(before?.segments ?? []), part], size: offset + chunk.length, garbage: before?.garbage ?? [] }
        try {
          for (let group = dueMerge(now, fan); group !== null; group = dueMerge(now, fan)) {
            const merged = await merge(key, group)
            await deleteAll([...group, ...now.garbage].map((s) => s.name))
            now = afterMerge(now, group, merged)
          }
          if (now.garbage.length > 0) await deleteAll(now.garbage.map((s) => s.name))
        } catch {
          // The chunk is stored, so the append succeeded (failing it would invite a duplicate retry);
          // an unfinished merge leaves a readable file, and a later append merges again.
        }
        return { bytes: offset + chunk.length }
      }),
    size: (key) => tryStore(async () => O.fromNullable((await layout(key))?.size)),
    stat: (key) =>
      tryStore(async () => {
        const found = await layout(key)
        if (found === null) return O.none
        // The objects that make the file now, each with its ETag: a put or an append changes them (a merge too,
        // which costs a client one needless download, never a stale one).
        const version = createHash('sha256')
        for (const s of found.segments) version.update(`${s.name}\n${s.size}\n${s.etag ?? ''}\n${s.lastModified?.getTime() ?? ''}\n`)
        const latest = Math.max(0, ...found.segments.map((s) => s.lastModified?.getTime() ?? 0))
        return O.some({ bytes: found.size, modifiedAt: new Date(latest).toISOString(), version: version.digest('base64url') })
      }),
    read: (key, range) =>
      tryStore(async () => {
        const found = await layout(key)
        if (found === null) return O.none
        const start = range?.start ?? 0
        const end = Math.min(range?.end ?? found.size - 1, found.size - 1)
        return O.some<Bytes>(stream(key, found, start, end))
      }),
    localFile: (key) =>
      tryStore(async () => {
        const found = await layout(key)
        if (found === null) return O.none
        const dir = await mkdtemp(join(tmpdir(), 'notetaker-s3-'))
        const path = join(dir, basename(key).replace(/[^A-Za-z0-9._-]/g, '_') || 'file')
        try {
          await pipeline(Readable.from(stream(key, found, 0, found.size - 1)), createWriteStream(path))
        } catch (e) {
          await rm(dir, { recursive: true, force: true })
          throw e
        }
        return O.some({ path, done: () => rm(dir, { recursive: true, force: true }) })
      }),
    remove: (key) =>
      tryStore(async () => {
        const mine = (await listed(key)).filter((o) => belongs(key, o.name))
        await deleteAll(mine.map((o) => o.name))
      }),
    list: (prefix) =>
      tryStore(async () => {
        const keys = new Set<string>()
        let token: string | undefined
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }))
          for (const o of page.Contents ?? []) if (o.Key !== undefined) keys.add(fileKeyOf(o.Key))
          token = page.IsTruncated === true ? page.NextContinuationToken : undefined
        } while (token !== undefined)
        return [...keys].sort()
      }),
  }
}
