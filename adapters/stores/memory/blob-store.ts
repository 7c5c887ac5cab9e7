import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { sizeInWords } from '../../../src/core/domain/size-words.js'
import { type AppError, invalidField, storeFailure } from '../../../src/core/errors.js'
import type { BlobStore } from '../../../src/core/ports/blob-store.js'

/** Files held in memory (tests, `NOTETAKER_STORE=memory`); localFile writes a temporary copy. */
export const memoryBlobStore = (): BlobStore => {
  const files = new Map<string, Buffer>()
  /** When each file last changed, and a count of every write, as its version. */
  const changes = new Map<string, { readonly at: string; readonly version: number }>()
  let writes = 0
  const changed = (key: string) => changes.set(key, { at: new Date().toISOString(), version: ++writes })
  return {
    put: (key, data, { maxBytes }) =>
      TE.tryCatch(
        async () => {
          const parts: Buffer[] = []
          let bytes = 0
          for await (const chunk of data) {
            bytes += chunk.length
            if (bytes > maxBytes) throw new RangeError()
            parts.push(Buffer.from(chunk))
          }
          files.set(key, Buffer.concat(parts))
          changed(key)
          return { bytes }
        },
        (e): AppError => (e instanceof RangeError ? invalidField('content', `the file is larger than the limit of ${sizeInWords(maxBytes)}`) : storeFailure(e)),
      ),
    append: (key, chunk) => {
      const next = Buffer.concat([files.get(key) ?? Buffer.alloc(0), chunk])
      files.set(key, next)
      changed(key)
      return TE.right({ bytes: next.length })
    },
    size: (key) => TE.right(O.fromNullable(files.get(key)?.length)),
    stat: (key) => {
      const f = files.get(key)
      const change = changes.get(key)
      return TE.right(f === undefined || change === undefined ? O.none : O.some({ bytes: f.length, modifiedAt: change.at, version: String(change.version) }))
    },
    read: (key, range) => {
      const f = files.get(key)
      if (f === undefined) return TE.right(O.none)
      const slice = range === undefined ? f : f.subarray(range.start, range.end + 1)
      return TE.right(O.some((async function* () { yield slice })()))
    },
    localFile: (key) =>
      TE.tryCatch(async () => {
        const f = files.get(key)
        if (f === undefined) return O.none
        const dir = await mkdtemp(join(tmpdir(), 'notetaker-blob-'))
        const path = join(dir, key.replace(/[^A-Za-z0-9._-]/g, '_'))
        await writeFile(path, f)
        return O.some({ path, done: () => rm(dir, { recursive: true, force: true }) })
      }, storeFailure),
    remove: (key) => {
      files.delete(key)
      changes.delete(key)
      return TE.right(undefined)
    },
    list: (prefix) => TE.right([...files.keys()].filter((k) => k.startsWith(prefix)).sort()),
  }
}
