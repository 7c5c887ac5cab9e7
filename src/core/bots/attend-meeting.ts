import * as E from 'fp-ts/lib/Either.js'
import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Run } from '../domain/recordings/run.js'
import type { JobFailure } from '../errors.js'
import type { BotEvent, BotSession } from '../ports/bot-runner.js'
import type { JobReport } from '../ports/job-handler.js'
import { type AttendanceFold, followAttendance } from './attendance.js'
import { move, publish, storeFailed } from './bot-moves.js'
import { FAILED_BECAUSE } from './bot-words.js'
import { eraseDeleted } from './erase-deleted.js'
import type { RunBotDeps } from './run-bot-deps.js'
import { watchForLeaveRequest } from './watch-leave.js'

/** Runs the bot of a run not started yet; `live` holds its session meanwhile, so a stopping process can make its bots leave. */
export const attendMeeting = (deps: RunBotDeps, run: Run, live: Set<BotSession>): TE.TaskEither<JobFailure, JobReport | void> =>
  pipe(
    move(deps, run, 'joining'),
    TE.flatMap(
      O.match(
        () => skipIfAnotherBotIsLive(deps, run),
        (joining) =>
          pipe(
            publish(deps)('bot.joining', joining),
            TE.flatMap(() => inMeeting(deps, joining, live)),
          ),
      ),
    ),
  )

const crashed = (deps: RunBotDeps, detail: string): BotEvent => ({ type: 'failed', at: deps.clock.now().getTime(), reason: 'crashed', detail })

/** From the runner's start until the bot has finished and its run is settled. */
const inMeeting = (deps: RunBotDeps, run: Run, live: Set<BotSession>): TE.TaskEither<JobFailure, JobReport | void> => {
  const attendance = followAttendance(deps, run)
  const job = { runId: run.id, joinUrl: run.joinUrl ?? '', platform: run.platform ?? 'google_meet', botName: deps.bots.botName }
  return pipe(
    E.tryCatch(
      () => deps.botRunner.start(job, attendance.onEvent),
      (e) => `The bot could not start: ${String(e)}`,
    ),
    E.match(
      // The run fails with the reason; the job is done.
      (detail) => TE.fromTask(() => attendance.onEvent(crashed(deps, detail))),
      (session) =>
        pipe(
          TE.bracket(
            TE.fromIO(() => void live.add(session)),
            () =>
              pipe(
                watchForLeaveRequest(deps, run, session, attendance.now),
                TE.flatMap(() => TE.fromTask(() => session.finished.catch(() => undefined))),
              ),
            () => TE.fromIO(() => void live.delete(session)),
          ),
          TE.flatMap(() => afterMeeting(deps, run, attendance)),
        ),
    ),
  )
}

/**
 * Deleted meanwhile: the bot was made to leave, its moves were refused, and what it wrote goes now.
 * Otherwise a bot that finished without its last event failed; and an event it could not keep fails the job.
 */
const afterMeeting = (deps: RunBotDeps, run: Run, attendance: AttendanceFold): TE.TaskEither<JobFailure, JobReport | void> =>
  pipe(
    deps.runs.find(run.accountId, run.id),
    TE.mapLeft(storeFailed('reading the run')),
    TE.flatMap(
      O.match(
        () => eraseDeleted(deps, run.accountId, run.id),
        () =>
          pipe(
            attendance.now().ended ? TE.right(undefined) : TE.fromTask(() => attendance.onEvent(crashed(deps, FAILED_BECAUSE.crashed))),
            TE.flatMap(() => {
              const { failure } = attendance.now()
              return failure === null ? TE.right(undefined) : TE.left(failure)
            }),
          ),
      ),
    ),
  )

/** A calendar run could not start because the account's one live bot is busy elsewhere: skipped, with the reason. */
const skipIfAnotherBotIsLive = (deps: RunBotDeps, run: Run): TE.TaskEither<JobFailure, void> =>
  pipe(
    deps.runs.find(run.accountId, run.id),
    TE.mapLeft(storeFailed('reading the run')),
    // Cancelled or moved on meanwhile: nothing to skip.
    TE.map(O.filter((current) => current.state === 'scheduled')),
    TE.flatMap(
      O.match(
        () => TE.right(undefined),
        (current) =>
          pipe(
            deps.runs.findLive(run.accountId),
            TE.mapLeft(storeFailed('reading the live bot')),
            TE.flatMap((live) => {
              const detail = `Another bot of this account was live (${O.toNullable(live)?.reference ?? 'unknown'}); only one bot at a time.`
              return move(deps, current, 'skipped', { detail })
            }),
            TE.as(undefined),
          ),
      ),
    ),
  )
