import type { LiveEvent, LiveSubscription } from '../../../src/core/ports/live-feed.js'

interface Subscriber {
  readonly onEvent: (event: LiveEvent) => void
  /** The last seq told to it; null until its starting point (the run's last seq when it subscribed) is read. */
  seen: number | null
}

export interface LiveSubscribersOptions {
  /** The run's last seq now (0 when it has none): a new subscriber is told what comes after it. */
  readonly lastSeq: (runId: string) => Promise<number>
  /** A subscriber's starting point is known: read the run's events after it (some may already have been published). */
  readonly onStarted: (runId: string) => void
  /** The set of runs with subscribers changed. */
  readonly onRunsChanged?: () => void
}

/** How long to wait before trying again to read a starting point the store did not answer. */
const START_RETRY_MS = 1_000

/**
 * The subscribers of one feed instance, for the adapters that fetch events from a shared store
 * (Postgres, Redis): each subscriber's place in its run, so that however events are fetched
 * (again, or overlapping), each is told once and in seq order.
 */
export const liveSubscribers = (options: LiveSubscribersOptions) => {
  const byRun = new Map<string, Set<Subscriber>>()
  /** Starting points being read, per run: `since` waits for them, so what it answers and what is told meet. */
  const starting = new Map<string, Set<Promise<void>>>()
  const timers = new Set<NodeJS.Timeout>()
  let closed = false

  const start = (runId: string, sub: Subscriber) => {
    const reading = options.lastSeq(runId).then(
      (seq) => {
        if (closed || !byRun.get(runId)?.has(sub)) return
        sub.seen = seq
        options.onStarted(runId)
      },
      () => {
        if (closed || !byRun.get(runId)?.has(sub)) return
        const timer = setTimeout(() => {
          timers.delete(timer)
          start(runId, sub)
        }, START_RETRY_MS)
        timers.add(timer)
      },
    )
    const pending = starting.get(runId) ?? new Set()
    starting.set(runId, pending.add(reading))
    void reading.finally(() => {
      pending.delete(reading)
      if (pending.size === 0 && starting.get(runId) === pending) starting.delete(runId)
    })
  }

  const lowestSeen = (runId: string): number | null => {
    let lowest: number | null = null
    for (const sub of byRun.get(runId) ?? []) if (sub.seen !== null && (lowest === null || sub.seen < lowest)) lowest = sub.seen
    return lowest
  }

  return {
    add(runId: string, onEvent: (event: LiveEvent) => void): LiveSubscription {
      const sub: Subscriber = { onEvent, seen: null }
      const subs = byRun.get(runId) ?? new Set()
      const isNewRun = subs.size === 0
      byRun.set(runId, subs.add(sub))
      start(runId, sub)
      if (isNewRun) options.onRunsChanged?.()
      return {
        close: () => {
          if (!subs.delete(sub)) return
          if (subs.size === 0 && byRun.get(runId) === subs) {
            byRun.delete(runId)
            options.onRunsChanged?.()
          }
        },
      }
    },

    /** Resolves when the starting points being read for the run are known. */
    started: async (runId: string): Promise<void> => {
      await Promise.all([...(starting.get(runId) ?? [])])
    },

    /** The runs whose subscribers wait for events, each with the lowest seq they have seen. */
    runs: (): Array<{ readonly runId: string; readonly after: number }> =>
      [...byRun.keys()].flatMap((runId) => {
        const after = lowestSeen(runId)
        return after === null ? [] : [{ runId, after }]
      }),

    /** The lowest seq seen by the run's started subscribers; null when none has started. */
    after: (runId: string): number | null => lowestSeen(runId),

    has: (runId: string) => byRun.has(runId),
    runIds: () => [...byRun.keys()],

    /**
     * Tells the run's subscribers the events (oldest first) read after seq `from`, each the ones after
     * the last it was told. A subscriber that has seen less than `from` (it started while they were
     * read) is left for the next read, from its own place: it would miss those in between.
     */
    deliver(runId: string, from: number, events: ReadonlyArray<LiveEvent>) {
      for (const event of events) {
        for (const sub of byRun.get(runId) ?? []) {
          if (closed || sub.seen === null || sub.seen < from || event.seq <= sub.seen) continue
          sub.seen = event.seq
          try {
            sub.onEvent(event)
          } catch {
            // A subscriber's own failure is its own: the others are still told, and so is it, next time.
          }
        }
      }
    },

    close() {
      closed = true
      byRun.clear()
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}

export type LiveSubscribers = ReturnType<typeof liveSubscribers>
