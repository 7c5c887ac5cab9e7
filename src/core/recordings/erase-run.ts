import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { botFiles } from '../domain/recordings/bot-recording.js'
import type { Run } from '../domain/recordings/run.js'
import { processingFilesPrefix, type Upload, uploadFilesPrefix } from '../domain/recordings/upload.js'
import type { StoreFailure } from '../errors.js'
import type { BlobStore } from '../ports/blob-store.js'
import type { NotesEditStore } from '../ports/notes-edit-store.js'
import type { NotesStore, RunStore, UploadStore } from '../ports/recording-stores.js'
import type { RecordingShareStore } from '../ports/share-store.js'

export interface EraseDeps {
  readonly runs: RunStore
  readonly uploads: UploadStore
  readonly notes: NotesStore
  /** Speaker names and action item edits people made. */
  readonly notesEdits: NotesEditStore
  readonly shares: RecordingShareStore
  readonly blobs: BlobStore
}

/** Rows that refer to the run may be written meanwhile (a processing job finishing): the run's removal then fails and is tried again. */
const ROW_TRIES = 3

/** Every file the run may have: the keys it names, and whatever its bot or its upload wrote under their own prefix. */
const filesOf = (blobs: BlobStore, accountId: string, runId: string, run: Run | null, upload: Upload | null): TE.TaskEither<StoreFailure, ReadonlyArray<string>> => {
  const named = run === null ? [] : [run.source?.key, run.source?.speakersKey, run.audio?.key].filter((k): k is string => k !== undefined)
  const prefixes = [botFiles(accountId, runId).prefix, processingFilesPrefix(accountId, runId), ...(upload === null ? [] : [uploadFilesPrefix(accountId, upload.id)])]
  return pipe(
    TE.traverseSeqArray((prefix: string) => blobs.list(prefix))(prefixes),
    TE.map((listed) => [...new Set([...named, ...listed.flat()])]),
  )
}

const removeRows = (deps: EraseDeps, accountId: string, runId: string, tries: number): TE.TaskEither<StoreFailure, boolean> =>
  pipe(
    deps.notes.remove(runId),
    TE.flatMap(() => deps.notesEdits.remove(runId)),
    TE.flatMap(() => deps.shares.removeForRun(accountId, runId)),
    TE.flatMap(() => deps.uploads.removeByRun(accountId, runId)),
    TE.flatMap(() => deps.runs.remove(accountId, runId)),
    TE.orElse((e) => (tries > 1 ? removeRows(deps, accountId, runId, tries - 1) : TE.left(e))),
  )

/**
 * Removes a run and everything it left: its files in the blob store first (so
 * a failure leaves the rows that name them, for a retry), then its notes,
 * transcript, edits, shares and upload, and last the run (with its tombstone when it
 * keeps counting). Each step is idempotent. Answers whether the run's row was
 * there to remove. `run` is null when only leftovers of a run already gone are
 * wanted (a bot or a processing job that finds its run deleted).
 */
export const eraseRun =
  (deps: EraseDeps) =>
  (accountId: string, runId: string, run: Run | null): TE.TaskEither<StoreFailure, boolean> =>
    pipe(
      deps.uploads.findByRun(accountId, runId),
      TE.flatMap((upload) => filesOf(deps.blobs, accountId, runId, run, O.toNullable(upload))),
      TE.flatMap(TE.traverseSeqArray((key: string) => deps.blobs.remove(key))),
      TE.flatMap(() => removeRows(deps, accountId, runId, ROW_TRIES)),
    )
