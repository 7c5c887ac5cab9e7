import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { LiveEvent, LiveFeed } from '../../../src/core/ports/live-feed.js'
import { liveBufferCutoff, liveDataJson } from '../shared/live-events.js'

/** At most this many of a run's newest events are kept, however fast they come. */
export const MEMORY_LIVE_EVENTS_PER_RUN = 5_000
/** Every this many publishes, the other runs' buffers are pruned too (a finished run publishes no more). */
const SWEEP_EVERY = 256

interface Subscriber {
  /** The last seq it was told. */
  seen: number
  closed: boolean
  readonly onEvent: (event: LiveEvent) => void
}

interface RunFeed {
  lastSeq: number
  /** Consecutive seqs, oldest first. */
  readonly events: LiveEvent[]
  readonly subscribers: Set<Subscriber>
}

/**
 * One process's live feed: subscribers are told during `publish`. Each run keeps the events of the
 * last LIVE_BUFFER_MINUTES before its newest (and always that newest one, so a late reader learns
 * where the run stands), at most MEMORY_LIVE_EVENTS_PER_RUN of them.
 */
export const memoryLiveFeed = (): LiveFeed => {
  const runs = new Map<string, RunFeed>()
  let closed = false
  let publishes = 0

  const feedOf = (runId: string): RunFeed => {
    const found = runs.get(runId)
    if (found !== undefined) return found
    const made: RunFeed = { lastSeq: 0, events: [], subscribers: new Set() }
    runs.set(runId, made)
    return made
  }

  const prune = (feed: RunFeed, cutoff: string) => {
    let drop = 0
    while (drop < feed.events.length - 1 && feed.events[drop]!.at < cutoff) drop++
    drop = Math.max(drop, feed.events.length - MEMORY_LIVE_EVENTS_PER_RUN)
    if (drop > 0) feed.events.splice(0, drop)
  }

  const after = (feed: RunFeed, seq: number): LiveEvent | undefined => {
    const first = feed.events[0]
    return first === undefined ? undefined : feed.events[Math.max(0, seq + 1 - first.seq)]
  }

  // Each subscriber catches up from the buffer, so a subscriber that publishes from its callback
  // neither reorders nor repeats what the others are told.
  const tell = (feed: RunFeed) => {
    for (const sub of [...feed.subscribers]) {
      for (let e = after(feed, sub.seen); e !== undefined && !sub.closed; e = after(feed, sub.seen)) {
        sub.seen = e.seq
        try {
          sub.onEvent(e)
        } catch {
          // A subscriber's failure is its own: the publisher and the other subscribers go on.
        }
      }
    }
  }

  return {
    publish: (runId, input, at) =>
      TE.fromEither(
        E.map((json: string) => {
          const feed = feedOf(runId)
          const event: LiveEvent = { runId, seq: feed.lastSeq + 1, at: at.toISOString(), kind: input.kind, data: JSON.parse(json) as LiveEvent['data'] }
          feed.lastSeq = event.seq
          feed.events.push(event)
          const cutoff = liveBufferCutoff(at)
          prune(feed, cutoff)
          if (++publishes % SWEEP_EVERY === 0) for (const other of runs.values()) prune(other, cutoff)
          tell(feed)
          return event
        })(liveDataJson(input)),
      ),
    since: (runId, afterSeq, limit) => {
      const events = runs.get(runId)?.events ?? []
      const start = events[0] === undefined ? 0 : Math.max(0, afterSeq + 1 - events[0].seq)
      return TE.right(events.slice(start, start + Math.max(0, limit)))
    },
    subscribe: (runId, onEvent) => {
      if (closed) return { close: () => {} }
      const feed = feedOf(runId)
      const sub: Subscriber = { seen: feed.lastSeq, closed: false, onEvent }
      feed.subscribers.add(sub)
      return {
        close: () => {
          sub.closed = true
          feed.subscribers.delete(sub)
        },
      }
    },
    close: async () => {
      closed = true
      for (const feed of runs.values()) {
        for (const sub of feed.subscribers) sub.closed = true
        feed.subscribers.clear()
      }
    },
  }
}
