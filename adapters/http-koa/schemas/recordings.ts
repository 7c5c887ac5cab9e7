import * as t from 'io-ts'
import { Attendee, SpeakerStats, Topic } from '../../../src/core/domain/notes.js'
import { phaseOf, RUN_PHASES, RUN_STATES, type Run } from '../../../src/core/domain/run.js'
import type { SharedAccess } from '../../../src/core/domain/share.js'
import { stageOf, UPLOAD_STAGES } from '../../../src/core/domain/upload.js'
import { Utterance } from '../../../src/core/domain/utterance.js'
import type { StoredNotes } from '../../../src/core/ports/recording-stores.js'
import { INCLUDED_UTTERANCES, type RecordingDetail } from '../../../src/core/recordings/index.js'
import type { UploadView } from '../../../src/core/uploads/index.js'
import { annotate, formatted, nullableFormatted } from '../codec-schema.js'

const describedEnum = <K extends string>(values: Readonly<Record<K, { means: string }>>, name: string) =>
  annotate(t.keyof(Object.fromEntries(Object.keys(values).map((k) => [k, null])) as Record<K, null>, name), {
    description: Object.entries<{ means: string }>(values).map(([k, v]) => `\`${k}\`: ${v.means}`).join(' '),
  })

export const RunStateCodec = describedEnum(RUN_STATES, 'RunState')
export const RunPhaseCodec = annotate(t.keyof(Object.fromEntries(RUN_PHASES.map((p) => [p, null])) as Record<(typeof RUN_PHASES)[number], null>), {
  description: '`pending` (not started), `in_call` (a bot is in the meeting), `processing` (transcribing and analysing), `done` (settled).',
})
const Origin = annotate(t.keyof({ calendar: null, manual: null, upload: null }), {
  description: '`calendar` (a bot the recording engine sent to a scheduled meeting, from a calendar or added by hand), `manual` (a bot sent with POST /bots), `upload` (a file sent with POST /uploads).',
})
const Platform = annotate(t.union([t.keyof({ zoom: null, google_meet: null, microsoft_teams: null }), t.null]), { description: 'null for uploads.' })
const Scope = annotate(t.keyof({ full: null, summary: null }), {
  description: '`full`, or `summary` for a recording shared with the caller at summary scope (notes without transcript or audio).',
})
// A union of its own rather than t.boolean: annotating the shared t.boolean would describe every boolean of the document.
const Owned = annotate(t.union([t.literal(true), t.literal(false)]), { description: 'false for a recording another account shared with the caller.' })
const SharedBy = annotate(
  t.union([t.exact(t.type({ id: formatted('uuid'), name: t.string, email: formatted('email') }), 'SharedBy'), t.null]),
  { description: 'Who shared the recording with the caller (the owner\'s account id, name and email); null for the caller\'s own recordings.' },
)

export const RecordingRow = t.exact(
  t.type({
    runId: formatted('uuid'),
    reference: t.string,
    meetingId: nullableFormatted('uuid', 'null for uploads and bots sent to a link without a meeting.'),
    title: t.string,
    startsAt: formatted('date-time'),
    platform: Platform,
    origin: Origin,
    state: RunStateCodec,
    phase: RunPhaseCodec,
    recordingSeconds: t.union([t.number, t.null]),
    endedAt: nullableFormatted('date-time'),
    hasNotes: t.boolean,
    scope: Scope,
    owned: Owned,
    sharedBy: SharedBy,
  }),
  'RecordingRow',
)

/** How the caller reaches the run: a plain Run is the caller's own. */
const access = (sharedAccess: SharedAccess | null | undefined) =>
  sharedAccess == null
    ? { scope: 'full' as const, owned: true, sharedBy: null }
    : { scope: sharedAccess.scope, owned: false, sharedBy: { ...sharedAccess.sharedBy } }

export const recordingRow = (run: Run & { readonly sharedAccess?: SharedAccess | null }): t.TypeOf<typeof RecordingRow> => ({
  runId: run.id,
  reference: run.reference,
  meetingId: run.meetingId,
  title: run.title,
  startsAt: run.startsAt,
  platform: run.platform,
  origin: run.origin,
  state: run.state,
  phase: phaseOf(run.state),
  recordingSeconds: run.recordingSeconds,
  endedAt: run.endedAt,
  hasNotes: run.hasNotes,
  ...access(run.sharedAccess),
})

const ActionItem = t.exact(
  t.type({
    id: formatted('uuid'),
    title: t.string,
    owner: t.union([t.string, t.null]),
    due: annotate(t.union([t.string, t.null]), { description: 'YYYY-MM-DD, or null when no date was said.' }),
    status: t.literal('active'),
    context: t.string,
    tags: t.array(t.string),
  }),
)

