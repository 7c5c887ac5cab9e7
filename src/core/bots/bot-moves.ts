import { pipe } from 'fp-ts/lib/function.js'
import * as O from 'fp-ts/lib/Option.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { EventName } from '../domain/events.js'
import { moveTo, type Run, type RunState } from '../domain/recordings/run.js'
import { type JobFailure, retryableFailure } from '../errors.js'
import { ignoreFailure, publishRunEvent } from '../recordings/index.js'
import type { RunBotDeps } from './run-bot-deps.js'

export type RunPatch = Parameters<typeof moveTo>[3]

/** A store failed while the bot was doing `what`: worth another attempt. */
export const storeFailed =
  (what: string) =>
  (e: unknown): JobFailure =>
    retryableFailure(`${what}: ${JSON.stringify(e)}`)

/** Moves and stores the run; None when the move is refused (someone else moved it meanwhile). */
export const move = (deps: RunBotDeps, run: Run, to: RunState, patch: RunPatch = {}): TE.TaskEither<JobFailure, O.Option<Run>> => {
  const moved = moveTo(run, to, deps.clock.now().toISOString(), patch)
  if (!moved.ok) return TE.right(O.none)
  return pipe(
    deps.runs.update(moved.run, [run.state]),
    TE.map(O.some),
    TE.orElse((e) => (e._tag === 'Conflict' ? TE.right(O.none) : TE.left(retryableFailure('the store failed while moving the run')))),
  )
}

/** A lost event must not stop the bot; the event log reports it. */
export const publish =
  (deps: RunBotDeps) =>
  (type: EventName, run: Run): TE.TaskEither<never, void> =>
    ignoreFailure(publishRunEvent(deps)(type, run))

/** Ends a run that recorded nothing: cancelled, or failed (announced) with the reason. */
export const endRun = (deps: RunBotDeps, run: Run, to: 'cancelled' | 'failed', detail: string): TE.TaskEither<JobFailure, void> =>
  pipe(
    move(deps, run, to, { detail, endedAt: deps.clock.now().toISOString() }),
    TE.flatMap(O.match(() => TE.right(undefined), (ended) => (to === 'failed' ? publish(deps)('bot.failed', ended) : TE.right(undefined)))),
  )
