import type * as O from 'fp-ts/lib/Option.js'
import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { AppError, StoreFailure } from '../errors.js'

export type Bytes = AsyncIterable<Uint8Array>

/** What a stored file is now, for HTTP validators (ETag, Last-Modified). */
export interface BlobStat {
  readonly bytes: number
  /** When its bytes last changed (ISO 8601). */
  readonly modifiedAt: string
  /** Opaque; changes whenever the file's bytes do (a put, an append), stays the same otherwise. */
  readonly version: string
}

/** Stored files (audio, uploaded transcripts), by key. Streams in and out; never whole files in memory. */
export interface BlobStore {
  /**
   * Writes a whole file, replacing any at the key. Fails with Validation when it
   * exceeds maxBytes (nothing is kept then).
   */
  put(key: string, data: Bytes, options: { readonly maxBytes: number }): TE.TaskEither<AppError, { readonly bytes: number }>
  /** Adds to the end of a file, creating it (for audio arriving in chunks). */
  append(key: string, chunk: Uint8Array): TE.TaskEither<StoreFailure, { readonly bytes: number }>
  size(key: string): TE.TaskEither<StoreFailure, O.Option<number>>
  /** The file's size, last change and version; none when there is no file. */
  stat(key: string): TE.TaskEither<StoreFailure, O.Option<BlobStat>>
  /** Reads bytes start..end inclusive (the whole file when absent). */
  read(key: string, range?: { readonly start: number; readonly end: number }): TE.TaskEither<StoreFailure, O.Option<Bytes>>
  /** A path on this machine holding the file, for tools that need one (ffmpeg); `done` frees a temporary copy. */
  localFile(key: string): TE.TaskEither<StoreFailure, O.Option<{ readonly path: string; done(): Promise<void> }>>
  remove(key: string): TE.TaskEither<StoreFailure, void>
  /** The keys of the stored files whose key starts with `prefix` (plain text, not a pattern), sorted. */
  list(prefix: string): TE.TaskEither<StoreFailure, ReadonlyArray<string>>
}
