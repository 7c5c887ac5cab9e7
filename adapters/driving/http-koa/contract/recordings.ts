/** The wire shapes of /recordings (and of bots, whose runs are recordings too): a row, the detail with its notes, the transcript, and how each is made from the core's records. */
import { pageOf } from '../dispatch/envelope.js'
import * as t from 'io-ts'
import type { Attendee } from '../../../../src/core/domain/notes/notes.js'
import { ActionItemStatus } from '../../../../src/core/domain/notes/notes.js'
import { MeetingPlatform } from '../../../../src/core/domain/meetings/platform.js'
import type { SearchMatch } from '../../../../src/core/domain/recordings/recording-filter.js'
import { languageOf, phaseOf, progressOf, RUN_PHASES, RUN_STATES, type Run } from '../../../../src/core/domain/recordings/run.js'
import type { SharedAccess } from '../../../../src/core/domain/recordings/share.js'
import { SPEAKER_SEPARATIONS, type SpeakerSeparation } from '../../../../src/core/domain/recordings/speaker-separation.js'
import { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import type { ActionItem } from '../../../../src/core/ports/recording-stores.js'
import {
  INCLUDED_UTTERANCES,
  NOT_EDITED,
  type EditedParts,
  type ReadNotes,
  type ReadTopic,
  type RecordingDetail,
} from '../../../../src/core/recordings/index.js'
import { annotate, formatted, nullableFormatted } from '../openapi/codec-schema.js'

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
const Platform = annotate(t.union([MeetingPlatform, t.null]), { description: 'null for uploads.' })
const Scope = annotate(t.keyof({ full: null, summary: null }), {
  description: '`full`, or `summary` for a recording shared with the caller at summary scope (notes without transcript or audio).',
})
// A union of its own rather than t.boolean: annotating the shared t.boolean would describe every boolean of the document.
const Owned = annotate(t.union([t.literal(true), t.literal(false)]), { description: 'false for a recording another account shared with the caller.' })
const SharedBy = annotate(
  t.union([t.exact(t.type({ id: formatted('uuid'), name: t.string, email: formatted('email') }), 'SharedBy'), t.null]),
  { description: 'Who shared the recording with the caller (the owner\'s account id, name and email); null for the caller\'s own recordings.' },
)

/** How far processing has got; its own codec so its documentation stays its own. */
export const ProgressCodec = annotate(
  t.union([
    t.exact(
      t.type({
        stage: annotate(t.keyof({ transcribing: null, analysing: null }), {
          description: '`transcribing` (speech to text, or reading the transcript file; a `stored` run waits here at 0) or `analysing` (summaries, topics, action items, then storing them).',
        }),
        fraction: annotate(t.number, {
          minimum: 0,
          maximum: 1,
          description: 'How much of the stage is done, 0 to 1. Speech recognition reports as it goes through the audio (pocketsphinx); a transcript file and a remote engine go from 0 to 1 at once; analysis is 0.5 once the notes are made. Updated at most every 2 seconds, or sooner after a step of 5 %.',
        }),
      }),
      'Progress',
    ),
    t.null,
  ]),
  { description: 'While the recording is processing (state `stored`, `transcribing` or `analysing`): the stage and how much of it is done. null otherwise.' },
)

/** The recording's language; its own codec so its documentation stays its own. */
export const LanguageCodec = annotate(t.union([t.string, t.null]), {
  description:
    'The language spoken: the code the speech-to-text engine reported once the audio is transcribed (detected, or the one it used; e.g. `en`, `de`), else the one the upload named (`auto` while detection is pending, or when the engine could not say), else null. A transcript upload carries the language it was given (never detected), or null.',
})

export const FailedStage = annotate(t.union([t.keyof({ transcribing: null, analysing: null }), t.null]), {
  description:
    'The processing stage a `failed` recording failed in; null otherwise. `transcribing` (turning audio into text, or reading a transcript file): nothing was kept. `analysing` (making the notes): the transcript is kept and can be read, and a retry starts again from the analysis without transcribing. With `hasNotes` true, the chosen notes server failed and the built-in analyzer wrote the notes, which can be read (`notesMadeBy.fallbackReason` says why); a retry asks the server again.',
})

const SpeakerSeparationCodec = annotate(t.union([t.keyof(Object.fromEntries(SPEAKER_SEPARATIONS.map((s) => [s, null])) as Record<SpeakerSeparation, null>), t.null]), {
  description:
    'How the transcript\'s speakers were told apart: `transcript` (the uploaded transcript named them), `captions` (the meeting\'s captions or active speaker, for bot recordings), `channels` (one speaker per channel of a stereo call recording), `voices` (by the sound of their voices), or `none`: not told apart, so everything is under one speaker (rename it, or upload a stereo recording with one voice per channel). null until transcribed.',
})

const RecordingSeconds = annotate(t.union([t.number, t.null]), {
  description: 'How long the bot recorded, in seconds; while it records (state `recording`), the seconds since it was admitted, growing at every read. For uploads, the length of the audio or transcript once processed; null before.',
})

const Highlight = t.exact(
  t.type({
    start: annotate(t.number, { description: 'Offset in `snippet` (UTF-16 code units, as JavaScript counts) of the first character of a matched word.' }),
    end: annotate(t.number, { description: 'Offset just past its last character.' }),
  }),
  'SearchHighlight',
)
const SearchMatchCodec = annotate(
  t.union([
    t.exact(
      t.type({
        field: annotate(t.keyof({ title: null, summary: null, actionItem: null, transcript: null }), {
          description: 'Where the words were found. When the transcript holds them, its first such utterance is the match; otherwise the title, then the short and the detailed summary, then the first action item.',
        }),
        snippet: annotate(t.string, { description: 'The field\'s text, cut to about 200 characters around the first matched word (… marks a cut).' }),
        highlights: annotate(t.array(Highlight), { description: 'The matched words in `snippet`, in order (every word whose stem is one searched).' }),
        atMs: annotate(t.union([t.number, t.null]), { description: 'For a transcript match, where the utterance starts (ms from the start of the recording), to seek the audio there; null otherwise.' }),
        speaker: annotate(t.union([t.string, t.null]), { description: 'For a transcript match, who said it; null otherwise.' }),
      }),
      'SearchMatch',
    ),
    t.null,
  ]),
  { description: 'Why the recording was found by the search `q`; null in a list without `q`.' },
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
    recordingSeconds: RecordingSeconds,
    progress: ProgressCodec,
    endedAt: nullableFormatted('date-time'),
    hasNotes: t.boolean,
    scope: Scope,
    owned: Owned,
    sharedBy: SharedBy,
    match: SearchMatchCodec,
  }),
  'RecordingRow',
)

