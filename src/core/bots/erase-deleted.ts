import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { JobFailure } from '../errors.js'
import type { JobReport } from '../ports/job-handler.js'
import { eraseRun } from '../recordings/index.js'
import { storeFailed } from './bot-moves.js'
import type { RunBotDeps } from './run-bot-deps.js'

/**
 * The recording was deleted (DELETE /recordings/{runId}) while its bot was out:
 * whatever the bot wrote until it stopped is removed now that it has.
 */
export const eraseDeleted = (deps: RunBotDeps, accountId: string, runId: string): TE.TaskEither<JobFailure, JobReport> =>
  pipe(
    eraseRun(deps)(accountId, runId, null),
    TE.mapLeft(storeFailed('removing the files of a deleted recording')),
    TE.as({ message: `The bot of recording ${runId} stopped: the recording was deleted, and what the bot had recorded was removed`, details: { runId } }),
  )
