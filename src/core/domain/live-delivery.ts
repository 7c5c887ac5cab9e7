/**
 * The rules of live webhooks (`transcript.data`, `transcript.partial`): what one delivery to one
 * endpoint carries, read from the run's live feed after the endpoint's cursor, and how long the
 * delivering job waits and retries. Pure, so ordering and coalescing are tested in one place.
 */
import * as t from 'io-ts'
import type { LiveLine, LivePartialLine } from './events.js'
import { RETRY_DELAYS_MS } from './webhook-delivery.js'

/** How often an endpoint's delivery job looks at the feed while nothing is waiting to be sent. */
export const LIVE_POLL_MS = 1_000
/** Feed events read at once; a full read is followed by another at once. */
export const LIVE_READ_LIMIT = 500
/** Finished lines in one `transcript.data` delivery at most; the rest follow at once. */
export const MAX_LINES_PER_DELIVERY = 100
/**
 * A `transcript.data` delivery is retried after 5 s and 5 min (the first steps of the usual schedule):
 * within the feed's 10-minute buffer, so the lines after it are still there once it succeeds or is given up.
 */
export const LIVE_RETRY_DELAYS_MS: ReadonlyArray<number> = RETRY_DELAYS_MS.slice(0, 2)
/**
 * After this long with nothing new in the feed, the job looks at the run: one whose bot is no longer in
 * its meeting (its process died before it could say `end`) ends the deliveries.
 */
export const LIVE_IDLE_CHECK_MS = 60_000

/** One event of the run's live feed, as the planner reads it. */
export interface FeedItem {
  readonly seq: number
  readonly kind: string
  readonly at: string
  readonly data: Readonly<Record<string, unknown>>
}

/** What an endpoint subscribed to. */
export interface LiveWants {
  readonly lines: boolean
  readonly partials: boolean
}

/** The next delivery of a step, and the cursor it moves to once that delivery is done with. */
export type LiveStep =
  | { readonly send: 'lines'; readonly lines: ReadonlyArray<LiveLine>; readonly at: string; readonly throughSeq: number }
  | { readonly send: 'partial'; readonly line: LivePartialLine; readonly at: string; readonly throughSeq: number }
  | { readonly send: 'nothing'; readonly throughSeq: number; readonly ended: boolean }

const Utterance = t.type({ speaker: t.string, text: t.string, startMs: t.number, endMs: t.number })
const Partial = t.type({ speaker: t.string, text: t.string, startMs: t.number })

/**
 * What to send after `afterSeq`: every finished line not sent yet (up to `maxLines`; one delivery,
 * however many came while the last one was being sent), else the newest partial if no finished line
 * came after it (older partials are dropped), else nothing. Lines go first: the cursor stops at the
 * last line sent, so a partial after it is looked at again next time (by then it may be finished).
 * Reading stops at `end`: the meeting is over once what came before it is sent; an unfinished partial
 * is not sent after the end.
 */
export const planLiveStep = (events: ReadonlyArray<FeedItem>, afterSeq: number, wants: LiveWants, maxLines = MAX_LINES_PER_DELIVERY): LiveStep => {
  const lines: LiveLine[] = []
  let lastLineAt = ''
  let partial: { line: LivePartialLine; at: string } | null = null
  let through = afterSeq
  let ended = false
  for (const e of [...events].filter((x) => x.seq > afterSeq).sort((a, b) => a.seq - b.seq)) {
    if (e.kind === 'end') {
      ended = true
      break
    }
    if (e.kind === 'utterance' && Utterance.is(e.data)) {
      if (wants.lines && lines.length >= maxLines) break
      const { speaker, text, startMs, endMs } = e.data
      lines.push({ seq: e.seq, speaker, text, startMs, endMs, final: true })
      lastLineAt = e.at
      partial = null
    } else if (e.kind === 'partial' && Partial.is(e.data)) {
      const { speaker, text, startMs } = e.data
      partial = { line: { seq: e.seq, speaker, text, startMs, final: false }, at: e.at }
    }
    through = e.seq
  }
  if (wants.lines && lines.length > 0) return { send: 'lines', lines, at: lastLineAt, throughSeq: lines[lines.length - 1]!.seq }
  if (wants.partials && partial !== null && !ended) return { send: 'partial', line: partial.line, at: partial.at, throughSeq: through }
  return { send: 'nothing', throughSeq: through, ended }
}
