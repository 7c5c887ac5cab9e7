import * as t from 'io-ts'

/** What happened to a recording (bot or calendar run); shared by the recording events. */
export const RecordingEventData = t.exact(
  t.intersection([
    t.type({
      runId: t.string,
      reference: t.string,
      meetingId: t.union([t.string, t.null]),
      title: t.string,
      platform: t.union([t.string, t.null]),
      origin: t.string,
      state: t.string,
      phase: t.string,
      /** Why, in words, when the event is a failure or an ending. */
      detail: t.union([t.string, t.null]),
    }),
    /** Whether notes can be read: true on a failure too when the notes server failed and the built-in analyzer wrote them. Absent on events stored before it existed. */
    t.partial({ hasNotes: t.boolean }),
  ]),
  'RecordingEventData',
)
export type RecordingEventData = t.TypeOf<typeof RecordingEventData>

export const UploadEventData = t.exact(
  t.intersection([
    t.type({
      uploadId: t.string,
      runId: t.string,
      reference: t.string,
      title: t.string,
      stage: t.string,
      error: t.union([t.string, t.null]),
    }),
    /** Whether notes can be read: true on a failure too when the notes server failed and the built-in analyzer wrote them. Absent on events stored before it existed. */
    t.partial({ hasNotes: t.boolean }),
  ]),
  'UploadEventData',
)
export type UploadEventData = t.TypeOf<typeof UploadEventData>

/**
 * Where the recording of an event is read, added to the payload of every event that names a `runId`:
 * its API path (below the service's address) and its page in the web app, null until the operator sets
 * the public address (NOTETAKER_PUBLIC_URL) the web app is reached at.
 */
export const RecordingLinks = t.type({ recordingPath: t.string, recordingUrl: t.union([t.string, t.null]) }, 'RecordingLinks')
export type RecordingLinks = t.TypeOf<typeof RecordingLinks>

export const recordingLinks = (runId: string, publicUrl: string): RecordingLinks => {
  const id = encodeURIComponent(runId)
  return { recordingPath: `/ext/v1/recordings/${id}`, recordingUrl: publicUrl === '' ? null : `${publicUrl.replace(/\/+$/, '')}/recordings/${id}` }
}

/** A calendar connection whose state needs its owner: which one, and why in words. */
export const CalendarEventData = t.exact(
  t.type({
    connectionId: t.string,
    provider: t.string,
    name: t.string,
    accountEmail: t.string,
    status: t.string,
    error: t.union([t.string, t.null]),
  }),
  'CalendarEventData',
)
export type CalendarEventData = t.TypeOf<typeof CalendarEventData>

/** Which recording live lines belong to: the run's identity, as the recording events carry it. */
const LiveRunIdentity = {
  runId: t.string,
  reference: t.string,
  meetingId: t.union([t.string, t.null]),
  title: t.string,
  platform: t.union([t.string, t.null]),
  origin: t.string,
}

/** A finished line of a live meeting; `seq` is its place in the run's live feed (the stream's event id). */
export const LiveLine = t.exact(
  t.type({ seq: t.number, speaker: t.string, text: t.string, startMs: t.number, endMs: t.number, final: t.literal(true) }),
  'LiveLine',
)
export type LiveLine = t.TypeOf<typeof LiveLine>

/** A line still being spoken, as far as it has been shown: a later partial or its finished line replaces it. */
export const LivePartialLine = t.exact(t.type({ seq: t.number, speaker: t.string, text: t.string, startMs: t.number, final: t.literal(false) }), 'LivePartialLine')
export type LivePartialLine = t.TypeOf<typeof LivePartialLine>

/** Finished lines of a live meeting not delivered before, oldest first (one or more: coalesced when the receiver is slow). */
export const TranscriptDataEventData = t.exact(t.type({ ...LiveRunIdentity, lines: t.array(LiveLine) }), 'TranscriptDataEventData')
export type TranscriptDataEventData = t.TypeOf<typeof TranscriptDataEventData>

