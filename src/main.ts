/**
 * Composition root: decode the configuration once, open the adapters it names,
 * build the core, and start what was asked (the HTTP server for now).
 */
import { createServer, type Server } from 'node:http'
import * as E from 'fp-ts/Either'
import pino, { type Logger } from 'pino'
import { createHttpApp } from '../adapters/http-koa/app.js'
import { createWorker } from '../adapters/jobs/worker.js'
import { type OpenedAdapters, openAdapters } from './adapters.js'
import { type Config, loadConfig } from './config.js'
import { buildCore, type Core } from './index.js'

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

export interface Running {
  readonly core: Core
  readonly server: Server
  readonly url: string
  stop(): Promise<void>
}

/** On a store with no account yet, creates one and returns its first full-access key. */
const firstRun = async (core: Core, config: Config): Promise<string | null> => {
  const count = await core.ports.accounts.count()()
  if (E.isLeft(count) || count.right > 0) return null
  const account = await core.createAccount({ name: 'Owner', email: config.NOTETAKER_OWNER_EMAIL, planKey: config.NOTETAKER_DEFAULT_PLAN, organizationName: null })()
  if (E.isLeft(account)) throw new Error(`could not create the first account: ${JSON.stringify(account.left)}`)
  const key = await core.issueApiKey({ accountId: account.right.id, name: 'first key', access: 'full', organizationWide: false, expiresInDays: null })()
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

export const startServer = async (config: Config, logger: Logger, opened: OpenedAdapters = openAdapters(config, { migrate: true, logger })): Promise<Running> => {
  for (const m of opened.migrated) logger.info({ migration: m }, `applied database migration ${m}`)
  const core = buildCore(opened.ports)
  const firstKey = await firstRun(core, config)
  const { app } = createHttpApp(core, { logger })
  const worker = createWorker({ queue: opened.ports.jobs, handlers: core.jobHandlers, clock: opened.ports.clock, logger, concurrency: 2, pollMs: 500, leaseMs: config.NOTETAKER_JOB_LEASE_SECONDS * 1000 })
  worker.start()
  const server = createServer(app.callback())
  server.keepAliveTimeout = 65_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.PORT, config.HOST, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.PORT
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`
  logger.info({ url, store: config.NOTETAKER_STORE }, `Notetaker is serving ${url}/ext/v1 (store: ${config.NOTETAKER_STORE})`)
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
      await worker.stop(10_000)
      await opened.close()
      logger.info('Notetaker stopped')
    },
  }
}

/** Stops gracefully on SIGTERM or SIGINT: in-flight requests finish, then the store closes. */
export const stopOnSignals = (running: Running, logger: Logger) => {
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
