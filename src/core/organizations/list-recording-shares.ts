import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Share } from '../domain/recordings/share.js'
import type { AppError } from '../errors.js'
import type { RunStore } from '../ports/recording-stores.js'
import type { RecordingShareStore } from '../ports/share-store.js'
import { ownRun } from './recording-reach.js'

/** Every share of one of the owner's recordings, oldest first; anyone else's recording is not found. */
export const listRecordingShares =
  (deps: { readonly runs: RunStore; readonly shares: RecordingShareStore }) =>
  (actor: Actor, runId: string): TE.TaskEither<AppError, ReadonlyArray<Share>> =>
    pipe(
      ownRun(deps, actor, runId),
      TE.flatMap((run) => deps.shares.listForRun(actor.accountId, run.id)),
    )
