import { createReadStream, createWriteStream } from 'node:fs'
import { appendFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import * as O from 'fp-ts/Option'
import * as TE from 'fp-ts/TaskEither'
import { type AppError, invalidField, storeFailure } from '../../src/core/errors.js'
import type { BlobStore } from '../../src/core/ports/blob-store.js'

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,255}$/

class TooLarge extends Error {}

/** Files under one folder, written to a temporary name first so a failed write leaves nothing behind. */
export const fsBlobStore = (root: string): BlobStore => {
  const pathOf = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe blob key ${key}`)
    return join(resolve(root), key)
  }
  const tryStore = <A>(f: () => Promise<A>) => TE.tryCatch(f, storeFailure)
  const sizeOf = async (p: string) => {
    try {
      return O.some((await stat(p)).size)
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return O.none
      throw e
    }
  }
  return {
    put: (key, data, { maxBytes }) =>
      TE.tryCatch(
        async () => {
          const target = pathOf(key)
          const temp = `${target}.partial-${process.pid}-${Date.now()}`
          await mkdir(dirname(target), { recursive: true })
          let bytes = 0
          const limit = new Transform({
            transform(chunk: Buffer, _enc, done) {
              bytes += chunk.length
              done(bytes > maxBytes ? new TooLarge() : null, chunk)
            },
          })
          try {
            await pipeline(data, limit, createWriteStream(temp))
            await rename(temp, target)
          } catch (e) {
            await rm(temp, { force: true })
            throw e
          }
          return { bytes }
        },
        (e): AppError => (e instanceof TooLarge ? invalidField('content', `the file is larger than the limit of ${maxBytes} bytes`) : storeFailure(e)),
      ),
    append: (key, chunk) =>
      tryStore(async () => {
        const p = pathOf(key)
        await mkdir(dirname(p), { recursive: true })
        await appendFile(p, chunk)
        return { bytes: (await stat(p)).size }
      }),
    size: (key) => tryStore(() => sizeOf(pathOf(key))),
    read: (key, range) =>
      tryStore(async () => {
        const p = pathOf(key)
        if (O.isNone(await sizeOf(p))) return O.none
        return O.some(createReadStream(p, range === undefined ? {} : { start: range.start, end: range.end }))
      }),
    localFile: (key) =>
      tryStore(async () => {
        const p = pathOf(key)
        return O.isNone(await sizeOf(p)) ? O.none : O.some({ path: p, done: async () => {} })
      }),
    remove: (key) => tryStore(() => rm(pathOf(key), { force: true })),
  }
}
