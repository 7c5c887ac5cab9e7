import * as O from 'fp-ts/lib/Option.js'
import * as t from 'io-ts'
import type { ResponseStatus } from './calendar-event.js'
import { type Rule, describeRule, ruleMatches } from './calendar-rules.js'
import { PLATFORM_NAMES, recognisePlatform } from './platform.js'

/**
 * Whether the bot records a meeting. The schedule endpoint and the recording
 * engine both call decideRecording, so what the API promises is what happens.
 *
 * Order of checks (the first that applies decides):
 *  1. recordOverride false            -> override_off (the user's explicit "no" wins over everything)
 *  2. no join link                    -> no_join_link
 *  3. link not on a supported platform -> unsupported_platform
 *  4. startsAt + duration <= now      -> ended (a meeting in progress can still be joined)
 *  5. policy, when recordOverride is null (override true skips it):
 *     manual meeting (no connection)  -> records
 *     the account declined it         -> declined (unless the connection's recordDeclined is on)
 *     a bar rule matches              -> barred_by_rule (bars before joins: a bar always wins)
 *     a join rule matches             -> records
 *     autoJoin all                    -> records
 *     autoJoin hosted                 -> records when the organizer is the account email, else not_hosted
 *     autoJoin manual                 -> auto_join_manual
 *  6. would record but no allowance   -> allowance_spent
 * Facts about the meeting (2-4) come before policy because no rule or override can fix them;
 * the allowance comes last because it only matters for a meeting that would be recorded.
 */
export const SKIP_REASONS = {
  override_off: 'Recording was switched off for this meeting (recordOverride is false).',
  no_join_link: 'The meeting has no join link.',
  unsupported_platform: 'The join link is not a Zoom, Google Meet or Microsoft Teams meeting link.',
  ended: 'The meeting has already ended.',
  declined: 'The account declined the invitation and its calendar connection does not record declined meetings (recordDeclined is false).',
  barred_by_rule: 'A bar rule of the calendar connection matched the meeting.',
  not_hosted: 'The connection records only meetings its account organises, and this one is organised by someone else.',
  auto_join_manual: 'The connection is set to manual and no join rule matched.',
  allowance_spent: 'The monthly recording allowance is spent.',
} as const

export type SkipReason = keyof typeof SKIP_REASONS
/** Codec of the reasons, for response schemas and OpenAPI. */
export const SkipReason = t.keyof(SKIP_REASONS, 'SkipReason')

export type AutoJoin = 'all' | 'hosted' | 'manual'

export interface DecisionMeeting {
  readonly title: string
  readonly description: string
  readonly link: string | null
  readonly startsAt: string
  readonly durationMinutes: number
  readonly recordOverride: boolean | null
  readonly isRecurring: boolean
  readonly organizer: { readonly email: string } | null
  readonly attendees: ReadonlyArray<{ readonly email: string }>
  /** The account's own answer to the invitation; null when unknown (a meeting added by hand). */
  readonly responseStatus: ResponseStatus | null
}

export interface DecisionConnection {
  readonly accountEmail: string
  readonly autoJoin: AutoJoin
  readonly joinRules: ReadonlyArray<Rule>
  readonly barRules: ReadonlyArray<Rule>
  /** When true, a meeting the account declined is left to the rules like any other. */
  readonly recordDeclined: boolean
}

export interface DecisionInput {
  readonly meeting: DecisionMeeting
  /** null for a meeting added by hand. */
  readonly connection: DecisionConnection | null
  /** ISO date-time of the moment the decision is for. */
  readonly now: string
  readonly allowanceLeft: boolean
}

export type RecordingDecision =
  | { readonly willRecord: true }
  | { readonly willRecord: false; readonly skipReason: SkipReason; readonly detail: string }

const skip = (skipReason: SkipReason, detail: string): RecordingDecision => ({ willRecord: false, skipReason, detail })
const RECORD: RecordingDecision = { willRecord: true }
const sameEmail = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase()

/** Steps 2-4: what no rule or override can change. */
const checkMeetingFacts = (meeting: DecisionMeeting, now: string): RecordingDecision | null => {
  if (meeting.link === null || meeting.link.trim() === '') return skip('no_join_link', 'The meeting has no join link.')
  if (O.isNone(recognisePlatform(meeting.link))) {
    const names = Object.values(PLATFORM_NAMES).join(', ')
    return skip('unsupported_platform', `The join link is not a meeting link the bot can join (${names}).`)
  }
  const endsAt = Date.parse(meeting.startsAt) + meeting.durationMinutes * 60_000
  if (endsAt <= Date.parse(now)) return skip('ended', `The meeting ended at ${new Date(endsAt).toISOString()}.`)
  return null
}

/** Step 5, for a calendar meeting without an override. */
const applyConnectionPolicy = (meeting: DecisionMeeting, connection: DecisionConnection): RecordingDecision => {
  // Declining is the person's own "no": it comes before the rules (tentative stays a rule choice).
  if (meeting.responseStatus === 'declined' && !connection.recordDeclined)
    return skip('declined', 'You declined this meeting; its calendar connection does not record declined meetings.')
  const bar = connection.barRules.find((r) => ruleMatches(r, meeting, connection))
  if (bar !== undefined) return skip('barred_by_rule', `Bar rule ${describeRule(bar)} matched.`)
  if (connection.joinRules.some((r) => ruleMatches(r, meeting, connection))) return RECORD
  switch (connection.autoJoin) {
    case 'all':
      return RECORD
    case 'hosted': {
      const organizer = meeting.organizer
      if (organizer !== null && sameEmail(organizer.email, connection.accountEmail)) return RECORD
      const by = organizer === null ? 'an unknown organizer' : organizer.email
      return skip('not_hosted', `Auto-join is set to hosted meetings only; this one is organised by ${by}, not ${connection.accountEmail}.`)
    }
    case 'manual':
      return skip('auto_join_manual', 'Auto-join is set to manual and no join rule matched.')
  }
}

/** Decides whether the meeting is recorded and, if not, why. Pure and deterministic. */
export const decideRecording = (input: DecisionInput): RecordingDecision => {
  const { meeting, connection } = input
  if (meeting.recordOverride === false) return skip('override_off', 'Recording was switched off for this meeting.')
  const fact = checkMeetingFacts(meeting, input.now)
  if (fact !== null) return fact
  const policy =
    meeting.recordOverride === true || connection === null ? RECORD : applyConnectionPolicy(meeting, connection)
  if (!policy.willRecord) return policy
  return input.allowanceLeft ? RECORD : skip('allowance_spent', 'The monthly recording allowance is spent.')
}
