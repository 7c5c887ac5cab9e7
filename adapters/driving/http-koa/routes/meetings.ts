import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import { DURATION_BOUNDS, DEFAULT_DURATION_MINUTES, MAX_ATTENDEES, MEETING_LIST_LIMIT, SCHEDULE_MAX_DAYS } from '../../../../src/core/domain/meetings/meeting.js'
import type { Page } from '../../../../src/core/domain/page.js'
import type { AppError } from '../../../../src/core/errors.js'
import type { Core } from '../../../../src/core/build-core.js'
import { dateTime, integer, pageQuery } from '../dispatch/params.js'
import { byId, plainly } from '../by-id.js'
import { route } from '../route.js'
import {
  MeetingCodec,
  NewMeetingBody,
  MeetingPatchBody,
  meetingView,
  scheduleRowView,
  meetingWindow,
  MeetingPageCodec,
  SchedulePageCodec,
} from '../contract/meetings.js'

const data = <A>(task: TE.TaskEither<AppError, A>) => TE.map((d: A) => ({ data: d }))(task)
const pageMap = <A, B>(f: (a: A) => B) => (p: Page<A>) => ({ ...p, rows: p.rows.map(f) })

const meeting = byId({
  id: 'The meeting id.',
  notFound: 'No listed meeting with this id for this account: another account\'s meeting, or a removed one, answers 404 too (NOT_FOUND).',
  answer: plainly(meetingView),
})

