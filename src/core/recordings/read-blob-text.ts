import * as TE from 'fp-ts/lib/TaskEither.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import { type StoreFailure, storeFailure } from '../errors.js'
import type { BlobStore } from '../ports/blob-store.js'

const TOO_LARGE = { _tag: 'TooLarge' } as const

/** A stored file read whole as UTF-8: None when it is missing, TooLarge past maxBytes. */
export const readBlobText = (
  blobs: BlobStore,
  key: string,
  maxBytes: number,
): TE.TaskEither<StoreFailure | { readonly _tag: 'TooLarge' }, O.Option<string>> =>
  TE.map(O.map((bytes: Uint8Array) => new TextDecoder('utf-8').decode(bytes)))(readBlobBytes(blobs, key, maxBytes))

/** A stored file's bytes, read whole: None when it is missing, TooLarge past maxBytes. */
export const readBlobBytes = (
  blobs: BlobStore,
  key: string,
  maxBytes: number,
): TE.TaskEither<StoreFailure | { readonly _tag: 'TooLarge' }, O.Option<Uint8Array>> =>
  pipe(
    blobs.read(key),
    TE.flatMap(
      O.match(
        () => TE.right(O.none),
        (bytes) =>
          TE.tryCatch(
            async () => {
              const parts: Uint8Array[] = []
              let size = 0
              for await (const chunk of bytes) {
                size += chunk.length
                if (size > maxBytes) throw TOO_LARGE
                parts.push(chunk)
              }
              return O.some(concat(parts, size))
            },
            // Only the size check means TooLarge: a read that fails halfway is the store's failure.
            (e) => (e === TOO_LARGE ? TOO_LARGE : storeFailure(e)),
          ),
      ),
    ),
  )

const concat = (parts: Uint8Array[], size: number) => {
  const out = new Uint8Array(size)
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}
