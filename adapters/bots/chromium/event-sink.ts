import type { Logger } from 'pino'
import type { BotEvent } from '../../../src/core/ports/bot-runner.js'

type Terminal = Extract<BotEvent, { type: 'left' | 'failed' }>

/**
 * Delivers a bot's events to the consumer one at a time, in the order they were
 * produced, and guarantees exactly one terminal event: anything pushed after
 * `left`/`failed` is dropped. Events come from several sources at once (page
 * bindings, the join loop, timers), so ordering is by arrival here.
 */
export interface EventSink {
  push(event: BotEvent): void
  /** Pushes the terminal event (only the first call counts) and waits until everything queued was delivered. */
  end(event: Terminal): Promise<void>
  readonly ended: boolean
  /** Delivered events by type, for stats. */
  counts(): Readonly<Record<string, number>>
}

export const createEventSink = (onEvent: (e: BotEvent) => Promise<void>, logger: Logger): EventSink => {
  let chain: Promise<void> = Promise.resolve()
  let ended = false
  const counts: Record<string, number> = {}
  const deliver = (event: BotEvent): Promise<void> => {
    chain = chain.then(async () => {
      try {
        await onEvent(event)
        counts[event.type] = (counts[event.type] ?? 0) + 1
      } catch (e) {
        // The consumer's failure must not kill the bot or stop later events (the terminal one above all).
        logger.error({ err: e, event: event.type }, 'the recording engine failed to take a bot event')
      }
    })
    return chain
  }
  return {
    push: (event) => {
      if (!ended) void deliver(event)
    },
    end: (event) => {
      if (ended) return chain
      ended = true
      return deliver(event)
    },
    get ended() {
      return ended
    },
    counts: () => ({ ...counts }),
  }
}
