import * as E from 'fp-ts/lib/Either.js'
/**
 * The live feed on Postgres: events in `live_events`, each run's last seq in `live_runs`
 * (migration 035), and a NOTIFY on channel `live_events` with `<runId>:<seq>` (never the text)
 * when one is committed. Subscribers of an instance share one LISTEN connection of its own,
 * outside the pool, opened at the first subscribe and opened again when it drops; a
 * notification for a subscribed run reads its rows after the last its subscribers saw.
 *
 * The next seq comes from upserting the run's counter row in the same statement that inserts
 * the event: a second publisher of the run waits on the row lock until the first commits, so
 * seqs are committed in order and never shared.
 */
import pg from 'pg'
import type { Logger } from 'pino'
import { LIVE_BUFFER_MINUTES, type LiveEvent, type LiveEventKind, type LiveFeed } from '../../../src/core/ports/live-feed.js'
import { liveDataJson } from '../shared/live-events.js'
import { liveSubscribers } from '../shared/live-subscribers.js'
import { attempt, first, type Pool, rows } from './database.js'

const CHANNEL = 'live_events'
const BUFFER_MS = LIVE_BUFFER_MINUTES * 60_000
/** A run's counter outlives its events by far, so a meeting quiet for a while goes on counting where it was. */
const COUNTER_KEPT_MS = 24 * 3_600_000
/** At most one prune per this much of the events' time, per instance. */
const PRUNE_EVERY_MS = 1_000
/** Rows read per round when telling subscribers. */
const PAGE = 500
const RETRY_FIRST_MS = 250
const RETRY_MAX_MS = 5_000

interface Row {
  run_id: string
  seq: number
  at: string
  kind: LiveEventKind
  data: Record<string, unknown>
}

const toEvent = (r: Row): LiveEvent => ({ runId: r.run_id, seq: r.seq, at: r.at, kind: r.kind, data: r.data })

const PUBLISH = `
WITH next AS (
  INSERT INTO live_runs (run_id, seq, at) VALUES ($1, 1, $2)
  ON CONFLICT (run_id) DO UPDATE SET seq = live_runs.seq + 1, at = GREATEST(live_runs.at, excluded.at)
  RETURNING seq
), event AS (
  INSERT INTO live_events (run_id, seq, at, kind, data) SELECT $1, seq, $2, $3, $4::json FROM next RETURNING seq
)
SELECT seq, pg_notify('${CHANNEL}', $1 || ':' || seq) FROM event`

/** "<runId>:<seq>" (a run id may hold a colon; the seq never does). */
const parseNotice = (payload: string | undefined) => {
  const colon = payload?.lastIndexOf(':') ?? -1
  if (payload === undefined || colon < 0) return null
  const seq = Number(payload.slice(colon + 1))
  return Number.isInteger(seq) ? { runId: payload.slice(0, colon), seq } : null
}

/**
 * The feed over `pool` (which the caller owns and ends after `close`). The LISTEN connection
 * is made with the pool's own settings.
 */
