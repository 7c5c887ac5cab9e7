import * as E from 'fp-ts/lib/Either.js'
import { type StoreFailure, storeFailure } from '../../../src/core/errors.js'
import { LIVE_BUFFER_MINUTES, type LiveEventInput, MAX_LIVE_DATA_BYTES } from '../../../src/core/ports/live-feed.js'

/** An event's data as stored: JSON of at most MAX_LIVE_DATA_BYTES, or a failure saying how large it was. */
export const liveDataJson = (event: LiveEventInput): E.Either<StoreFailure, string> => {
  const json = JSON.stringify(event.data)
  const bytes = Buffer.byteLength(json, 'utf8')
  return bytes <= MAX_LIVE_DATA_BYTES
    ? E.right(json)
    : E.left(storeFailure(new Error(`A live ${event.kind} event's data is ${bytes} bytes once serialized; at most ${MAX_LIVE_DATA_BYTES} are kept`)))
}

/** Events published before this (ISO) time, relative to an event published at `at`, may be let go. */
export const liveBufferCutoff = (at: Date): string => new Date(at.getTime() - LIVE_BUFFER_MINUTES * 60_000).toISOString()