/** How the caller reaches the run: a plain Run is the caller's own. */
const access = (sharedAccess: SharedAccess | null | undefined) =>
  sharedAccess == null
    ? { scope: 'full' as const, owned: true, sharedBy: null }
    : { scope: sharedAccess.scope, owned: false, sharedBy: { ...sharedAccess.sharedBy } }

export const recordingRow = (run: Run & { readonly sharedAccess?: SharedAccess | null; readonly match?: SearchMatch | null }): t.TypeOf<typeof RecordingRow> => ({
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
  progress: progressOf(run),
  endedAt: run.endedAt,
  hasNotes: run.hasNotes,
  ...access(run.sharedAccess),
  match: run.match == null ? null : { ...run.match, highlights: run.match.highlights.map((h) => ({ ...h })) },
})

export const ActionItemCodec = t.exact(
  t.type({
    id: annotate(formatted('uuid'), {
      description: 'Stable: derived from the recording and the sentence the item came from, so processing the same recording again gives the same id (and keeps the edits made with PATCH /recordings/{runId}/action-items/{itemId}).',
    }),
    title: t.string,
    owner: annotate(t.union([t.string, t.null]), { description: 'Who owes it (a speaker\'s name once renamed, or a named person); null when unknown.' }),
    due: annotate(t.union([t.string, t.null]), { description: 'YYYY-MM-DD, or null when no date was said.' }),
    status: annotate(ActionItemStatus, { description: '`active` as generated; `done` once someone marks it so.' }),
    context: annotate(t.string, { description: 'The sentence the item came from.' }),
    tags: t.array(t.string),
    atMs: annotate(t.union([t.number, t.null]), {
      description:
        'Start of the utterance where the task was first said (its citation), in ms from the start of the recording, to seek the audio or the transcript there; null when unknown (notes made before it was recorded).',
    }),
  }),
  'ActionItem',
)

export const SpeakerCodec = t.exact(
  t.type({
    id: annotate(formatted('uuid'), {
      description: 'Stable: derived from the recording and the label the transcript gives the speaker, so it stays the same when the recording is processed again. Rename with PATCH /recordings/{runId}/speakers/{speakerId}.',
    }),
    name: annotate(t.string, { description: 'The name people gave the speaker; the label until then.' }),
    label: annotate(t.string, { description: 'The speaker as the transcript or the meeting names them (e.g. "Speaker 1").' }),
    email: annotate(t.union([t.string, t.null]), { description: 'The attendee email the speaker is mapped to; null when unknown.' }),
    talkMs: t.number,
    words: t.number,
    share: annotate(t.number, { description: 'Share of the talk time (of the words when the transcript has no times); shares sum to 1.' }),
  }),
  'Speaker',
)

const AttendeeCodec = t.exact(
  t.type({
    name: t.string,
    email: annotate(t.string, { description: 'The attendee\'s email address; "" (the empty string) when unknown, never null.' }),
  }),
  'Attendee',
)

