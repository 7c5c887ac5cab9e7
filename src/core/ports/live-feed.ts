import type * as TE from 'fp-ts/lib/TaskEither.js'
import type { StoreFailure } from '../errors.js'

/**
 * What happens in a bot's meeting while it happens, as its subscribers see it:
 * - `utterance`: a finished line (speaker, text, start and end in meeting time);
 * - `partial`: a line still being spoken, replaced by later partials and by its utterance;
 * - `speaker`: the active speaker changed (name, offset in meeting time);
 * - `state`: the bot's state changed (joining, waiting, in the call, leaving);
 * - `end`: the bot left or failed; nothing follows;
 * - `control`: for the bot only (a leave request), never streamed to clients.
 */
export type LiveEventKind = 'utterance' | 'partial' | 'speaker' | 'state' | 'end' | 'control'

export interface LiveEventInput {
  readonly kind: LiveEventKind
  /** JSON, small: at most MAX_LIVE_DATA_BYTES once serialized. */
  readonly data: Readonly<Record<string, unknown>>
}

export interface LiveEvent extends LiveEventInput {
  readonly runId: string
  /** 1, 2, 3 ... per run, with no gap, across every process that publishes: a client resumes after the last it saw. */
  readonly seq: number
  /** ISO date-time it was published. */
  readonly at: string
}

/** The control event that asks a run's bot to leave (it may run in another process). */
export const LEAVE_REQUEST: LiveEventInput = { kind: 'control', data: { action: 'leave' } }
export const isLeaveRequest = (e: LiveEventInput): boolean => e.kind === 'control' && e.data['action'] === 'leave'

/** A serialized event's data may not be larger (a caption line is a few hundred bytes). */
export const MAX_LIVE_DATA_BYTES = 8 * 1024

/** How long a run's events stay to be replayed (a client that reconnects within it misses nothing). */
export const LIVE_BUFFER_MINUTES = 10

export interface LiveSubscription {
  /** Stops the calls; idempotent. */
  close(): void
}

/**
 * Each run's live events: published by the process that runs the bot, received by
 * subscribers in any process (an API process streaming to a client, the bot itself
 * for control events), and kept for at least LIVE_BUFFER_MINUTES to be replayed.
 * Adapters: memory (one process), SQLite (a table, read by a poller), Postgres
 * (a table and LISTEN/NOTIFY), Redis (streams).
 */
export interface LiveFeed {
  /** Appends an event to the run's feed with the next seq, and tells every subscriber of the run, in every process. */
  publish(runId: string, event: LiveEventInput, at: Date): TE.TaskEither<StoreFailure, LiveEvent>
  /** The run's buffered events after `afterSeq` (0: all that are kept), oldest first, at most `limit`. */
  since(runId: string, afterSeq: number, limit: number): TE.TaskEither<StoreFailure, ReadonlyArray<LiveEvent>>
  /**
   * Calls `onEvent` with each event of the run published after this call, once each and in seq
   * order, whichever process published it (within about a second; the memory adapter at once).
   * A subscriber that needs what came before reads `since` after subscribing and skips seqs it has.
   */
  subscribe(runId: string, onEvent: (event: LiveEvent) => void): LiveSubscription
  /** Stops listening (closes connections, timers); subscriptions end. */
  close(): Promise<void>
}
