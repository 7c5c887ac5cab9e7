import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import type { Logger } from 'pino'
import type { Clock } from '../../../src/core/ports/clock.js'
import type { JobFailure, JobHandler, JobReport } from '../../../src/core/ports/job-handler.js'
import type { ClaimedJob, JobQueue } from '../../../src/core/ports/job-queue.js'

export interface WorkerOptions {
  readonly queue: JobQueue
  readonly handlers: Readonly<Record<string, JobHandler>>
  readonly clock: Clock
  readonly logger: Logger
  /** Jobs run at once. */
  readonly concurrency: number
  /** How often an idle worker looks for due jobs. */
  readonly pollMs: number
  /** How long a claimed job is ours before another worker may take it. */
  readonly leaseMs: number
  /** Delay before attempt n+1 (n starts at 1). */
  readonly backoffMs?: (attempt: number) => number
  /**
   * Running jobs one group (an account) may have in the whole queue, across processes; its next
   * job waits while another group's is taken. Absent: no cap.
   */
  readonly maxRunningPerGroup?: number
}

/** Exponential backoff with full jitter: up to 2 s, 4 s, 8 s ... capped at 5 minutes. */
export const defaultBackoff = (attempt: number) => Math.round(Math.random() * Math.min(300_000, 2_000 * 2 ** (attempt - 1)))

/**
 * Takes due jobs from the queue and runs their handlers. A job whose handler
 * fails is retried with backoff until its attempts run out; stop() finishes
 * running jobs (within a grace period) and hands the rest back to the queue.
 */
export const createWorker = (o: WorkerOptions) => {
  const kinds = Object.keys(o.handlers)
  const running = new Map<string, Promise<void>>()
  const heartbeats = new Map<string, NodeJS.Timeout>()
  let timer: NodeJS.Timeout | null = null
  let stopped = true
  const backoff = o.backoffMs ?? defaultBackoff
  const claimOptions = o.maxRunningPerGroup === undefined ? {} : { maxRunningPerGroup: o.maxRunningPerGroup }

  const runJob = async (job: ClaimedJob) => {
    const handler = o.handlers[job.kind]!
    const started = performance.now()
    // Renew the lease while the job runs, so only a dead worker's jobs are taken over.
    const heartbeat = setInterval(() => void o.queue.extend(job.id, o.clock.now(), o.leaseMs)(), Math.max(50, o.leaseMs / 3))
    heartbeats.set(job.id, heartbeat)
    let result: E.Either<JobFailure, JobReport | void>
    try {
      result = await handler(job.payload, { number: job.attempt, last: job.attempt >= job.maxAttempts })()
    } catch (e) {
      o.logger.error({ err: e, jobId: job.id, kind: job.kind }, `job ${job.kind} threw; treating it as a retryable failure`)
      result = E.left({ retryable: true, message: (e as Error).message ?? String(e) })
    } finally {
      clearInterval(heartbeat)
      heartbeats.delete(job.id)
    }
    const ms = Math.round(performance.now() - started)
    if (E.isRight(result)) {
      await o.queue.complete(job.id)()
      const report = result.right
      if (report === undefined) o.logger.debug({ jobId: job.id, kind: job.kind, ms }, `job ${job.kind} done in ${ms} ms`)
      else o.logger[report.level ?? 'info']({ jobId: job.id, kind: job.kind, ms, ...report.details }, report.message)
      return
    }
    const again = result.left.retryable && job.attempt < job.maxAttempts
    const retryAt = again ? new Date(o.clock.now().getTime() + backoff(job.attempt)) : null
    await o.queue.fail(job.id, result.left.message, retryAt)()
    o.logger.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempt, retryAt: retryAt?.toISOString() ?? null, error: result.left.message },
      again ? `job ${job.kind} failed (attempt ${job.attempt}), will retry: ${result.left.message}` : `job ${job.kind} failed for good: ${result.left.message}`,
    )
  }

  /** Claims and starts jobs while there are free slots and due jobs; returns how many it started. */
  const fill = async (): Promise<number> => {
    let started = 0
    while (running.size < o.concurrency) {
      const claimed = await o.queue.claim(kinds, o.clock.now(), o.leaseMs, claimOptions)()
      if (E.isLeft(claimed)) {
        o.logger.error({ err: claimed.left.cause }, 'could not read the job queue')
        break
      }
      if (O.isNone(claimed.right)) break
      const job = claimed.right.value
      // Our own job, claimed again because its lease ran out while this process could not renew it
      // (its event loop was held up): it is still running here, so it is not started twice. The
      // claim renewed its lease; the running handler completes or fails it as before.
      if (running.has(job.id)) {
        o.logger.warn({ jobId: job.id, kind: job.kind }, `job ${job.kind}'s lease ran out while it ran here (this process was held up); it keeps running once`)
        continue
      }
      const p = runJob(job).finally(() => {
        running.delete(job.id)
        if (!stopped) schedule(0)
      })
      running.set(job.id, p)
      started++
    }
    return started
  }

  const schedule = (ms: number) => {
    if (timer !== null) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = null
      void fill().then(() => {
        if (!stopped && timer === null) schedule(o.pollMs)
      })
    }, ms)
  }

  return {
    start: () => {
      if (!stopped) return
      stopped = false
      schedule(0)
    },
    /** Look for work now (e.g. right after enqueueing). */
    poke: () => {
      if (!stopped) schedule(0)
    },
    /** For tests and one-shot runs: runs due jobs until none is due and none is running. */
    drain: async () => {
      for (;;) {
        await fill()
        if (running.size === 0) return
        await Promise.race(running.values())
      }
    },
    stop: async (graceMs = 10_000) => {
      stopped = true
      if (timer !== null) clearTimeout(timer)
      timer = null
      const all = Promise.allSettled([...running.values()])
      await Promise.race([all, new Promise((r) => setTimeout(r, graceMs).unref())])
      // A job handed back is no longer ours: its lease stops being renewed, so another worker may take it.
      for (const id of running.keys()) {
        clearInterval(heartbeats.get(id))
        heartbeats.delete(id)
        await o.queue.release(id)()
      }
    },
    runningCount: () => running.size,
  }
}

export type Worker = ReturnType<typeof createWorker>
