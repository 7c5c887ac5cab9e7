import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Run } from '../domain/recordings/run.js'
import { finalFailure, type JobFailure } from '../errors.js'
import type { BotSession } from '../ports/bot-runner.js'
import type { JobHandler, JobReport } from '../ports/job-handler.js'
import { attendMeeting } from './attend-meeting.js'
import { BotJobPayload } from './bot-job.js'
import { endRun, storeFailed } from './bot-moves.js'
import { eraseDeleted } from './erase-deleted.js'
import { finishRecording } from './finish-recording.js'
import type { RunBotDeps } from './run-bot-deps.js'

export type { BotSettings, RunBotDeps } from './run-bot-deps.js'

/**
 * Runs one bot through its meeting (the `bot.run` job): starts it with the
 * runner, turns its events into run states, audio, captions and a speaker
 * timeline, honours a request to leave, and when it ends hands what it recorded
 * to the same processing pipeline as uploads. A second attempt of the job means
 * the first one's process died: the run is finished with what was kept.
 */
export const runBot =
  (deps: RunBotDeps, live: Set<BotSession> = new Set()): JobHandler =>
  (payload) =>
    BotJobPayload.is(payload)
      ? pipe(
          deps.runs.find(payload.accountId, payload.runId),
          TE.mapLeft(storeFailed('reading the run')),
          TE.flatMap(
            O.match(
              // Deleted before this attempt (maybe while an earlier one, whose process died, was in the meeting).
              () => eraseDeleted(deps, payload.accountId, payload.runId),
              (run) => carryOn(deps, run, live),
            ),
          ),
        )
      : TE.left(finalFailure('malformed job payload'))

const carryOn = (deps: RunBotDeps, run: Run, live: Set<BotSession>): TE.TaskEither<JobFailure, JobReport | void> => {
  switch (run.state) {
    case 'scheduled':
    case 'queued':
      return attendMeeting(deps, run, live)
    case 'joining':
    case 'waiting_room':
    case 'recording':
      return recover(deps, run)
    default:
      return TE.right(undefined)
  }
}

/** The previous attempt's process died with the bot in the meeting: keep what it recorded, or fail the run. */
const recover = (deps: RunBotDeps, run: Run): TE.TaskEither<JobFailure, void> =>
  run.state === 'recording'
    ? finishRecording(deps, run, deps.clock.now().getTime(), 'The bot stopped during the meeting because its server was restarted; the recording up to then was kept.')
    : endRun(deps, run, 'failed', 'The bot stopped before it was admitted: its server was restarted.')
