import { pipe } from 'fp-ts/lib/function.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { LiveEvent, LiveEventKind, LiveFeed } from '../../../src/core/ports/live-feed.js'
import { liveBufferCutoff, liveDataJson } from '../shared/live-events.js'
import { attempt, type Db } from './database.js'

/** How often an instance with subscribers looks for rows other processes wrote. */
export const SQLITE_LIVE_POLL_MS = 200
/** Old rows are deleted at most once per this much event time per instance (by the `at` index). */
const PRUNE_EVERY_MS = 60_000
/** Rows read per run and statement while catching up. */
const BATCH = 500

interface LiveRow {
  readonly run_id: string
  readonly seq: number
  readonly at: string
  readonly kind: string
  readonly data: string
}

interface Subscriber {
  /** The last seq it was told. */
  seen: number
  closed: boolean
  readonly onEvent: (event: LiveEvent) => void
}

const toEvent = (row: LiveRow): LiveEvent => ({
  runId: row.run_id,
  seq: row.seq,
  at: row.at,
  kind: row.kind as LiveEventKind,
  data: JSON.parse(row.data) as LiveEvent['data'],
})

/**
 * The live feed on the `live_events` table. SQLite cannot notify another connection, so each instance
 * (one per process) polls while it has subscribers: `PRAGMA data_version` tells it whether another
 * connection committed since, and then each subscribed run's rows after the last seq its subscribers
 * were told are read by the primary key. A publish through this instance tells its own subscribers at once.
 * Each run keeps the rows of LIVE_BUFFER_MINUTES before its newest, and always that newest one: the next
 * seq is the run's max + 1, so a run quiet for longer still counts on.
 */
export const sqliteLiveFeed = (db: Db, options: { readonly pollMs?: number } = {}): LiveFeed => {
  const maxSeq = db.prepare<[string], number>('SELECT coalesce(max(seq), 0) FROM live_events WHERE run_id = ?').pluck()
  const insert = db.prepare('INSERT INTO live_events (run_id, seq, at, kind, data) VALUES (?, ?, ?, ?, ?)')
  const page = db.prepare<[string, number, number], LiveRow>(
    'SELECT run_id, seq, at, kind, data FROM live_events WHERE run_id = ? AND seq > ? ORDER BY seq LIMIT ?',
  )
  const prune = db.prepare(
    'DELETE FROM live_events WHERE at < ? AND seq < (SELECT max(seq) FROM live_events AS newest WHERE newest.run_id = live_events.run_id)',
  )
  const append = db.transaction((runId: string, at: string, kind: LiveEventKind, json: string): number => {
    const seq = maxSeq.get(runId)! + 1
    insert.run(runId, seq, at, kind, json)
    return seq
  })

  const watched = new Map<string, Set<Subscriber>>()
  let timer: NodeJS.Timeout | null = null
  let closed = false
  let lastPrune = Number.NEGATIVE_INFINITY
  let dataVersion = -1
  /** A catch-up failed: the next poll reads even if no other connection wrote. */
  let behind = false

  // Tells each subscriber of the run the rows after the last seq it was told, in order. A subscriber
  // that publishes from its callback catches everyone up first; the `seq > seen` check then skips
  // what that already told.
  const catchUp = (runId: string) => {
    const subs = watched.get(runId)
    if (subs === undefined) return
    let from = Math.min(...[...subs].map((s) => s.seen))
    for (;;) {
      const rows = page.all(runId, from, BATCH)
      for (const row of rows) {
        const event = toEvent(row)
        for (const sub of [...subs]) {
          if (sub.closed || event.seq <= sub.seen) continue
          sub.seen = event.seq
          try {
            sub.onEvent(event)
          } catch {
            // A subscriber's failure is its own: the publisher and the other subscribers go on.
          }
        }
      }
      if (rows.length < BATCH) return
      from = rows[rows.length - 1]!.seq
    }
  }

  const catchUpQuietly = (runs: Iterable<string>) => {
    try {
      for (const runId of [...runs]) catchUp(runId)
      behind = false
    } catch {
      behind = true // busy or closed: the next poll tries again
    }
  }

  const poll = () => {
    try {
      const version = db.pragma('data_version', { simple: true }) as number
      if (version === dataVersion && !behind) return
      dataVersion = version
    } catch {
      return
    }
    catchUpQuietly(watched.keys())
  }

  const stopPolling = () => {
    if (timer !== null) clearInterval(timer)
    timer = null
  }

  const pruneNow = (at: Date) => {
    const t = at.getTime()
    if (t - lastPrune < PRUNE_EVERY_MS && t >= lastPrune) return
    try {
      prune.run(liveBufferCutoff(at))
      lastPrune = t
    } catch {
      // The event is stored; old rows go at a later publish.
    }
  }

  return {
    publish: (runId, input, at) =>
      pipe(
        TE.fromEither(liveDataJson(input)),
        TE.flatMap((json) => attempt(() => ({ seq: append.immediate(runId, at.toISOString(), input.kind, json), json }))),
        TE.map(({ seq, json }) => {
          pruneNow(at)
          if (watched.has(runId)) catchUpQuietly([runId])
          return { runId, seq, at: at.toISOString(), kind: input.kind, data: JSON.parse(json) as LiveEvent['data'] }
        }),
      ),
    since: (runId, afterSeq, limit) => attempt(() => page.all(runId, afterSeq, Math.max(0, limit)).map(toEvent)),
    subscribe: (runId, onEvent) => {
      if (closed) return { close: () => {} }
      const sub: Subscriber = { seen: 0, closed: false, onEvent }
      try {
        sub.seen = maxSeq.get(runId)!
      } catch {
        // Unreadable now (busy): from the run's first kept event, more than asked and never less (subscribers skip seqs they have).
      }
      const subs = watched.get(runId) ?? new Set<Subscriber>()
      subs.add(sub)
      watched.set(runId, subs)
      if (timer === null) {
        timer = setInterval(poll, options.pollMs ?? SQLITE_LIVE_POLL_MS)
        timer.unref()
      }
      return {
        close: () => {
          if (sub.closed) return
          sub.closed = true
          subs.delete(sub)
          if (subs.size === 0 && watched.get(runId) === subs) watched.delete(runId)
          if (watched.size === 0) stopPolling()
        },
      }
    },
    close: async () => {
      closed = true
      stopPolling()
      for (const subs of watched.values()) for (const sub of subs) sub.closed = true
      watched.clear()
    },
  }
}