/** The interface's attendee: the notes keep null for an unknown email (and older notes ''); the answer always has a string. */
const attendeeView = (a: Attendee): t.TypeOf<typeof AttendeeCodec> => ({ name: a.name, email: a.email ?? '' })

const DecisionCodec = t.exact(
  t.type({
    text: annotate(t.string, { description: 'What was agreed, as said.' }),
    by: annotate(t.union([t.string, t.null]), { description: 'Who proposed or agreed it (the person the sentence names, else its speaker); null when unknown.' }),
    atMs: annotate(t.union([t.number, t.null]), { description: 'Start of the utterance it was said in, in ms from the start of the recording; null when unknown.' }),
    speaker: annotate(t.union([t.string, t.null]), { description: 'The speaker of that utterance (renamed speakers by their name); null when unknown.' }),
  }),
  'Decision',
)

const editedOf = <C extends t.Mixed>(generated: C, what: string) =>
  annotate(t.union([t.exact(t.type({ editedAt: formatted('date-time'), generated })), t.null]), {
    description: `null while ${what} reads as the analyzer wrote it. Once a person rewrote it: when (\`editedAt\`), and what the analyzer wrote (\`generated\`, speaker names applied), which sending null for it brings back.`,
  })

export const TopicCodec = t.exact(
  t.type({
    id: annotate(formatted('uuid'), {
      description: 'Stable: derived from the recording, the label the analyzer gave and its place among topics of that label, so processing the same transcript again gives the same id. Relabel with PATCH /recordings/{runId}/topics/{topicId}.',
    }),
    label: annotate(t.string, { description: 'The label people gave the topic; the generated one until then.' }),
    share: annotate(t.number, { description: 'Share of the talk time; shares sum to 1.' }),
    edited: editedOf(t.string, 'the label'),
  }),
  'Topic',
)

const EditedPartsCodec = annotate(
  t.exact(
    t.type({
      shortSummary: editedOf(t.string, 'the short summary'),
      detailedSummary: editedOf(t.string, 'the detailed summary'),
      decisions: editedOf(t.array(DecisionCodec), 'the list of decisions'),
    }),
    'EditedParts',
  ),
  { description: 'Which parts of the notes people rewrote (PATCH /recordings/{runId}/notes), each with the generated text; all null for notes as generated.' },
)

const NotesMadeByCodec = annotate(
  t.union([
    t.exact(
      t.type({
        analyzer: annotate(t.string, { description: '`builtin` or `openai`: the analyzer chosen for these notes.' }),
        model: annotate(t.union([t.string, t.null]), { description: 'The language model asked, for `openai`; null for the built-in analyzer.' }),
        template: annotate(t.union([t.string, t.null]), { description: 'The summary template\'s id; null when none was chosen.' }),
        fallbackReason: annotate(t.union([t.string, t.null]), {
          description: 'Set when the chosen analyzer failed and the built-in one wrote these notes instead: why, in words (the recording is then `failed` at `failedStage` `analysing`, with these notes kept).',
        }),
      }),
      'NotesMadeBy',
    ),
    t.null,
  ]),
  { description: 'Who made the notes: the analyzer, model and template, and why it fell back to the built-in analyzer if it did. null for notes made before this was recorded, and while there are no notes.' },
)

const TranscribedByCodec = annotate(
  t.union([
    t.exact(
      t.type({
        engine: annotate(t.string, {
          description: 'The speech-to-text engine, as GET /server names it: `whisper`, `pocketsphinx`, `openai` (an OpenAI-compatible service); or `captions`: a bot recording\'s transcript made of the meeting\'s own captions.',
        }),
        model: annotate(t.union([t.string, t.null]), { description: 'The model it ran, for an engine that loads one (a Whisper model such as `base.en`); null otherwise.' }),
        accuracy: annotate(t.union([t.keyof({ rough: null, accurate: null }), t.null]), {
          description: 'How good its words are: `rough` (PocketSphinx: many words wrong; worth processing again once Whisper is in place) or `accurate` (Whisper, a speech-to-text service); null when not known (`captions`).',
        }),
      }),
      'TranscribedBy',
    ),
    t.null,
  ]),
  {
    description:
      'Which engine made the transcript: the one the transcription really ran on, even if the server has changed engines since. null until transcribed, for an uploaded transcript file (no engine ran), and for recordings transcribed before this was recorded.',
  },
)

