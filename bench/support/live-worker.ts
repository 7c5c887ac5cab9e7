/**
 * `notetaker worker` as bench/live.ts runs it: the same composition and background jobs, with the
 * bot runner wrapped to note, per bot, the moment the runner hands each event to the recording
 * engine and when the meeting showed each line (see ShownEvent). Between `admitted` and the bot's
 * last event it also measures this process: CPU time, event-loop delay, and how many live lines
 * the bot published. When the bot is done, all of it goes to BENCH_SHOWN_DIR/<runId>.json.
 * The product has no such hook: the wrapping is the bench's.
 * The runner is the configured one, or with BENCH_BOT=chromium the Chromium bot routed to the
 * stand-ins at BENCH_HOST_RESOLVER_RULES (which the configuration cannot do).
 *
 *   BENCH_SHOWN_DIR=/tmp/x node --import tsx bench/support/live-worker.ts   (environment as for `notetaker worker`)
 */
import { renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { createChromiumBotRunner } from '../../adapters/bots/chromium/index.js'
import { openAdapters } from '../../src/app/composition/adapters.js'
import { makeLogger } from '../../src/app/service/logger.js'
import { configOrExit, stopOnSignals } from '../../src/app/service/serve.js'
import { startWorkers } from '../../src/app/service/workers.js'
import { buildCore } from '../../src/core/build-core.js'
import type { BotRunner } from '../../src/core/ports/bot-runner.js'
import { LIVE_WORKER_READY, type ShownEvent, type ShownFile } from './live-latency.js'

const LOOP_RESOLUTION_MS = 10
const now = () => performance.timeOrigin + performance.now()

const timedRunner = (runner: BotRunner, dir: string): BotRunner => ({
  name: runner.name,
  start(job, onEvent) {
    const events: ShownEvent[] = []
    const histogram = monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS })
    let callStart: { t: number; cpu: NodeJS.CpuUsage } | null = null
    let admittedAt: number | null = null
    let call: ShownFile['call'] = null
    const delay = (ns: number) => Math.max(0, ns / 1e6 - LOOP_RESOLUTION_MS) // beyond the timer's own interval
    const session = runner.start(job, (e) => {
      const handedAt = now()
      if (e.type === 'admitted') admittedAt = e.at
      const shownAt = runner.name === 'chromium' && e.type === 'caption' && admittedAt !== null ? admittedAt + e.endMs : handedAt
      events.push({
        type: e.type,
        handedAt,
        at: e.at,
        shownAt,
        ...(e.type === 'caption' || e.type === 'partial' ? { text: e.text, startMs: e.startMs } : {}),
      })
      if (e.type === 'admitted') {
        histogram.enable()
        callStart = { t: handedAt, cpu: process.cpuUsage() }
      }
      if ((e.type === 'left' || e.type === 'failed') && callStart !== null) {
        histogram.disable()
        const cpu = process.cpuUsage(callStart.cpu)
        call = {
          ms: handedAt - callStart.t,
          cpuMs: (cpu.user + cpu.system) / 1000,
          lines: events.filter((x) => x.type === 'speaker' || x.type === 'partial' || x.type === 'caption').length,
          loopDelayP50Ms: delay(histogram.percentile(50)),
          loopDelayP99Ms: delay(histogram.percentile(99)),
          loopDelayMaxMs: delay(histogram.max),
        }
      }
      return onEvent(e)
    })
    const finished = session.finished.finally(() => {
      const file: ShownFile = { runId: job.runId, events, call }
      const path = join(dir, `${job.runId}.json`)
      writeFileSync(`${path}.tmp`, JSON.stringify(file))
      renameSync(`${path}.tmp`, path)
    })
    return { leave: () => session.leave(), finished }
  },
})

const main = async () => {
  const dir = process.env['BENCH_SHOWN_DIR']
  if (dir === undefined || dir === '') throw new Error('BENCH_SHOWN_DIR must name a directory for the shown times')
  const config = configOrExit()
  const logger = makeLogger(config)
  const opened = await openAdapters(config, { migrate: true, logger })
  const rules = process.env['BENCH_HOST_RESOLVER_RULES']
  const chromium =
    process.env['BENCH_BOT'] === 'chromium'
      ? createChromiumBotRunner({
          logger,
          botName: config.NOTETAKER_BOT_NAME,
          admissionTimeoutMs: 60_000,
          aloneTimeoutMs: 30_000,
          maxDurationMs: 10 * 60_000,
          maxConcurrentBots: 1,
          ignoreCertificateErrors: true,
          ...(rules === undefined ? {} : { hostResolverRules: rules }),
        })
      : null
  const core = buildCore({ ...opened.ports, botRunner: timedRunner(chromium ?? opened.ports.botRunner, dir) })
  const workers = await startWorkers(core, config, logger)
  process.stdout.write(`${LIVE_WORKER_READY}\n`)
  stopOnSignals(
    {
      stop: async () => {
        await workers.stop()
        await chromium?.close()
        await opened.close()
      },
    },
    logger,
  )
}

await main()
