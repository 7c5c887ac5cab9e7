import { createWriteStream } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { type AppError, invalidField, storeFailure } from '../../../../src/core/errors.js'

class TooLarge extends Error {}

export interface TemporaryFile {
  readonly path: string
  readonly bytes: number
}

/**
 * Streams a request body to a new file in a private folder of the system's temporary folder
 * (TMPDIR), never holding it in memory, and stops at `maxBytes` (422 on `field` with `tooLarge`'s
 * words). Whatever happens, `removeTemporaryFile` must follow; a refused body leaves nothing behind.
 */
export const receiveToTemporaryFile = (
  bytes: AsyncIterable<Uint8Array>,
  o: { readonly maxBytes: number; readonly prefix: string; readonly field: string; readonly tooLarge: string },
): TE.TaskEither<AppError, TemporaryFile> =>
  TE.tryCatch(
    async () => {
      const dir = await mkdtemp(join(tmpdir(), o.prefix))
      const path = join(dir, 'file')
      let received = 0
      const cap = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received += chunk.length
          done(received > o.maxBytes ? new TooLarge() : null, chunk)
        },
      })
      try {
        await pipeline(Readable.from(bytes), cap, createWriteStream(path, { mode: 0o600 }))
      } catch (e) {
        await rm(dir, { recursive: true, force: true })
        throw e
      }
      return { path, bytes: received }
    },
    (e): AppError => (e instanceof TooLarge ? invalidField(o.field, o.tooLarge) : storeFailure(e)),
  )

/** Removes what receiveToTemporaryFile made (its folder); a failure to is logged by the caller, never hidden. */
export const removeTemporaryFile = (file: TemporaryFile): TE.TaskEither<AppError, void> =>
  TE.tryCatch(() => rm(join(file.path, '..'), { recursive: true, force: true }), storeFailure)