const TemplateChoice = annotate(t.union([t.string, t.null]), {
  description: 'The summary template chosen with the upload or bot (`template`); null when none was: the organization\'s (or account\'s) default at the time the notes are made.',
})

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
      recordingSeconds: RecordingSeconds,
      progress: ProgressCodec,
      language: LanguageCodec,
      failedStage: FailedStage,
      speakerSeparation: SpeakerSeparationCodec,
      transcribedBy: TranscribedByCodec,
      joinedAt: nullableFormatted('date-time', 'When the bot was admitted and started recording; null for uploads.'),
      waitedSeconds: annotate(t.union([t.number, t.null]), { description: 'Time the bot spent in the waiting room; null for uploads.' }),
      joinUrl: annotate(t.union([t.string, t.null]), {
        description: 'The meeting link a bot was sent to (normalised), to send another with POST /bots; shown to the recording\'s owner only, null for uploads and for recordings shared with you.',
      }),
      endedAt: nullableFormatted('date-time'),
      hasNotes: t.boolean,
      hasAudio: annotate(t.boolean, {
        description:
          'Whether `GET /recordings/{runId}/audio` has audio to play: false for an uploaded transcript, before the audio is stored, once retention removed it, and at summary scope.',
      }),
      template: TemplateChoice,
      notesMadeBy: NotesMadeByCodec,
      shortSummary: t.string,
      detailedSummary: t.string,
      attendees: t.array(AttendeeCodec),
      topics: t.array(TopicCodec),
      actionItems: t.array(ActionItemCodec),
      decisions: annotate(t.array(DecisionCodec), { description: 'What the meeting agreed on, in order; [] for notes made before decisions were found.' }),
      speakers: t.array(SpeakerCodec),
      edited: EditedPartsCodec,
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

const emptyNotes: ReadNotes = { shortSummary: '', detailedSummary: '', attendees: [], topics: [], actionItems: [], decisions: [], speakers: [], edited: NOT_EDITED }

// the fields the API documents, no more: the JSON export (JSON.stringify) must equal the detail (serialized by schema)
export const actionItemView = (a: ActionItem): t.TypeOf<typeof ActionItemCodec> => ({
  id: a.id, title: a.title, owner: a.owner, due: a.due, status: a.status, context: a.context, tags: [...a.tags], atMs: a.atMs ?? null,
})

export const topicView = (tp: ReadTopic): t.TypeOf<typeof TopicCodec> => ({ id: tp.id, label: tp.label, share: tp.share, edited: tp.edited === null ? null : { ...tp.edited } })

const editedView = (e: EditedParts): t.TypeOf<typeof EditedPartsCodec> => ({
  shortSummary: e.shortSummary === null ? null : { ...e.shortSummary },
  detailedSummary: e.detailedSummary === null ? null : { ...e.detailedSummary },
  decisions: e.decisions === null ? null : { editedAt: e.decisions.editedAt, generated: e.decisions.generated.map((d) => ({ ...d })) },
})

export const recordingDetail = (d: RecordingDetail): t.TypeOf<typeof RecordingDetailCodec> => {
  const notes = d.notes._tag === 'Some' ? d.notes.value : emptyNotes
  const r = recordingRow(d.run)
  return {
    runId: r.runId, reference: r.reference, scope: d.scope, owned: r.owned, sharedBy: r.sharedBy, state: r.state, phase: r.phase,
    origin: r.origin, detail: d.run.detail, meetingId: r.meetingId, title: r.title, startsAt: r.startsAt, platform: r.platform,
    recordingSeconds: r.recordingSeconds, progress: r.progress, language: languageOf(d.run), failedStage: d.run.failedStage,
    speakerSeparation: d.run.speakerSeparation, transcribedBy: d.run.transcribedBy === null ? null : { ...d.run.transcribedBy }, joinedAt: d.run.joinedAt, waitedSeconds: d.run.waitedSeconds,
    joinUrl: r.owned ? d.run.joinUrl : null, endedAt: r.endedAt, hasNotes: r.hasNotes,
    hasAudio: d.run.audio !== null && d.scope === 'full',
    template: d.run.template, notesMadeBy: d.notes._tag === 'Some' && d.notes.value.madeBy !== undefined ? { ...d.notes.value.madeBy } : null,
    shortSummary: notes.shortSummary, detailedSummary: notes.detailedSummary, attendees: notes.attendees.map(attendeeView), topics: notes.topics.map(topicView),
    actionItems: notes.actionItems.map(actionItemView), decisions: notes.decisions.map((d) => ({ ...d })), speakers: notes.speakers.map((sp) => ({ ...sp })),
    edited: editedView(notes.edited),
    ...(d.transcript._tag === 'Some' ? { transcript: [...d.transcript.value.rows], transcriptTotal: d.transcript.value.total } : {}),
  }
}

export const TranscriptPage = t.exact(
  t.type({ rows: t.array(Utterance), total: t.number, limit: t.number, offset: t.number, scope: Scope }),
  'TranscriptPage',
)

export const RecordingPageCodec = pageOf(RecordingRow, 'RecordingPage')
