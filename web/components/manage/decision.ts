import type { Meeting, ScheduleRow } from '../../api.js'

type SkipReason = NonNullable<ScheduleRow['skipReason']>

/** The schedule's skip reasons (the recording engine's own decision) in words. */
const SKIP_WORDS: Readonly<Record<SkipReason, string>> = {
  override_off: 'You switched recording off for this meeting.',
  no_join_link: 'It has no meeting link.',
  unsupported_platform: 'Its link is not a Zoom, Google Meet or Microsoft Teams link.',
  ended: 'It has ended.',
  declined: 'You declined this meeting.',
  barred_by_rule: "A bar rule of its calendar leaves it out.",
  not_hosted: 'Its calendar records only the meetings you organize.',
  auto_join_manual: 'Its calendar records only the meetings you pick.',
  allowance_spent: "This month's recording allowance is spent; Settings → Account says who can lift it.",
}

export const PLATFORM_WORDS: Readonly<Record<string, string>> = {
  zoom: 'Zoom',
  google_meet: 'Google Meet',
  microsoft_teams: 'Microsoft Teams',
}

/** Why the schedule says what it says, from the row and the meeting's override. */
export const decisionWords = (row: ScheduleRow, meeting: Pick<Meeting, 'recordOverride' | 'source'> | undefined): { verdict: string; reason: string; tone: 'good' | 'quiet' } => {
  if (!row.willRecord) {
    // A meeting that has ended is no longer decided on; its run (if any) tells what happened.
    if (row.skipReason === 'ended' && row.runId !== null) return { verdict: 'Ended', reason: '', tone: 'quiet' }
    return { verdict: 'Not recorded', reason: row.skipReason === null ? (row.detail ?? '') : SKIP_WORDS[row.skipReason], tone: 'quiet' }
  }
  const verdict = row.phase === 'in_call' ? 'Being recorded' : row.phase === 'done' || row.phase === 'processing' ? 'Recorded' : 'Will be recorded'
  if (meeting?.recordOverride === true) return { verdict, reason: 'You switched recording on for this meeting.', tone: 'good' }
  if (meeting?.source === 'manual') return { verdict, reason: 'Meetings you add are recorded unless you switch them off.', tone: 'good' }
  return { verdict, reason: "Its calendar's rules record it.", tone: 'good' }
}
