/**
 * The live feed on Redis: a stream per run whose entry ids are the seqs (`7-0` is seq 7), and
 * the run's last seq beside it. A Lua script takes the next seq, appends the entry and lets go of
 * the stream's head older than the buffer in one step, so no two publishers interleave and the
 * stream's order is the seqs' order. `since` is an XRANGE from an id. Subscribers of an instance
 * share one blocking XREAD loop on a connection of its own, over the streams of their runs.
 *
 * Keys: `<prefix>live:{<runId>}` (the stream) and `<prefix>live:{<runId>}:seq`; the braces keep a
 * run's two keys in one slot of a Redis Cluster.
 */
import * as E from 'fp-ts/lib/Either.js'
import * as TE from 'fp-ts/lib/TaskEither.js'
import type { Logger } from 'pino'
import { storeFailure } from '../../../src/core/errors.js'
import { LIVE_BUFFER_MINUTES, type LiveEvent, type LiveEventKind, type LiveFeed } from '../../../src/core/ports/live-feed.js'
import { liveBufferCutoff, liveDataJson } from '../shared/live-events.js'
import { liveSubscribers } from '../shared/live-subscribers.js'
import { type Redis, script } from './client.js'

const BUFFER_MS = LIVE_BUFFER_MINUTES * 60_000
/** A stream untouched for this long holds nothing a client may still ask for, and goes. */
const STREAM_TTL_MS = BUFFER_MS + 60_000
/** A run's last seq outlives its stream by far, so a meeting quiet for a while goes on counting where it was. */
const COUNTER_TTL_MS = 24 * 3_600_000
/** However fast a run publishes, its stream holds about this many entries at most. */
const MAX_ENTRIES = 10_000
/** How long one XREAD waits; a run subscribed meanwhile is read from the next one. */
const BLOCK_MS = 500
const PAGE = 500
const RETRY_MS = 1_000

/**
 * KEYS: stream, counter. ARGV: at, kind, data, cutoff (ISO: entries before it go), stream TTL, counter TTL, max entries.
 * The counter is set after the XADD, so a failed XADD takes no seq. The head is read until the
 * first entry at or after the cutoff (events come in time order; at most 1,000 per publish).
 */
const PUBLISH = `
local seq = tonumber(redis.call('GET', KEYS[2]) or '0') + 1
redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[7], seq .. '-0', 'at', ARGV[1], 'kind', ARGV[2], 'data', ARGV[3])
redis.call('SET', KEYS[2], seq, 'PX', ARGV[6])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
local from, lastOld, scanned = '-', nil, 0
while scanned < 1000 do
  local page = redis.call('XRANGE', KEYS[1], from, '+', 'COUNT', 100)
  if #page == 0 then break end
  local kept = false
  for _, entry in ipairs(page) do
    if entry[2][2] >= ARGV[4] then kept = true break end
    lastOld = entry[1]
  end
  if kept then break end
  scanned = scanned + #page
  from = '(' .. page[#page][1]
end
if lastOld then redis.call('XTRIM', KEYS[1], 'MINID', (tonumber(string.match(lastOld, '^%d+')) + 1) .. '-0') end
return seq
`

type Entry = [id: string, fields: string[]]

const toEvent = (runId: string, [id, fields]: Entry): LiveEvent => {
  const field = (name: string) => fields[fields.indexOf(name) + 1] ?? ''
  return { runId, seq: Number(id.split('-')[0]), at: field('at'), kind: field('kind') as LiveEventKind, data: JSON.parse(field('data')) as Record<string, unknown> }
}

/** The feed on `client` (which the caller owns and quits after `close`); `prefix` namespaces the keys. */
export const redisLiveFeed = (client: Redis, prefix: string, options: { readonly logger?: Logger } = {}): LiveFeed => {
  const publish = script(client, 'notetakerLivePublish', PUBLISH, 2)
  const streamOf = (runId: string) => `${prefix}live:{${runId}}`
  const counterOf = (runId: string) => `${prefix}live:{${runId}}:seq`

  let closed = false
  let reader: Redis | null = null
  let loop: Promise<void> | null = null
  let wake: (() => void) | null = null
  const nap = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        if (wake === done) wake = null
        resolve()
      }
      wake = done
    })

  const readLoop = async () => {
    while (!closed && subscribers.runIds().length > 0) {
      const runs = subscribers.runs()
      if (runs.length === 0) {
        // Only subscribers whose starting point is still being read: until one is known.
        await nap(BLOCK_MS)
        continue
      }
      if (reader === null) {
        reader = client.duplicate()
        reader.on('error', () => {})
      }
      const keys = new Map(runs.map((r) => [streamOf(r.runId), r]))
      try {
        const reply = (await reader.xread('COUNT', PAGE, 'BLOCK', BLOCK_MS, 'STREAMS', ...keys.keys(), ...runs.map((r) => `${r.after}-0`))) as Array<[string, Entry[]]> | null
        for (const [key, entries] of reply ?? []) {
          const run = keys.get(key)
          if (run !== undefined) subscribers.deliver(run.runId, run.after, entries.map((e) => toEvent(run.runId, e)))
        }
      } catch (e) {
        if (closed) break
        options.logger?.warn({ err: e }, 'could not read live events from Redis; trying again')
        await nap(RETRY_MS)
      }
    }
  }
  const ensureLoop = () => {
    wake?.()
    if (loop !== null || closed) return
    loop = readLoop().finally(() => {
      loop = null
      // A subscribe that came as the loop ended.
      if (!closed && subscribers.runIds().length > 0) ensureLoop()
    })
  }

  const subscribers = liveSubscribers({
    lastSeq: async (runId) => Number((await client.get(counterOf(runId))) ?? 0),
    onStarted: ensureLoop,
    onRunsChanged: ensureLoop,
  })

  return {
    publish: (runId, event, at) =>
      TE.tryCatch(async () => {
        const json = liveDataJson(event)
        if (E.isLeft(json)) throw json.left.cause
        const data = json.right
        const iso = at.toISOString()
        const cutoff = liveBufferCutoff(at)
        const seq = Number(await publish(streamOf(runId), counterOf(runId), iso, event.kind, data, cutoff, STREAM_TTL_MS, COUNTER_TTL_MS, MAX_ENTRIES))
        return { runId, seq, at: iso, kind: event.kind, data: event.data }
      }, storeFailure),

    since: (runId, afterSeq, limit) =>
      TE.tryCatch(async () => {
        await subscribers.started(runId)
        const entries = (await client.xrange(streamOf(runId), `${afterSeq + 1}-0`, '+', 'COUNT', limit)) as Entry[]
        return entries.map((e) => toEvent(runId, e))
      }, storeFailure),

    subscribe: (runId, onEvent) => subscribers.add(runId, onEvent),

    close: async () => {
      if (closed) return
      closed = true
      subscribers.close()
      wake?.()
      reader?.disconnect()
      await loop
    },
  }
}
