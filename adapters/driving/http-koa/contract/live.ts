/**
 * The wire shapes of a bot's live stream (GET /bots/{runId}/live): one codec per event kind, each
 * the `data` of a Server-Sent Event and, as is, one WebSocket message; and the live token.
 */
import * as t from 'io-ts'
import { FAILED_BECAUSE, LEFT_BECAUSE } from '../../../../src/core/bots/index.js'
import type { LiveEvent } from '../../../../src/core/ports/live-feed.js'
import { annotate, formatted } from '../openapi/codec-schema.js'

/** What every event carries beside its own fields: its kind, seq and time. */
const stamp = <K extends string>(kind: K) => ({
  event: annotate(t.literal(kind), { description: 'The kind of event (also the `event` field of the Server-Sent Event).' }),
  seq: annotate(t.number, { description: "1, 2, 3 … per run: the event's id, to resume after with Last-Event-ID (or `lastEventId`)." }),
  at: formatted('date-time', 'When it was published.'),
})

const meetingMs = (what: string) => annotate(t.number, { description: `${what}, in milliseconds from the start of the recording.` })

export const LiveUtterance = annotate(
  t.exact(t.type({ ...stamp('utterance'), speaker: t.string, text: t.string, startMs: meetingMs('Start'), endMs: meetingMs('End'), final: t.literal(true) }), 'LiveUtterance'),
  { description: "A finished line, from the platform's captions (a preview: the transcript made after the meeting is the reference)." },
)

export const LivePartial = annotate(
  t.exact(t.type({ ...stamp('partial'), speaker: t.string, text: t.string, startMs: meetingMs('Start'), final: t.literal(false) }), 'LivePartial'),
  { description: 'A line still being spoken: each partial replaces the one before, until its utterance comes.' },
)

export const LiveSpeaker = annotate(t.exact(t.type({ ...stamp('speaker'), name: t.string, offsetMs: meetingMs('When they began') }), 'LiveSpeaker'), {
  description: 'The active speaker changed.',
})

export const LiveState = annotate(
  t.exact(t.type({ ...stamp('state'), state: t.keyof({ joining: null, waiting_room: null, recording: null }) }), 'LiveState'),
  { description: "The bot's state changed: joining the meeting, in its waiting room, or in the call and recording." },
)

export const LiveEnd = annotate(
  t.exact(
    t.type({
      ...stamp('end'),
      outcome: t.keyof({ left: null, failed: null }),
      reason: t.keyof({ ...LEFT_BECAUSE, ...FAILED_BECAUSE }),
      detail: annotate(t.string, { description: 'Why, in words.' }),
    }),
    'LiveEnd',
  ),
  { description: 'The bot left or failed: nothing follows, and the stream closes.' },
)

/** Every event a client receives, by the name of its component schema. */
export const LIVE_EVENT_SCHEMAS = { LiveUtterance, LivePartial, LiveSpeaker, LiveState, LiveEnd } as const

export type LiveEventJson = t.OutputOf<(typeof LIVE_EVENT_SCHEMAS)[keyof typeof LIVE_EVENT_SCHEMAS]>

/** An event as clients receive it: the `data` of a Server-Sent Event, and the text of a WebSocket message. */
export const liveEventJson = (e: LiveEvent): string => JSON.stringify({ event: e.kind, seq: e.seq, at: e.at, ...e.data })

/** What POST /bots/{runId}/live-token answers. */
export const LiveTokenCodec = t.exact(
  t.type({
    token: annotate(t.string, { description: 'Opaque: pass it as `?token=` (URL-encoded) on GET /bots/{runId}/live, over Server-Sent Events or WebSocket, for this run only.' }),
    expiresAt: formatted('date-time', 'When the token stops opening the stream (a stream already open stays open).'),
  }),
  'LiveToken',
)
