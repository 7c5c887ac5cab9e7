import * as O from 'fp-ts/lib/Option.js'
import type { MeetingPlatform } from './platform.js'
import type { CalendarConnection } from './calendar-connection.js'
import { endsAt, type Meeting } from './meeting.js'
import { decideForMeeting } from './meeting-decision.js'
import { recognisePlatform } from './platform.js'
import type { SkipReason } from './recording-decision.js'
import { countsAgainstAllowance, phaseOf, type Run, runAsOf, type RunPhase, type RunState } from '../recordings/run.js'

/**
 * One meeting in a schedule window: whether it will be recorded (decided now,
 * by the rule the recording engine uses) and where its current run stands.
 * Run fields are null when the meeting has no run yet.
 */
export interface ScheduleRow {
  readonly meetingId: string
  /** The meeting's own title and times, so a client need not read the meeting too. */
  readonly title: string
  readonly startsAt: string
  readonly endsAt: string
  /** A calendar's all-day event: from 00:00 UTC of its first date, whole days long (show its dates, not times). */
  readonly isAllDay: boolean
  readonly runId: string | null
  /** The run's platform, else the platform of the meeting's link; null when it has no supported link. */
  readonly platform: MeetingPlatform | null
  readonly phase: RunPhase | null
  readonly state: RunState | null
  /** Set exactly when willRecord is false. */
  readonly skipReason: SkipReason | null
  readonly willRecord: boolean
  /** Why it will not be recorded; else what the run reports (e.g. why it failed); else null. */
  readonly detail: string | null
  readonly waitedSeconds: number | null
  readonly recordingSeconds: number | null
  readonly joinedAt: string | null
  readonly endedAt: string | null
  readonly hasNotes: boolean
}

/** A run that already counts against the allowance needs no more of it: its meeting is not refused for a spent allowance. */
export const runHoldsAllowance = (run: Run | undefined): boolean => run !== undefined && countsAgainstAllowance(run)

const platformOf = (meeting: Meeting, run: Run | undefined): MeetingPlatform | null =>
  run?.platform ??
  (meeting.link === null
    ? null
    : O.match(
        () => null,
        (r: { platform: MeetingPlatform }) => r.platform,
      )(recognisePlatform(meeting.link)))

export const scheduleRowOf = (
  meeting: Meeting,
  connection: CalendarConnection | null,
  run: Run | undefined,
  now: Date,
  allowanceLeft: boolean,
): ScheduleRow => {
  const decision = decideForMeeting(meeting, connection, now, allowanceLeft || runHoldsAllowance(run))
  const live = run === undefined ? undefined : runAsOf(run, now)
  return {
    meetingId: meeting.id,
    title: meeting.title,
    startsAt: meeting.startsAt,
    endsAt: endsAt(meeting),
    isAllDay: meeting.isAllDay,
    runId: run?.id ?? null,
    platform: platformOf(meeting, run),
    phase: run === undefined ? null : phaseOf(run.state),
    state: run?.state ?? null,
    skipReason: decision.willRecord ? null : decision.skipReason,
    willRecord: decision.willRecord,
    detail: decision.willRecord ? (run?.detail ?? null) : decision.detail,
    waitedSeconds: run?.waitedSeconds ?? null,
    recordingSeconds: live?.recordingSeconds ?? null,
    joinedAt: run?.joinedAt ?? null,
    endedAt: run?.endedAt ?? null,
    hasNotes: run?.hasNotes ?? false,
  }
}
