import * as E from 'fp-ts/lib/Either.js'
import * as J from 'fp-ts/lib/Json.js'
import * as O from 'fp-ts/lib/Option.js'
import * as t from 'io-ts'
import { processingFilesPrefix } from '../domain/recordings/upload.js'
import { Utterance } from '../domain/recordings/utterance.js'
import type { BlobStore } from '../ports/blob-store.js'
import type { FinishedWindow, TranscriptionCheckpoint } from '../ports/transcriber.js'
import { readBlobText } from '../recordings/index.js'

/** Dropped once the transcript is stored. */
export const checkpointKey = (accountId: string, runId: string): string => `${processingFilesPrefix(accountId, runId)}windows.json`

const Kept = t.intersection([
  t.type({ engine: t.string, startMs: t.number, endMs: t.number, utterances: t.array(Utterance) }),
  t.partial({ language: t.string }),
])
type Kept = t.TypeOf<typeof Kept>
const KeptFile = t.type({ windows: t.array(Kept) })

/** A 3-hour meeting's windows and words are a few megabytes; a file past this is not ours, and is started over. */
const MAX_CHECKPOINT_BYTES = 64 * 1024 * 1024

const bytesOf = (text: string): AsyncIterable<Uint8Array> => {
  const bytes = new TextEncoder().encode(text)
  return (async function* () {
    yield bytes
  })()
}

/**
 * A transcription's finished windows, kept as one JSON file in the blob store beside the
 * recording's audio (so every store has it, and it outlives the process). Each save rewrites
 * the file whole, one at a time. A checkpoint that cannot be read (missing, unreadable, too
 * large) or written only costs the work being done again, so neither ever fails the transcription.
 */
export const blobCheckpoint = (blobs: BlobStore, key: string): TranscriptionCheckpoint => {
  let kept: Kept[] | undefined
  let writes: Promise<void> = Promise.resolve()
  const all = async (): Promise<Kept[]> => {
    if (kept !== undefined) return kept
    const read = await readBlobText(blobs, key, MAX_CHECKPOINT_BYTES)()
    const text = E.isRight(read) ? O.toUndefined(read.right) : undefined
    const parsed = text === undefined ? E.right({ windows: [] }) : J.parse(text)
    kept = E.isRight(parsed) && KeptFile.is(parsed.right) ? parsed.right.windows : []
    return kept
  }
  return {
    load: async (engine) =>
      (await all())
        .filter((w) => w.engine === engine)
        .map(({ engine: _, ...window }): FinishedWindow => window),
    save: (engine, window) => {
      writes = writes.then(async () => {
        const windows = await all()
        windows.push({ engine, startMs: window.startMs, endMs: window.endMs, utterances: [...window.utterances], ...(window.language === undefined ? {} : { language: window.language }) })
        await blobs.put(key, bytesOf(JSON.stringify({ windows })), { maxBytes: MAX_CHECKPOINT_BYTES })()
      })
      return writes
    },
  }
}
