import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { MeetingChange } from '../domain/meetings/meeting.js'
import type { Run, RunState } from '../domain/recordings/run.js'
import type { AppError } from '../errors.js'
import type { Clock } from '../ports/clock.js'
import type { RunStore } from '../ports/recording-stores.js'
import { moveRun } from '../recordings/index.js'

/** Runs whose bot has not left yet for the meeting: the only ones a meeting change can call off. */
const PENDING: ReadonlyArray<RunState> = ['scheduled', 'queued']

/** What a change to a meeting means for its pending run, if anything. */
const outcomeOf = (change: MeetingChange): { to: RunState; detail: string } | null => {
  const { meeting, previous } = change
  if (change.kind === 'removed') return { to: 'cancelled', detail: 'The meeting was removed' }
  if (change.kind !== 'updated' || previous === null) return null
  if (meeting.recordOverride === false && previous.recordOverride !== false) {
    return { to: 'cancelled', detail: 'Recording was turned off for this meeting' }
  }
  if (meeting.startsAt !== previous.startsAt) {
    return { to: 'superseded', detail: `The meeting moved to ${meeting.startsAt}; a new run replaces this one` }
  }
  return null
}

/**
 * Keeps runs in step with their meetings: a rescheduled meeting supersedes its
 * pending run (kept, never listed), and a removed meeting or an override to
 * false cancels it. The recording engine schedules the replacement.
 */
export const settleRunsForMeetings =
  (deps: { readonly runs: RunStore; readonly clock: Clock }) =>
  (accountId: string, changes: ReadonlyArray<MeetingChange>): TE.TaskEither<AppError, void> => {
    const wanted = changes.flatMap((c) => {
      const outcome = outcomeOf(c)
      return outcome === null ? [] : [{ meetingId: c.meeting.id, ...outcome }]
    })
    if (wanted.length === 0) return TE.right(undefined)
    return pipe(
      deps.runs.currentForMeetings(accountId, wanted.map((w) => w.meetingId)),
      TE.flatMap((current) =>
        TE.sequenceSeqArray(
          wanted.map(({ meetingId, to, detail }) => {
            const run: Run | undefined = current.get(meetingId)
            return run === undefined || !PENDING.includes(run.state) ? TE.right(undefined) : TE.map(() => undefined)(moveRun(deps)(run, to, { detail }))
          }),
        ),
      ),
      TE.map(() => undefined),
    )
  }
