/** The wire shapes of /bots: the body of POST /bots and the bot it answers. */
import { pageOf } from '../dispatch/envelope.js'
import { RecordingRow } from './recordings.js'
import * as t from 'io-ts'
import { MeetingPlatform } from '../../../../src/core/domain/meetings/platform.js'
import { phaseOf, type Run } from '../../../../src/core/domain/recordings/run.js'
import { annotate, formatted, nullableFormatted } from '../openapi/codec-schema.js'
import { RunPhaseCodec, RunStateCodec } from './recordings.js'

/** What POST /bots and POST /bots/{runId}/leave answer: the bot's run, with its meeting-side details. */
export const BotCodec = t.exact(
  t.type({
    runId: formatted('uuid'),
    reference: annotate(t.string, { description: 'For people to quote, e.g. `rec-1a2b-3c4d-5e6f`.' }),
    title: t.string,
    joinUrl: annotate(t.string, { description: 'The join link, normalised (https, lowercase host, no fragment).' }),
    platform: MeetingPlatform,
    state: RunStateCodec,
    phase: RunPhaseCodec,
    detail: annotate(t.union([t.string, t.null]), { description: 'Why the bot left, failed or was called off, in words.' }),
    joinedAt: nullableFormatted('date-time', 'When the bot was admitted and started recording.'),
    waitedSeconds: annotate(t.union([t.number, t.null]), { description: 'Time spent in the waiting room before admission.' }),
    recordingSeconds: t.union([t.number, t.null]),
    endedAt: nullableFormatted('date-time', 'When the bot left or gave up.'),
    leaveRequestedAt: nullableFormatted('date-time', 'When someone asked the bot to leave; it leaves within seconds.'),
    hasNotes: t.boolean,
    createdAt: formatted('date-time'),
  }),
  'Bot',
)

export const botView = (run: Run): t.TypeOf<typeof BotCodec> => ({
  runId: run.id,
  reference: run.reference,
  title: run.title,
  joinUrl: run.joinUrl ?? '',
  platform: run.platform ?? 'google_meet',
  state: run.state,
  phase: phaseOf(run.state),
  detail: run.detail,
  joinedAt: run.joinedAt,
  waitedSeconds: run.waitedSeconds,
  recordingSeconds: run.recordingSeconds,
  endedAt: run.endedAt,
  leaveRequestedAt: run.leaveRequestedAt,
  hasNotes: run.hasNotes,
  createdAt: run.createdAt,
})

export const SendBotBody = t.exact(
  t.intersection([
    t.type({ joinUrl: formatted('uri', 'A Zoom, Google Meet or Microsoft Teams join link; anything else is 422.') }),
    t.partial({
      title: annotate(t.string, { description: 'Shown in lists; `Meeting` when absent. At most 500 characters.' }),
      template: annotate(t.string, {
        examples: ['standup'],
        description:
          'The summary template for the recording\'s notes: an id of `templates` in GET /notes-settings. Absent: the organization\'s (or account\'s) `defaultTemplate` when the notes are made. An unknown id is 422 on `template`, naming the known ones.',
      }),
    }),
  ]),
  'SendBot',
)

export const BotPageCodec = pageOf(RecordingRow, 'BotPage')
