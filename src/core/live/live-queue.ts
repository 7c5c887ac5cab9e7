import type { LiveEvent } from '../ports/live-feed.js'

/**
 * Events handed over as they come, read as an async iterator: what a stream's
 * reader has not taken yet waits here, each seq once and in order; `end` stops
 * the reading once what is queued has been taken.
 */
export const liveQueue = (afterSeq: number) => {
  const queued: LiveEvent[] = []
  let last = afterSeq
  let ended = false
  let wake: (() => void) | null = null
  const nudge = () => {
    const w = wake
    wake = null
    w?.()
  }
  return {
    /** Adds the events past the last one kept, in seq order; others (seen already) are skipped. */
    offer(events: ReadonlyArray<LiveEvent>): void {
      for (const e of [...events].sort((a, b) => a.seq - b.seq)) {
        if (e.seq <= last) continue
        last = e.seq
        queued.push(e)
      }
      nudge()
    },
    end(): void {
      ended = true
      nudge()
    },
    async *events(): AsyncGenerator<LiveEvent, void, undefined> {
      while (true) {
        const next = queued.shift()
        if (next !== undefined) {
          yield next
          continue
        }
        if (ended) return
        await new Promise<void>((resolve) => (wake = resolve))
      }
    },
  }
}
