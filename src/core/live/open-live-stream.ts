import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Actor } from '../domain/identity/api-key.js'
import { LIVE_BOT_STATES } from '../domain/recordings/run.js'
import { scopeOf, type VisibleRun } from '../domain/recordings/share.js'
import { type AppError, notFound, unavailable } from '../errors.js'
import type { LiveEvent, LiveFeed } from '../ports/live-feed.js'
import { reachRun, type ReachDeps } from '../organizations/index.js'
import { liveQueue } from './live-queue.js'

export interface LiveDeps extends ReachDeps {
  readonly liveFeed?: LiveFeed
}

/** At most this many buffered events are replayed to one client (10 minutes of a busy meeting is far fewer). */
export const MAX_REPLAY = 5_000

export interface LiveStream {
  readonly run: VisibleRun
  /**
   * The run's events after `afterSeq`: those still buffered, then each as it comes, ending after
   * `end`. Control events are left out. When the bot is not in its meeting (any more), only what
   * is buffered comes, and the stream ends.
   */
  readonly events: AsyncIterable<LiveEvent>
  /** Whether the bot was in (or on its way into) its meeting when the stream opened. */
  readonly live: boolean
  /** Stops the stream (the client went away). */
  close(): void
  /** Reads the run again and ends the stream when its bot is no longer in the meeting (a bot whose process died sends no `end`). */
  recheck(): Promise<void>
}

/**
 * A bot's run whose live stream the caller may watch: who may read its transcript, so its own
 * run or one shared with it in full (a summary share, like another account's run, answers 404).
 */
export const watchableRun = (deps: ReachDeps, actor: Actor, runId: string): TE.TaskEither<AppError, VisibleRun> =>
  pipe(
    reachRun(deps, actor, runId),
    TE.filterOrElse((run) => scopeOf(run) === 'full', () => notFound('Recording')),
    TE.filterOrElse(
      (run) => run.origin !== 'upload',
      () => notFound('Bot'),
    ),
  )

/** Opens a bot's live stream for a caller who may watch it (`watchableRun`). */
export const openLiveStream =
  (deps: LiveDeps) =>
  (actor: Actor, runId: string, afterSeq: number): TE.TaskEither<AppError, LiveStream> =>
    pipe(
      watchableRun(deps, actor, runId),
      TE.flatMap((run) => {
        const feed = deps.liveFeed
        if (feed === undefined) return TE.left(unavailable('Live transcripts are not available on this server.'))
        const live = LIVE_BOT_STATES.includes(run.state) || run.state === 'scheduled'
        const queue = liveQueue(afterSeq)
        const shown = (events: ReadonlyArray<LiveEvent>) => {
          const visible = events.filter((e) => e.kind !== 'control')
          queue.offer(visible)
          if (visible.some((e) => e.kind === 'end')) queue.end()
        }
        // Subscribed before the replay is read, so nothing published in between is missed (the queue skips seqs seen twice).
        const subscription = live ? feed.subscribe(run.id, (e) => shown([e])) : null
        const close = () => {
          subscription?.close()
          queue.end()
        }
        return pipe(
          feed.since(run.id, afterSeq, MAX_REPLAY),
          TE.mapLeft((e): AppError => {
            close()
            return e
          }),
          TE.map((replayed) => {
            shown(replayed)
            if (!live) close()
            const recheck = async () => {
              const now = await deps.runs.find(run.accountId, run.id)()
              const over = now._tag === 'Right' && (now.right._tag === 'None' || !(LIVE_BOT_STATES.includes(now.right.value.state) || now.right.value.state === 'scheduled'))
              // The end may still be on its way through the feed: a last read of the buffer takes it if it is there.
              if (over) await TE.map(shown)(feed.since(run.id, 0, MAX_REPLAY))().finally(close)
            }
            return { run, live, events: { [Symbol.asyncIterator]: () => queue.events() }, close, recheck }
          }),
        )
      }),
    )
