import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import type * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Run } from '../domain/recordings/run.js'
import { type JobFailure, retryableFailure } from '../errors.js'
import type { BotSession } from '../ports/bot-runner.js'
import type { Attendance } from './attendance.js'
import type { RunBotDeps } from './run-bot-deps.js'

/**
 * Until the bot has finished, every `leaveCheckMs`: makes it leave when someone asked (maybe
 * through another process), the recording was deleted, or its events could not be kept.
 */
export const watchForLeaveRequest = (deps: RunBotDeps, run: Run, session: BotSession, attendance: () => Attendance): TE.TaskEither<JobFailure, void> => {
  let finished = false
  const settled = session.finished.then(
    () => void (finished = true),
    () => void (finished = true),
  )
  const over = () => finished || attendance().ended
  const round = (): TE.TaskEither<JobFailure, void> =>
    over()
      ? TE.right(undefined)
      : pipe(
          TE.fromTask(() => Promise.race([settled, deps.bots.wait(deps.bots.leaveCheckMs)])),
          TE.flatMap(() =>
            over() ? TE.right(undefined) : pipe(TE.fromTask(mustLeave(deps, run, attendance())), TE.flatMap((leave) => (leave ? askToLeave(session) : round()))),
          ),
        )
  return round()
}

/** Asked to leave, the recording deleted, or an event not kept; a store that cannot answer now is asked again next round. */
const mustLeave = (deps: RunBotDeps, run: Run, attendance: Attendance): T.Task<boolean> =>
  attendance.failure !== null
    ? () => Promise.resolve(true)
    : pipe(
        deps.runs.find(run.accountId, run.id),
        TE.match(
          () => false,
          O.match(
            () => true,
            (current) => current.leaveRequestedAt !== null,
          ),
        ),
      )

const askToLeave = (session: BotSession): TE.TaskEither<JobFailure, void> =>
  TE.tryCatch(
    () => session.leave(),
    (e) => retryableFailure(`the bot could not be asked to leave: ${String(e)}`),
  )