export const meetingRoutes = (core: Core) => [
  route({
    operationId: 'listMeetings', method: 'get', path: '/meetings', tag: 'Meetings', access: 'read',
    summary: 'Meetings, by start time',
    description: `Every listed meeting of the account (manual and from connected calendars) whether or not a bot will join: ask GET /meetings/schedule for that. A meeting is in the window when it starts before \`to\` and has not ended by \`from\`, so one under way at \`from\` is included; with neither, everything held is listed. Ordered by startsAt, then id. \`limit\` defaults to ${MEETING_LIST_LIMIT.default} and may be ${MEETING_LIST_LIMIT.min} to ${MEETING_LIST_LIMIT.max} (outside is 422, never clamped). Removed meetings are never listed.`,
    query: {
      ...meetingWindow,
      limit: integer({ min: MEETING_LIST_LIMIT.min, max: MEETING_LIST_LIMIT.max, default: MEETING_LIST_LIMIT.default, description: `Rows per page, ${MEETING_LIST_LIMIT.min} to ${MEETING_LIST_LIMIT.max}.` }),
      offset: pageQuery.offset,
    },
    errorNotes: { VALIDATION_ERROR: '`to` not later than `from`, `limit` outside 1 to 1000, or an unknown query parameter (VALIDATION_ERROR).' },
    success: { status: 200, description: 'A page of meetings.', data: MeetingPageCodec },
    handle: ({ actor, query }) => pipe(core.meetings.list(actor, query), TE.map(pageMap(meetingView)), data),
  }),
  route({
    operationId: 'createMeeting', method: 'post', path: '/meetings', tag: 'Meetings', access: 'write',
    summary: 'Add a meeting by hand',
    description: `For meetings not on a connected calendar (\`source\` \`manual\`). \`durationMinutes\` defaults to ${DEFAULT_DURATION_MINUTES} (${DURATION_BOUNDS.min} to ${DURATION_BOUNDS.max}). The link must be a Zoom, Google Meet or Microsoft Teams join link: any other is refused with 422 (\`details[].path\` \`link\`) and nothing is stored. A manual meeting with a link is recorded unless its recordOverride is false.`,
    body: NewMeetingBody,
    success: { status: 201, description: 'The new meeting.', data: MeetingCodec },
    handle: ({ actor, body: b }) => data(TE.map(meetingView)(core.meetings.create(actor, b))),
  }),
  route({
    operationId: 'getMeetingSchedule', method: 'get', path: '/meetings/schedule', tag: 'Meetings', access: 'read',
    summary: 'What will be recorded in a window',
    description: `One row per listed meeting in the window (as GET /meetings counts it), ordered by start. \`willRecord\` and \`skipReason\` are the recording engine's own decision, made at request time: recordOverride first, then whether the meeting has a supported link and has not ended, then whether the account declined it (skipped as \`declined\` unless the connection's recordDeclined is true; recordOverride true records it), then the connection's bar rules, join rules and autoJoin mode, then the monthly allowance (a meeting whose run already counts against it is not refused for it). Each row carries the meeting's \`title\`, \`startsAt\` and \`endsAt\`, so no call to GET /meetings is needed to show it. The run fields describe the meeting's current run and are null when it has none; \`recordingSeconds\` grows while its bot records. \`from\` and \`to\` are required; \`to\` must be later than \`from\` and at most ${SCHEDULE_MAX_DAYS} days after it (422 otherwise). Paged with \`limit\` (1 to 100, default 25) and \`offset\`.`,
    query: {
      from: dateTime({ required: true, description: 'Start of the window (ISO 8601).' }),
      to: dateTime({ required: true, description: `End of the window (ISO 8601), later than from and at most ${SCHEDULE_MAX_DAYS} days after it.` }),
      ...pageQuery,
    },
    errorNotes: { VALIDATION_ERROR: `\`from\` or \`to\` missing, \`to\` not later than \`from\`, a window over ${SCHEDULE_MAX_DAYS} days, or paging out of bounds (VALIDATION_ERROR).` },
    success: { status: 200, description: 'A page of schedule rows.', data: SchedulePageCodec },
    handle: ({ actor, query }) => pipe(core.meetings.schedule(actor, query), TE.map(pageMap(scheduleRowView)), data),
  }),
  route({
    operationId: 'getMeeting', method: 'get', path: '/meetings/{id}', tag: 'Meetings', access: 'read',
    summary: 'One meeting',
    description: `A meeting from a calendar or added by hand: its time, join link, attendees (the first ${MAX_ATTENDEES} at most; \`attendeeCount\` counts them all), organizer and \`recordOverride\`. Whether it will be recorded, and why not, is in \`GET /meetings/schedule\`. Another account's meeting is 404.`,
    params: meeting.params,
    errorNotes: meeting.errorNotes(),
    success: { status: 200, description: 'The meeting.', data: MeetingCodec },
    handle: meeting.handle((actor, id) => core.meetings.get(actor, id)),
  }),
  route({
    operationId: 'updateMeeting', method: 'patch', path: '/meetings/{id}', tag: 'Meetings', access: 'write',
    summary: 'Change a meeting, or whether it is recorded',
    description: 'Every field is optional. `recordOverride` `true` records the meeting regardless of rules, `false` never records it, `null` hands the decision back to the connection; calendar syncs never change it. On a meeting from a calendar only `recordOverride` may be changed: the other fields belong to the calendar (each sync would overwrite them), so sending one is 422 on that field. A link must be a supported join link (422 on `link` otherwise).',
    params: meeting.params,
    body: MeetingPatchBody,
    errorNotes: meeting.errorNotes(),
    success: { status: 200, description: 'The meeting as it is now.', data: MeetingCodec },
    handle: meeting.handle((actor, id, changes) => core.meetings.update(actor, id, changes)),
  }),
  route({
    operationId: 'deleteMeeting', method: 'delete', path: '/meetings/{id}', tag: 'Meetings', access: 'write',
    summary: 'Remove a meeting',
    description: 'The meeting is never listed again, and a calendar sync does not bring it back (its event may stay in the calendar). A recording not yet started for it is called off by the recording engine. Answers the meeting as it was.',
    params: meeting.params,
    errorNotes: meeting.errorNotes(),
    success: { status: 200, description: 'The removed meeting.', data: MeetingCodec },
    handle: meeting.handle((actor, id) => core.meetings.remove(actor, id)),
  }),
]