export const postgresLiveFeed = (pool: Pool, options: { readonly logger?: Logger } = {}): LiveFeed => {
  let closed = false
  let listener: pg.Client | null = null
  let connecting = false
  let retryMs = RETRY_FIRST_MS
  let lastPrune: number | null = null
  const timers = new Set<NodeJS.Timeout>()
  const later = (ms: number, f: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      if (!closed) f()
    }, ms)
    timers.add(timer)
  }

  /** One read at a time per run; a notice during it asks for another round. */
  const pumping = new Map<string, { again: boolean }>()
  const pump = (runId: string) => {
    const running = pumping.get(runId)
    if (running !== undefined) {
      running.again = true
      return
    }
    const state = { again: true }
    pumping.set(runId, state)
    void (async () => {
      try {
        while (state.again && !closed) {
          state.again = false
          const after = subscribers.after(runId)
          if (after === null) break
          const found = await rows<Row>(pool, 'SELECT run_id, seq, at, kind, data FROM live_events WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [runId, after, PAGE])
          subscribers.deliver(runId, after, found.map(toEvent))
          if (found.length === PAGE) state.again = true
        }
      } catch (e) {
        options.logger?.warn({ err: e, runId }, 'could not read live events for subscribers; trying again')
        later(RETRY_MAX_MS, () => pump(runId))
      } finally {
        pumping.delete(runId)
      }
    })()
  }

  const subscribers = liveSubscribers({
    lastSeq: async (runId) => (await first<{ seq: number }>(pool, 'SELECT seq FROM live_runs WHERE run_id = $1', [runId]))?.seq ?? 0,
    onStarted: pump,
    onRunsChanged: () => {
      if (listener === null && !connecting && subscribers.runIds().length > 0) void listen()
    },
  })

  const dropped = (client: pg.Client, e?: Error) => {
    if (listener !== client) return
    listener = null
    void client.end().catch(() => {})
    if (closed) return
    options.logger?.warn({ err: e }, 'the live feed lost its LISTEN connection to Postgres; opening another')
    later(retryMs, () => void listen())
  }

  const listen = async () => {
    if (closed || listener !== null || connecting) return
    connecting = true
    const client = new pg.Client({ ...pool.options, keepAlive: true })
    client.on('error', (e) => dropped(client, e))
    client.on('end', () => dropped(client))
    client.on('notification', (n) => {
      const notice = parseNotice(n.payload)
      if (notice === null || !subscribers.has(notice.runId)) return
      const after = subscribers.after(notice.runId)
      if (after !== null && notice.seq > after) pump(notice.runId)
    })
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANNEL}`)
      if (closed) {
        await client.end()
        return
      }
      listener = client
      retryMs = RETRY_FIRST_MS
      // What was committed while no connection listened is read now.
      for (const runId of subscribers.runIds()) pump(runId)
    } catch (e) {
      await client.end().catch(() => {})
      if (closed) return
      options.logger?.warn({ err: e }, 'the live feed could not LISTEN on Postgres; trying again')
      later(retryMs, () => void listen())
      retryMs = Math.min(retryMs * 2, RETRY_MAX_MS)
    } finally {
      connecting = false
    }
  }

  /** Lets go of events older than the buffer and of counters of runs long quiet, before `at`. */
  const prune = async (at: Date) => {
    const now = at.getTime()
    if (lastPrune !== null && now >= lastPrune && now - lastPrune < PRUNE_EVERY_MS) return
    lastPrune = now
    await pool
      .query('WITH events AS (DELETE FROM live_events WHERE at < $1) DELETE FROM live_runs WHERE at < $2', [
        new Date(now - BUFFER_MS).toISOString(),
        new Date(now - COUNTER_KEPT_MS).toISOString(),
      ])
      .catch((e: unknown) => {
        // The event is published; the next publish prunes.
        lastPrune = null
        options.logger?.warn({ err: e }, 'could not let old live events go')
      })
  }

  return {
    publish: (runId, event, at) =>
      attempt(async () => {
        const json = liveDataJson(event)
        if (E.isLeft(json)) throw json.left.cause
        const data = json.right
        const iso = at.toISOString()
        const published = await first<{ seq: number }>(pool, PUBLISH, [runId, iso, event.kind, data])
        if (published === undefined) throw new Error('the live event was not stored')
        await prune(at)
        return { runId, seq: published.seq, at: iso, kind: event.kind, data: event.data }
      }),

    since: (runId, afterSeq, limit) =>
      attempt(async () => {
        await subscribers.started(runId)
        const found = await rows<Row>(pool, 'SELECT run_id, seq, at, kind, data FROM live_events WHERE run_id = $1 AND seq > $2 ORDER BY seq LIMIT $3', [runId, afterSeq, limit])
        return found.map(toEvent)
      }),

    subscribe: (runId, onEvent) => subscribers.add(runId, onEvent),

    close: async () => {
      if (closed) return
      closed = true
      subscribers.close()
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      const client = listener
      listener = null
      await client?.end().catch(() => {})
    },
  }
}
