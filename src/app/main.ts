/**
 * Composition root: decode the configuration once, open the adapters it names,
 * build the core, and start what was asked (the HTTP server for now).
 */
import type { Server } from 'node:http'
import * as E from 'fp-ts/Either'
import pino, { type Logger } from 'pino'
import { createHttpApp } from '../../adapters/http-koa/app.js'
import { createApiServer } from '../../adapters/http-koa/server.js'
import { createWorker } from '../../adapters/jobs/worker.js'
import { type OpenedAdapters, openAdapters } from './adapters.js'
import { type Config, loadConfig } from './config.js'
import { serverLimits } from './server-limits.js'
import { BOT_JOB, buildCore, type Core } from '../index.js'

export const makeLogger = (config: Pick<Config, 'LOG_LEVEL'>): Logger => pino({ level: config.LOG_LEVEL, base: { service: 'notetaker' } })

/** Reads the environment or stops the process with a readable message and exit code 1. */
export const configOrExit = (env: NodeJS.ProcessEnv = process.env): Config => {
  const result = loadConfig(env)
  if (E.isLeft(result)) {
    process.stderr.write(`notetaker: the configuration is not valid:\n${result.left.map((p) => `  - ${p}`).join('\n')}\n`)
    process.exit(1)
  }
  return result.right
}

export interface Stoppable {
  stop(): Promise<void>
}

export interface Running extends Stoppable {
  readonly core: Core
  readonly server: Server
  readonly url: string
  stop(): Promise<void>
}

/** On a store with no account yet, creates one and returns its first full-access key. */
const firstRun = async (core: Core, config: Config): Promise<string | null> => {
  const count = await core.ports.accounts.count()()
  if (E.isLeft(count) || count.right > 0) return null
  const account = await core.identity.createAccount({ name: 'Owner', email: config.NOTETAKER_OWNER_EMAIL, planKey: config.NOTETAKER_DEFAULT_PLAN, organizationName: null })()
  if (E.isLeft(account)) throw new Error(`could not create the first account: ${JSON.stringify(account.left)}`)
  const key = await core.identity.issueApiKey({ accountId: account.right.id, name: 'first key', access: 'full', organizationWide: false, expiresInDays: null })()
  if (E.isLeft(key)) throw new Error(`could not create the first key: ${JSON.stringify(key.left)}`)
  return key.right.plaintext
}

const closeServer = (server: Server, graceMs: number) =>
  new Promise<void>((resolve) => {
    const force = setTimeout(() => server.closeAllConnections(), graceMs)
    server.close(() => {
      clearTimeout(force)
      resolve()
    })
    server.closeIdleConnections()
  })

export interface ServeOptions {
  /** Also run background jobs (processing, webhooks, bots, the engine) in this process; true by default. */
  readonly worker?: boolean
}

/** The background side: processing and webhook jobs, bots in their own slots, and the recording engine's chain. */
const startWorkers = async (core: Core, config: Config, logger: Logger) => {
  const { [BOT_JOB]: runBot, ...otherJobs } = core.jobHandlers
  const options = { queue: core.ports.jobs, clock: core.ports.clock, logger, pollMs: 500, leaseMs: config.NOTETAKER_JOB_LEASE_SECONDS * 1000 }
  // Bots stay in their meetings for an hour or more: they get slots of their own, so processing never waits behind them.
  const jobs = createWorker({ ...options, handlers: otherJobs, concurrency: 2 })
  const bots = createWorker({ ...options, handlers: { [BOT_JOB]: runBot! }, concurrency: config.NOTETAKER_BOT_SLOTS })
  jobs.start()
  bots.start()
  const resumed = await core.uploads.resumeProcessing()()
  if (E.isLeft(resumed)) logger.error({ err: resumed.left }, 'could not look for recordings left without a processing job; they stay as they are until the next start')
  else if (resumed.right.resumed > 0) logger.info(resumed.right, `queued processing again for ${resumed.right.resumed} recording(s) that an earlier crash had left without it`)
  const requeued = await core.bots.resumeQueued()()
  if (E.isLeft(requeued)) logger.error({ err: requeued.left }, 'could not look for bots left without their job; such a bot holds its account until asked to leave')
  else if (requeued.right.resumed > 0) logger.info(requeued.right, `queued again ${requeued.right.resumed} bot(s) that an earlier crash had left without their job`)
  const engine = await core.bots.startEngine()()
  if (E.isLeft(engine)) logger.error({ err: engine.left }, 'could not start the recording engine; scheduled meetings will not be recorded until a restart')
  return {
    /** Bots in meetings leave (keeping what they recorded); running jobs get a grace period, the rest go back to the queue. */
    stop: async () => {
      if (core.bots.liveCount() > 0) logger.info({ bots: core.bots.liveCount() }, 'asking the bots in meetings to leave; what they recorded is kept')
      await core.bots.leaveAll()
      await Promise.all([jobs.stop(10_000), bots.stop(10_000)])
    },
  }
}

