/**
 * What a bot's page shows of its live stream (GET /bots/{runId}/live), folded from the stream's
 * events one at a time: the finished lines, the line still being spoken, the active speaker, the
 * bot's state and its end. Pure, so the rules (each event once, a partial replaced as it grows)
 * are tested without a browser.
 */

import type { LiveEventKind } from '../../api.js'

export type LiveKind = LiveEventKind
/** Every kind the API describes; the Record type fails to compile when it adds one. */
const KINDS: Readonly<Record<LiveKind, true>> = { utterance: true, partial: true, speaker: true, state: true, end: true }
export const LIVE_KINDS = Object.keys(KINDS) as LiveKind[]

export interface LiveLine {
  readonly seq: number
  readonly speaker: string
  readonly text: string
  /** Meeting time. */
  readonly startMs: number
}

export interface LiveEnd {
  readonly outcome: 'left' | 'failed'
  readonly reason: string
  /** Why, in words (the server always fills it). */
  readonly detail: string
}

export interface LiveView {
  /** The highest seq taken in: an event at or below it was seen already (a replay after reconnecting). */
  readonly lastSeq: number
  readonly lines: ReadonlyArray<LiveLine>
  /** The line as far as it has been spoken; a preview that its utterance replaces. */
  readonly partial: LiveLine | null
  readonly speaker: string | null
  readonly state: string | null
  readonly end: LiveEnd | null
}

export const EMPTY_LIVE: LiveView = { lastSeq: 0, lines: [], partial: null, speaker: null, state: null, end: null }

export interface LiveMessage {
  readonly kind: LiveKind
  /** The event's `data`, parsed: an object with `seq` and `at` and the kind's fields. */
  readonly data: unknown
}

const text = (o: Record<string, unknown>, k: string): string => (typeof o[k] === 'string' ? (o[k] as string) : '')
const num = (o: Record<string, unknown>, k: string): number => (typeof o[k] === 'number' ? (o[k] as number) : 0)

const lineOf = (seq: number, d: Record<string, unknown>): LiveLine => ({ seq, speaker: text(d, 'speaker'), text: text(d, 'text'), startMs: num(d, 'startMs') })

/**
 * The view after one event. Events come in seq order; one whose seq was taken in already
 * (EventSource replays from Last-Event-ID, and a new connection replays the whole buffer) changes
 * nothing, so no line is shown twice. An event without a seq is not from this stream and is left out.
 */
export const applyLive = (view: LiveView, message: LiveMessage): LiveView => {
  const d = message.data
  if (typeof d !== 'object' || d === null) return view
  const data = d as Record<string, unknown>
  const seq = num(data, 'seq')
  if (seq <= view.lastSeq) return view
  const next = { ...view, lastSeq: seq }
  switch (message.kind) {
    case 'utterance': {
      const line = lineOf(seq, data)
      // The finished line replaces its preview; a preview of a later line (captions overlap) stays.
      const partial = view.partial !== null && view.partial.startMs <= line.startMs ? null : view.partial
      return { ...next, lines: [...view.lines, line], partial }
    }
    case 'partial':
      return { ...next, partial: lineOf(seq, data) }
    case 'speaker':
      return { ...next, speaker: text(data, 'name') || view.speaker }
    case 'state':
      return { ...next, state: text(data, 'state') || view.state }
    case 'end':
      return { ...next, partial: null, speaker: null, end: { outcome: data['outcome'] === 'failed' ? 'failed' : 'left', reason: text(data, 'reason'), detail: text(data, 'detail') } }
  }
}

/** The bot's state from the stream, in words. */
export const LIVE_STATE_WORDS: Readonly<Record<string, string>> = {
  joining: 'The bot is opening the meeting link.',
  waiting_room: 'The bot is in the waiting room, waiting to be let in.',
  recording: 'The bot is in the meeting, listening.',
}

/** Why the stream ended, in a sentence: the server's words after what happened. */
export const endWords = (end: LiveEnd): string =>
  `${end.outcome === 'failed' ? 'The bot failed.' : 'The bot left the meeting.'} ${end.detail === '' ? end.reason.replace(/_/g, ' ') : end.detail}`.trim()
