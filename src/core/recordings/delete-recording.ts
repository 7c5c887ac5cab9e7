import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { LIVE_BOT_STATES } from '../domain/recordings/run.js'
import { type AppError, forbidden, notFound } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import { LEAVE_REQUEST, type LiveFeed } from '../ports/live-feed.js'
import { ownRun, type ReachDeps } from '../organizations/index.js'
import { type EraseDeps, eraseRun } from './erase-run.js'

export interface DeleteRecordingDeps extends EraseDeps, ReachDeps {
  readonly clock: Clock
  /** Carries the leave request to a live bot at once, in whichever process it runs. */
  readonly liveFeed?: LiveFeed
}

/**
 * The owner deletes one of its recordings: the run, its upload record, notes,
 * transcript, shares and files. Only the owner: a recording shared with the
 * caller answers 404, as for managing its shares. A live bot is asked to leave;
 * its run is gone at once (its moves are refused from then on), and the bot
 * removes whatever it wrote meanwhile when it stops (runBot). The run keeps
 * counting against the allowance (keepsCountingOnceDeleted).
 *
 * A live bot's files are swept once more after its run is removed: a bot that
 * looked before the removal found its run still there and will not clean up,
 * but anything it wrote came before that look, so the second sweep finds it.
 */
export const deleteRecording =
  (deps: DeleteRecordingDeps) =>
  (actor: Actor, runId: string): TE.TaskEither<AppError, void> =>
    actor.access !== 'full'
      ? TE.left(forbidden('This key is read-only and cannot make changes'))
      : pipe(
          ownRun(deps, actor, runId),
          TE.tap((run) =>
            LIVE_BOT_STATES.includes(run.state)
              ? pipe(
                  deps.runs.requestLeave(actor.accountId, run.id, deps.clock.now().toISOString()),
                  TE.tap(() => (deps.liveFeed === undefined ? TE.right(undefined) : TE.orElseW(() => TE.right(undefined))(deps.liveFeed.publish(run.id, LEAVE_REQUEST, deps.clock.now())))),
                )
              : TE.right(undefined),
          ),
          TE.flatMap((run) =>
            pipe(
              eraseRun(deps)(actor.accountId, run.id, run),
              TE.tap(() => (LIVE_BOT_STATES.includes(run.state) ? eraseRun(deps)(actor.accountId, run.id, null) : TE.right(false))),
            ),
          ),
          // Someone else deleted it between our read and our removal.
          TE.flatMap((removed): TE.TaskEither<AppError, void> => (removed ? TE.right(undefined) : TE.left(notFound('Recording')))),
        )
