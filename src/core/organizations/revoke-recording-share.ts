import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import type { Share } from '../domain/recordings/share.js'
import { type AppError, notFound } from '../errors.js'
import type { RunStore } from '../ports/recording-stores.js'
import type { RecordingShareStore } from '../ports/share-store.js'
import { ownRun } from './recording-reach.js'

/** The owner revokes a share; the recipient loses the recording at its next request. */
export const revokeRecordingShare =
  (deps: { readonly runs: RunStore; readonly shares: RecordingShareStore }) =>
  (actor: Actor, runId: string, shareId: string): TE.TaskEither<AppError, Share> =>
    pipe(
      ownRun(deps, actor, runId),
      TE.flatMap((run) => deps.shares.remove(actor.accountId, run.id, shareId)),
      TE.flatMap(TE.fromOption(() => notFound('Share'))),
    )
