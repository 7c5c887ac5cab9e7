import type { BotEvent, BotJob, BotRunner, BotSession } from '../../../src/core/ports/bot-runner.js'
import { createInterrupts, type Interrupts } from './interrupt.js'
import {
  chromiumArgs,
  DEFAULT_BOT_NAME,
  DEFAULT_CHUNK_INTERVAL_MS,
  DEFAULT_EXECUTABLE,
  DEFAULT_PAGE_TIMEOUT_MS,
  type ChromiumBotRunnerOptions,
} from './options.js'
import { runSession, type BotPhase, type SessionStatus } from './session.js'
import { createSlotQueue } from './slot-queue.js'

/** One bot as stats() shows it. */
export interface BotStats {
  readonly runId: string
  readonly platform: BotJob['platform']
  readonly phase: BotPhase
  /** The browser's process id (also its process group), while it runs. */
  readonly browserPid: number | null
}

export interface ChromiumBotRunnerStats {
  readonly maxConcurrentBots: number
  /** Bots holding a slot (starting, joining, in a call or leaving). */
  readonly running: number
  /** Bots waiting for a slot. */
  readonly queued: number
  readonly started: number
  readonly finished: number
  readonly bots: ReadonlyArray<BotStats>
}

export interface ChromiumBotRunner extends BotRunner {
  /** Asks every bot to leave (queued ones leave without joining) and settles when all have finished. Later starts fail with `capacity`. */
  close(): Promise<void>
  stats(): ChromiumBotRunnerStats
}

const positive = (name: string, value: number): number => {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number of milliseconds, got ${value}`)
  return value
}

/**
 * The real meeting bot: one headless Chromium per bot (Debian's package, never
 * a downloaded browser), joining Google Meet, Microsoft Teams or Zoom's web
 * client as a guest and recording what it hears. See the platform modules for
 * each platform's page knowledge.
 */
export const createChromiumBotRunner = (options: ChromiumBotRunnerOptions): ChromiumBotRunner => {
  const timing = {
    admissionTimeoutMs: positive('admissionTimeoutMs', options.admissionTimeoutMs),
    aloneTimeoutMs: positive('aloneTimeoutMs', options.aloneTimeoutMs),
    maxDurationMs: positive('maxDurationMs', options.maxDurationMs),
    pageTimeoutMs: positive('pageTimeoutMs', options.pageTimeoutMs ?? DEFAULT_PAGE_TIMEOUT_MS),
    chunkIntervalMs: positive('chunkIntervalMs', options.chunkIntervalMs ?? DEFAULT_CHUNK_INTERVAL_MS),
  }
  const slots = createSlotQueue(options.maxConcurrentBots)
  const args = chromiumArgs(options)
  const live = new Map<string, { job: BotJob; status: SessionStatus; interrupts: Interrupts; finished: Promise<void> }>()
  let started = 0
  let finishedCount = 0
  let closed = false
  const log = options.logger.child({ component: 'bot-chromium' })

  const refuse = (job: BotJob, onEvent: (e: BotEvent) => Promise<void>, detail: string): BotSession => {
    log.warn({ runId: job.runId }, `turned a bot away: ${detail}`)
    const finished = onEvent({ type: 'failed', at: Date.now(), reason: 'capacity', detail }).catch((err: unknown) => {
      log.error({ err, runId: job.runId }, 'the recording engine failed to take a bot event')
    })
    return { leave: async () => undefined, finished }
  }

  return {
    name: 'chromium',
    start: (job, onEvent) => {
      if (closed) return refuse(job, onEvent, 'the bot runner is shutting down')
      if (options.maxQueuedBots !== undefined && slots.queued >= options.maxQueuedBots) {
        return refuse(job, onEvent, `all ${options.maxConcurrentBots} bot slots are busy and ${slots.queued} bots are already waiting`)
      }
      started++
      const key = `${job.runId}#${started}`
      const status: SessionStatus = { phase: 'queued', browserPid: null }
      const interrupts = createInterrupts()
      const finished = runSession({
        job: { ...job, botName: job.botName.trim() === '' ? (options.botName ?? DEFAULT_BOT_NAME) : job.botName },
        onEvent,
        slots,
        interrupts,
        status,
        logger: options.logger,
        executablePath: options.executablePath ?? DEFAULT_EXECUTABLE,
        chromiumArgs: args,
        profileRoot: options.profileRoot,
        ...timing,
      }).finally(() => {
        live.delete(key)
        finishedCount++
      })
      live.set(key, { job, status, interrupts, finished })
      return {
        leave: async () => interrupts.raise({ kind: 'leave' }),
        finished,
      }
    },
    close: async () => {
      closed = true
      const all = [...live.values()]
      for (const bot of all) bot.interrupts.raise({ kind: 'leave' })
      await Promise.all(all.map((b) => b.finished))
    },
    stats: () => ({
      maxConcurrentBots: options.maxConcurrentBots,
      running: slots.running,
      queued: slots.queued,
      started,
      finished: finishedCount,
      bots: [...live.values()].map(({ job, status }) => ({
        runId: job.runId,
        platform: job.platform,
        phase: status.phase,
        browserPid: status.browserPid,
      })),
    }),
  }
}