const openCore = async (config: Config, logger: Logger, opening: OpenedAdapters | Promise<OpenedAdapters>) => {
  const opened = await opening
  for (const m of opened.migrated) logger.info({ migration: m }, `applied database migration ${m}`)
  return { opened, core: buildCore(opened.ports) }
}

export const startServer = async (
  config: Config,
  logger: Logger,
  opening: OpenedAdapters | Promise<OpenedAdapters> = openAdapters(config, { migrate: true, logger }),
  options: ServeOptions = {},
): Promise<Running> => {
  const { opened, core } = await openCore(config, logger, opening)
  const firstKey = await firstRun(core, config)
  const { listener } = createHttpApp(core, { logger })
  const workers = options.worker === false ? null : await startWorkers(core, config, logger)
  const server = createApiServer(listener, serverLimits(config), logger)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.PORT, config.HOST, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.PORT
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`
  const role = workers === null ? ', no background jobs: run `notetaker worker` beside it' : ''
  logger.info({ url, store: config.NOTETAKER_STORE, worker: workers !== null }, `Notetaker is serving ${url}/ext/v1 (store: ${config.NOTETAKER_STORE}${role})`)
  if (firstKey !== null) {
    logger.info({ email: config.NOTETAKER_OWNER_EMAIL }, 'created the first account and its full-access key')
    process.stdout.write(
      `\nNo account existed, so one was created (${config.NOTETAKER_OWNER_EMAIL}). Its API key, shown only this once:\n\n  ${firstKey}\n\nTry it:\n  curl -H "Authorization: Bearer ${firstKey}" ${url}/ext/v1/me\n\n`,
    )
  }
  return {
    core,
    server,
    url,
    stop: async () => {
      await closeServer(server, 10_000)
      await workers?.stop()
      await opened.close()
      logger.info('Notetaker stopped')
    },
  }
}

/** `notetaker worker`: background jobs only, beside API processes started with `serve --no-worker`. */
export const startWorker = async (config: Config, logger: Logger): Promise<Stoppable> => {
  const { opened, core } = await openCore(config, logger, openAdapters(config, { migrate: true, logger }))
  const workers = await startWorkers(core, config, logger)
  logger.info({ store: config.NOTETAKER_STORE, botSlots: config.NOTETAKER_BOT_SLOTS }, `Notetaker worker is running background jobs and up to ${config.NOTETAKER_BOT_SLOTS} bots (store: ${config.NOTETAKER_STORE})`)
  return {
    stop: async () => {
      await workers.stop()
      await opened.close()
      logger.info('Notetaker worker stopped')
    },
  }
}

/** Stops gracefully on SIGTERM or SIGINT: in-flight requests finish, then the store closes. */
export const stopOnSignals = (running: Stoppable, logger: Logger) => {
  let stopping = false
  const onSignal = (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, `received ${signal}, finishing in-flight requests`)
    running.stop().then(
      () => process.exit(0),
      (e: unknown) => {
        logger.error({ err: e }, 'shutdown failed')
        process.exit(1)
      },
    )
  }
  process.once('SIGTERM', () => onSignal('SIGTERM'))
  process.once('SIGINT', () => onSignal('SIGINT'))
}