/** The newest line still being spoken (older partials that were not sent yet are dropped). */
export const TranscriptPartialEventData = t.exact(t.type({ ...LiveRunIdentity, line: LivePartialLine }), 'TranscriptPartialEventData')
export type TranscriptPartialEventData = t.TypeOf<typeof TranscriptPartialEventData>

/** The test event's payload: which endpoint asked for it, and a sentence saying it is a test. */
export const TestEventData = t.exact(t.type({ endpointId: t.string, message: t.string }), 'TestEventData')
export type TestEventData = t.TypeOf<typeof TestEventData>

/** Sent only on request, to one endpoint; no endpoint subscribes to it. */
export const TEST_EVENT = 'webhook.test' as const

/** The event catalogue: every name a webhook may receive, its payload and when it fires. */
export const EVENT_CATALOGUE = {
  'bot.joining': { data: RecordingEventData, when: 'A bot started joining a meeting.' },
  'bot.waiting': { data: RecordingEventData, when: 'A bot is in the waiting room, waiting to be admitted.' },
  'meeting.started': { data: RecordingEventData, when: 'A bot was admitted and started recording.' },
  'meeting.ended': { data: RecordingEventData, when: 'A bot left the meeting; processing of the recording begins.' },
  'bot.failed': { data: RecordingEventData, when: 'A bot could not join or record (detail says why).' },
  'recording.ready': { data: RecordingEventData, when: 'The notes of a recording can be read.' },
  'recording.failed': { data: RecordingEventData, when: 'Processing of a recording failed (detail says why). With `hasNotes` true, the notes server failed and the built-in analyzer wrote the notes, which can be read.' },
  'upload.ready': { data: UploadEventData, when: 'An upload was processed and its notes can be read.' },
  'upload.failed': { data: UploadEventData, when: 'Processing of an upload failed (error says why). With `hasNotes` true, the notes server failed and the built-in analyzer wrote the notes, which can be read; a retry asks the server again.' },
  'calendar.reauthorization_required': {
    data: CalendarEventData,
    when: 'A Google or Microsoft calendar\'s permission was revoked or has expired: the connection is `reauthorization_required` and is not synced until its owner reconnects it (error says why). Its meetings are kept.',
  },
  'transcript.data': {
    data: TranscriptDataEventData,
    when:
      'Finished lines of a meeting a bot is in, while it lasts: every line not delivered before, in order (`seq` grows), one or more per delivery (more when the receiver is slow). Deliveries of a run come one after the other, each once the one before succeeded or was given up. A preview from the platform\'s captions: the transcript made after the meeting is the reference.',
  },
  'transcript.partial': {
    data: TranscriptPartialEventData,
    when: 'The newest line still being spoken in a meeting a bot is in (`final: false`); partials that came while the last one was being sent are dropped. Sent once, never retried: the next partial or the finished line replaces it.',
  },
  'webhook.test': { data: TestEventData, when: 'A test, sent only when someone asks for one (`POST /webhooks/{id}/test`, or "Send a test event" in Settings), to that endpoint alone, whatever its events; it never counts toward disabling it.' },
} as const

export type EventName = keyof typeof EVENT_CATALOGUE
export const EVENT_NAMES = Object.keys(EVENT_CATALOGUE) as EventName[]
export const isEventName = (s: string): s is EventName => s in EVENT_CATALOGUE
/** What an endpoint may subscribe to: every event but the test. */
export type SubscribableEvent = Exclude<EventName, typeof TEST_EVENT>
export const SUBSCRIBABLE_EVENTS = EVENT_NAMES.filter((n): n is SubscribableEvent => n !== TEST_EVENT)

export interface DomainEvent {
  /** Unique per event; webhook deliveries of it carry it as webhook-id. */
  readonly id: string
  readonly type: EventName
  readonly accountId: string
  readonly occurredAt: string
  readonly data: RecordingEventData | UploadEventData | CalendarEventData | TestEventData | TranscriptDataEventData | TranscriptPartialEventData
}