export const RecordingDetailCodec = t.exact(
  t.intersection([
    t.type({
      runId: formatted('uuid'),
      reference: t.string,
      scope: Scope,
      owned: Owned,
      sharedBy: SharedBy,
      state: RunStateCodec,
      phase: RunPhaseCodec,
      origin: Origin,
      detail: t.union([t.string, t.null]),
      meetingId: nullableFormatted('uuid'),
      title: t.string,
      startsAt: formatted('date-time'),
      platform: Platform,
      recordingSeconds: t.union([t.number, t.null]),
      joinedAt: nullableFormatted('date-time', 'When the bot was admitted and started recording; null for uploads.'),
      waitedSeconds: annotate(t.union([t.number, t.null]), { description: 'Time the bot spent in the waiting room; null for uploads.' }),
      endedAt: nullableFormatted('date-time'),
      hasNotes: t.boolean,
      shortSummary: t.string,
      detailedSummary: t.string,
      attendees: t.array(Attendee),
      topics: t.array(Topic),
      actionItems: t.array(ActionItem),
      speakers: t.array(SpeakerStats),
    }),
    t.partial({
      transcript: annotate(t.array(Utterance), {
        description: `With \`include=transcript\`: the utterances in order, the first ${INCLUDED_UTTERANCES.toLocaleString('en')} at most; \`GET /recordings/{runId}/transcript\` pages through all of them.`,
      }),
      transcriptTotal: annotate(t.number, {
        description: 'With `include=transcript`: how many utterances the whole transcript has. More than `transcript` holds means there is more to page through (the answer then has a `Link` header, `rel="next"`).',
      }),
    }),
  ]),
  'RecordingDetail',
)

const emptyNotes: StoredNotes = { shortSummary: '', detailedSummary: '', attendees: [], topics: [], actionItems: [], speakers: [] }

export const recordingDetail = (d: RecordingDetail): t.TypeOf<typeof RecordingDetailCodec> => {
  const notes = d.notes._tag === 'Some' ? d.notes.value : emptyNotes
  const r = recordingRow(d.run)
  return {
    runId: r.runId, reference: r.reference, scope: d.scope, owned: r.owned, sharedBy: r.sharedBy, state: r.state, phase: r.phase,
    origin: r.origin, detail: d.run.detail, meetingId: r.meetingId, title: r.title, startsAt: r.startsAt, platform: r.platform,
    recordingSeconds: r.recordingSeconds, joinedAt: d.run.joinedAt, waitedSeconds: d.run.waitedSeconds, endedAt: r.endedAt, hasNotes: r.hasNotes,
    shortSummary: notes.shortSummary, detailedSummary: notes.detailedSummary, attendees: [...notes.attendees], topics: [...notes.topics],
    actionItems: notes.actionItems.map((a) => ({ ...a, tags: [...a.tags] })), speakers: [...notes.speakers],
    ...(d.transcript._tag === 'Some' ? { transcript: [...d.transcript.value.rows], transcriptTotal: d.transcript.value.total } : {}),
  }
}

export const TranscriptPage = t.exact(
  t.type({ rows: t.array(Utterance), total: t.number, limit: t.number, offset: t.number, scope: Scope }),
  'TranscriptPage',
)

export const UploadCodec = t.exact(
  t.type({
    id: formatted('uuid'),
    runId: formatted('uuid'),
    reference: t.string,
    title: t.string,
    kind: t.keyof({ audio: null, transcript: null }),
    stage: annotate(t.keyof(Object.fromEntries(UPLOAD_STAGES.map((s) => [s, null])) as Record<(typeof UPLOAD_STAGES)[number], null>), {
      description: '`pending` (waiting for the file) → `stored` → `transcribing` → `analysing` → `ready`, or `failed` with `error` (retry moves failed → stored).',
    }),
    filename: t.string,
    byteSize: t.union([t.number, t.null]),
    durationMs: t.union([t.number, t.null]),
    startsAt: formatted('date-time'),
    createdAt: formatted('date-time'),
    updatedAt: formatted('date-time'),
    error: t.union([t.string, t.null]),
    hasNotes: t.boolean,
  }),
  'Upload',
)

export const uploadView = ({ upload, run }: UploadView): t.TypeOf<typeof UploadCodec> => ({
  id: upload.id, runId: upload.runId, reference: upload.reference, title: upload.title, kind: upload.kind, stage: stageOf(run.state),
  filename: upload.filename, byteSize: upload.byteSize, durationMs: upload.durationMs, startsAt: upload.startsAt,
  createdAt: upload.createdAt, updatedAt: upload.updatedAt, error: upload.error ?? (run.state === 'failed' ? run.detail : null), hasNotes: run.hasNotes,
})
