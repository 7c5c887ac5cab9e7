/**
 * One line per request at `debug` (a 5xx at `warn`), and at `info` a summary
 * of each minute that had requests: how many, by class of status, and the
 * slowest. The summary is written by the first request after its minute, so
 * an idle server writes nothing and keeps no timer.
 */
import type { Logger } from 'pino'

const MINUTE_MS = 60_000

export interface RequestLog {
  /** Whether `answered` needs the request's timing at all. */
  readonly timing: boolean
  answered(entry: {
    readonly requestId: string
    readonly method: string
    readonly path: string
    readonly status: number
    readonly ms: number
    /** The client went away before its answer: whatever the status says, nothing failed on our side worth a warning. */
    readonly clientGone?: boolean
  }): void
}

export const requestLog = (logger: Logger, now: () => number = Date.now): RequestLog => {
  let since = now()
  let counts = { total: 0, ok: 0, clientError: 0, serverError: 0, slowestMs: 0 }
  const summarise = (at: number) => {
    if (counts.total > 0) {
      const { total, ok, clientError, serverError, slowestMs } = counts
      logger.info(
        { requests: total, ok, clientError, serverError, slowestMs, since: new Date(since).toISOString() },
        `answered ${total} request${total === 1 ? '' : 's'} since ${new Date(since).toISOString()}: ${ok} ok, ${clientError} refused (4xx), ${serverError} failed (5xx); the slowest took ${slowestMs} ms`,
      )
    }
    since = at
    counts = { total: 0, ok: 0, clientError: 0, serverError: 0, slowestMs: 0 }
  }
  return {
    // A 5xx is logged at warn, so requests are timed whenever warn lines are written.
    timing: logger.isLevelEnabled('warn'),
    answered: ({ requestId, method, path, status, ms, clientGone = false }) => {
      const at = now()
      if (at - since >= MINUTE_MS) summarise(at)
      counts.total++
      if (clientGone) counts.clientError++
      else if (status >= 500) counts.serverError++
      else if (status >= 400) counts.clientError++
      else counts.ok++
      counts.slowestMs = Math.max(counts.slowestMs, ms)
      if (clientGone) logger.debug({ requestId, method, path, ms }, `${method} ${path}: the client went away after ${ms} ms, before its answer`)
      else if (status >= 500) logger.warn({ requestId, method, path, status, ms }, `${method} ${path} answered ${status} in ${ms} ms`)
      else logger.debug({ requestId, method, path, status, ms }, `${method} ${path} answered ${status} in ${ms} ms`)
    },
  }
}
