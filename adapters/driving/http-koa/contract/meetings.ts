/** The wire shapes of /meetings: a meeting, a schedule row, the bodies that add and change a meeting, and the time window of the lists. */
import { pageOf } from '../dispatch/envelope.js'
import * as t from 'io-ts'
import { ResponseStatus } from '../../../../src/core/domain/meetings/calendar-event.js'
import { DurationMinutes, MeetingDescription, MeetingTitle, RecordOverride, StartsAt } from '../../../../src/core/domain/meetings/meeting-codecs.js'
import type { ScheduleRow } from '../../../../src/core/domain/meetings/meeting-schedule.js'
import { DURATION_BOUNDS, MAX_TITLE_LENGTH, type Meeting } from '../../../../src/core/domain/meetings/meeting.js'
import { JOIN_LINK_MESSAGE, JoinLink, MeetingPlatform } from '../../../../src/core/domain/meetings/platform.js'
import { SKIP_REASONS } from '../../../../src/core/domain/meetings/recording-decision.js'
import { RUN_PHASES, RUN_STATES } from '../../../../src/core/domain/recordings/run.js'
import { annotate, formatted, nullableFormatted } from '../openapi/codec-schema.js'
import { optionalDateTime } from '../dispatch/params.js'

/** A plain string with its own documentation (annotating t.string itself would document every string). */
const text = (description: string) => annotate(new t.Type<string, string, unknown>('string', t.string.is, t.string.validate, t.identity), { type: 'string', description })
const nullableText = (description: string) => t.union([text(description), t.null])
const responseStatus = ResponseStatus
export const Person = t.exact(t.type({ name: t.string, email: t.string }), 'Person')
const Attendee = t.exact(t.type({ name: t.string, email: t.string, responseStatus }), 'Attendee')

export const MeetingCodec = t.exact(
  t.type({
    id: formatted('uuid'),
    title: t.string,
    link: nullableFormatted('uri', 'The join link (Zoom, Google Meet or Microsoft Teams); null when the calendar event has none.'),
    description: t.string,
    location: t.string,
    startsAt: formatted('date-time'),
    durationMinutes: t.Int,
    source: text('`manual` for meetings added by hand; otherwise the calendar kind they came from (`ics`).'),
    connectionId: nullableFormatted('uuid', 'The calendar connection it came from; null for manual meetings.'),
    isAllDay: t.boolean,
    isRecurring: t.boolean,
    attendees: t.array(Attendee),
    attendeeCount: t.Int,
    organizer: t.union([Person, t.null]),
    responseStatus: t.union([responseStatus, t.null]),
    externalUrl: nullableText('The event in the calendar\'s own interface, when the calendar gives one.'),
    recordOverride: annotate(t.union([t.boolean, t.null]), {
      description: 'true records regardless of rules, false never records, null leaves it to the connection. Syncs never change it.',
    }),
    createdAt: formatted('date-time'),
  }),
  'Meeting',
)

const skipReason = annotate(t.keyof(SKIP_REASONS, 'SkipReasonValue'), {
  description: `Why the meeting will not be recorded (checked in this order): ${Object.entries(SKIP_REASONS)
    .map(([k, v]) => `\`${k}\`: ${v}`)
    .join(' ')}`,
  'x-enum-descriptions': SKIP_REASONS,
})
const runState = annotate(t.keyof(RUN_STATES, 'RunState'), {
  'x-enum-descriptions': Object.fromEntries(Object.entries(RUN_STATES).map(([k, v]) => [k, v.means])),
})
export const ScheduleRowCodec = t.exact(
  t.type({
    meetingId: formatted('uuid'),
    title: text('The meeting\'s title, as GET /meetings has it.'),
    startsAt: formatted('date-time', 'When the meeting starts, as GET /meetings has it.'),
    endsAt: formatted('date-time', 'When the meeting ends: startsAt plus its durationMinutes.'),
    isAllDay: annotate(t.boolean, { description: 'A calendar\'s all-day event, as GET /meetings has it: startsAt is 00:00 UTC of its first date and it lasts whole days, so show its dates (in no time zone), not times.' }),
    runId: nullableFormatted('uuid', 'The meeting\'s current recording run; null when it has none yet.'),
    platform: t.union([MeetingPlatform, t.null]),
    phase: t.union([t.keyof(Object.fromEntries(RUN_PHASES.map((p) => [p, null])) as Record<(typeof RUN_PHASES)[number], null>), t.null]),
    state: t.union([runState, t.null]),
    skipReason: t.union([skipReason, t.null]),
    willRecord: t.boolean,
    detail: nullableText('Why it will not be recorded; else what its run reports; else null.'),
    waitedSeconds: t.union([t.Int, t.null]),
    recordingSeconds: t.union([t.Int, t.null]),
    joinedAt: nullableFormatted('date-time'),
    endedAt: nullableFormatted('date-time'),
    hasNotes: t.boolean,
  }),
  'ScheduleRow',
)

// A copy of JoinLink with its own documentation, so the shared codec stays as its owners described it.
const Link = annotate(new t.Type<string, string, unknown>('JoinLink', JoinLink.is, JoinLink.validate, t.identity), {
  type: 'string',
  format: 'uri',
  description: `A Zoom, Google Meet or Microsoft Teams join link, stored in its normal form; anything else is refused (422, details[].path \`link\`: "${JOIN_LINK_MESSAGE}").`,
})
const Title = annotate(MeetingTitle, { minLength: 1, maxLength: MAX_TITLE_LENGTH })
const Duration = annotate(DurationMinutes, { type: 'integer', minimum: DURATION_BOUNDS.min, maximum: DURATION_BOUNDS.max })

export const NewMeetingBody = t.exact(
  t.intersection([
    t.type({ title: Title, link: Link, startsAt: StartsAt }),
    t.partial({ description: MeetingDescription, durationMinutes: Duration }),
  ]),
)
export const MeetingPatchBody = t.exact(
  t.partial({ title: Title, link: Link, description: MeetingDescription, startsAt: StartsAt, durationMinutes: Duration, recordOverride: RecordOverride }),
)

type MeetingBody = t.TypeOf<typeof MeetingCodec>
export const meetingView = (m: Meeting): MeetingBody => ({
  ...m,
  durationMinutes: m.durationMinutes as t.Int,
  attendeeCount: m.attendeeCount as t.Int,
  attendees: [...m.attendees],
})
export const scheduleRowView = (r: ScheduleRow): t.TypeOf<typeof ScheduleRowCodec> => r as t.TypeOf<typeof ScheduleRowCodec>
export const meetingWindow = {
  from: optionalDateTime({ description: 'Meetings not ended by this instant (ISO 8601). Omit both ends for everything held.' }),
  to: optionalDateTime({ description: 'Meetings starting before this instant (ISO 8601); must be later than from.' }),
}

export const MeetingPageCodec = pageOf(MeetingCodec, 'MeetingPage')

export const SchedulePageCodec = pageOf(ScheduleRowCodec, 'SchedulePage')
