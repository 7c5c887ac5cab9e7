/**
 * The background side of a process: what `notetaker serve`, `notetaker worker`
 * and `createNotetaker` (src/app/embedding/notetaker.ts) all run to process jobs.
 */
import * as E from 'fp-ts/lib/Either.js'
import type { Logger } from 'pino'
import { createWorker } from '../../../adapters/driving/jobs/worker.js'
import { BOT_JOB } from '../../core/bots/index.js'
import type { Config } from '../config/index.js'
import { PROCESSING_SLOTS } from '../composition/processing-slots.js'
import type { Core } from '../../core/build-core.js'

/** The background side: processing and webhook jobs, bots in their own slots, and the recording engine's chain. */
export const startWorkers = async (core: Core, config: Config, logger: Logger) => {
  const { [BOT_JOB]: runBot, ...otherJobs } = core.jobHandlers
  const options = { queue: core.ports.jobs, clock: core.ports.clock, logger, pollMs: 500, leaseMs: config.NOTETAKER_JOB_LEASE_SECONDS * 1000 }
  // Bots stay in their meetings for an hour or more: they get slots of their own, so processing never waits behind them.
  // One account's processing runs one recording at a time (its jobs carry it as their group), so with
  // PROCESSING_SLOTS the other slot is always there for another account's upload.
  const jobs = createWorker({ ...options, handlers: otherJobs, concurrency: PROCESSING_SLOTS, maxRunningPerGroup: 1 })
  const bots = createWorker({ ...options, handlers: { [BOT_JOB]: runBot! }, concurrency: config.NOTETAKER_BOT_SLOTS })
  jobs.start()
  bots.start()
  const resumed = await core.processing.resumeProcessing()()
  if (E.isLeft(resumed)) logger.error({ err: resumed.left }, 'could not look for recordings left without a processing job; they stay as they are until the next start')
  else if (resumed.right.resumed > 0) logger.info(resumed.right, `queued processing again for ${resumed.right.resumed} recording(s) that an earlier crash had left without it`)
  const requeued = await core.bots.resumeQueued()()
  if (E.isLeft(requeued)) logger.error({ err: requeued.left }, 'could not look for bots left without their job; such a bot holds its account until asked to leave')
  else if (requeued.right.resumed > 0) logger.info(requeued.right, `queued again ${requeued.right.resumed} bot(s) that an earlier crash had left without their job`)
  const engine = await core.bots.startEngine()()
  if (E.isLeft(engine)) logger.error({ err: engine.left }, 'could not start the recording engine; scheduled meetings will not be recorded until a restart')
  const sweep = await core.recordings.startRetentionSweep()()
  if (E.isLeft(sweep)) logger.error({ err: sweep.left }, 'could not start the retention sweep; recordings past their retention period stay until a restart')
  return {
    /** Bots in meetings leave (keeping what they recorded); running jobs get a grace period, the rest go back to the queue. */
    stop: async () => {
      if (core.bots.liveCount() > 0) logger.info({ bots: core.bots.liveCount() }, 'asking the bots in meetings to leave; what they recorded is kept')
      await core.bots.leaveAll()
      await Promise.all([jobs.stop(10_000), bots.stop(10_000)])
    },
  }
}
