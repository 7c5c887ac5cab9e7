import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import type * as T from 'fp-ts/lib/Task.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Run } from '../domain/recordings/run.js'
import { type JobFailure, retryableFailure } from '../errors.js'
import type { BotSession } from '../ports/bot-runner.js'
import { isLeaveRequest } from '../ports/live-feed.js'
import type { Attendance } from './attendance.js'
import type { RunBotDeps } from './run-bot-deps.js'

/** With a live feed, a leave request arrives through it at once; the run is then read only this often, as a fallback. */
export const LEAVE_FALLBACK_CHECK_MS = 30_000

/**
 * Until the bot has finished: makes it leave when someone asked (maybe through another process),
 * the recording was deleted, or its events could not be kept. A request comes at once through the
 * run's live feed; the run is read every `leaveCheckMs` (every LEAVE_FALLBACK_CHECK_MS with a feed)
 * for a request the feed did not carry, a deleted recording, and a failure.
 */
export const watchForLeaveRequest = (deps: RunBotDeps, run: Run, session: BotSession, attendance: () => Attendance): TE.TaskEither<JobFailure, void> => {
  let finished = false
  const settled = session.finished.then(
    () => void (finished = true),
    () => void (finished = true),
  )
  let asked: () => void = () => {}
  const leaveAsked = new Promise<void>((resolve) => (asked = resolve))
  let heard = false
  const subscription = deps.liveFeed?.subscribe(run.id, (e) => {
    if (isLeaveRequest(e)) {
      heard = true
      asked()
    }
  })
  // Rounds come every leaveCheckMs (a failure to keep an event is noticed at the next one); the run is read every
  // round without a feed, and every LEAVE_FALLBACK_CHECK_MS with one.
  const roundsPerRead = subscription === undefined ? 1 : Math.max(1, Math.round(LEAVE_FALLBACK_CHECK_MS / Math.max(1, deps.bots.leaveCheckMs)))
  const over = () => finished || attendance().ended
  const round = (n: number): TE.TaskEither<JobFailure, void> =>
    over()
      ? TE.right(undefined)
      : pipe(
          TE.fromTask(() => Promise.race([settled, leaveAsked, deps.bots.wait(deps.bots.leaveCheckMs)])),
          TE.flatMap(() => {
            if (over()) return TE.right(undefined)
            if (heard || attendance().failure !== null) return askToLeave(session)
            if (n % roundsPerRead !== 0) return round(n + 1)
            return pipe(TE.fromTask(mustLeave(deps, run, attendance())), TE.flatMap((leave) => (leave ? askToLeave(session) : round(n + 1))))
          }),
        )
  return pipe(
    round(1),
    TE.tapError(() => TE.fromIO(() => subscription?.close())),
    TE.tap(() => TE.fromIO(() => subscription?.close())),
  )
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
