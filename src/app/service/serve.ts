/**
 * Composition root: decode the configuration once, open the adapters it names,
 * build the core, and start what was asked (the HTTP server for now).
 */
import type { Server } from 'node:http'
import * as E from 'fp-ts/lib/Either.js'
import pino, { type Logger } from 'pino'
import { createHttpApp } from '../../../adapters/driving/http-koa/app.js'
import { createApiServer } from '../../../adapters/driving/http-koa/server.js'
import { generatePassword } from '../../../adapters/system/generated-password.js'
import { DEFAULT_OUT_DIR } from '../../../adapters/driving/web/build.js'
import { ensureWebBuilt } from '../../../adapters/driving/web/ensure-built.js'
import { webApp } from '../../../adapters/driving/web/web-app.js'
import { type OpenedAdapters, openAdapters } from '../composition/adapters.js'
import { type Config, loadConfig } from '../config/index.js'
import { CLI } from '../cli/name.js'
import { serverLimits } from './server-limits.js'
import { buildCore, type Core } from '../../core/build-core.js'
import { startWorkers } from './workers.js'


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

/** On a store with no account yet, creates one (a server administrator) and returns its first full-access key and web app password. */
const firstRun = async (core: Core, config: Config): Promise<{ key: string; password: string } | null> => {
  const count = await core.ports.accounts.count()()
  if (E.isLeft(count) || count.right > 0) return null
  // Named by its email until the person names it: "Owner" read like a role in the app's corner.
  const account = await core.identity.createAccount({ name: config.NOTETAKER_OWNER_EMAIL, email: config.NOTETAKER_OWNER_EMAIL, planKey: config.NOTETAKER_DEFAULT_PLAN, organizationName: null, serverAdmin: true })()
  if (E.isLeft(account)) throw new Error(`could not create the first account: ${JSON.stringify(account.left)}`)
  const key = await core.identity.issueApiKey({ accountId: account.right.id, name: 'first key', access: 'full', organizationWide: false, expiresInDays: null })()
  if (E.isLeft(key)) throw new Error(`could not create the first key: ${JSON.stringify(key.left)}`)
  const password = generatePassword()
  const set = await core.identity.setPassword(account.right.id, password)()
  if (E.isLeft(set)) throw new Error(`could not set the first account's password: ${JSON.stringify(set.left)}`)
  return { key: key.right.plaintext, password }
}

/** Accounts made with the CLI before the first start leave a server with no administrator: said once at each start. */
const warnWithoutServerAdmin = async (core: Core, logger: Logger) => {
  const admins = await core.identity.countServerAdmins()()
  if (E.isLeft(admins)) logger.warn({ err: admins.left }, 'could not count the server administrators')
  else if (admins.right === 0) {
    logger.warn(
      `no account is a server administrator, so nobody can download or add speech models from the web app; make one with: ${CLI} accounts server-admin --account EMAIL`,
    )
  }
}

const listen = (server: Server, config: Pick<Config, 'PORT' | 'HOST'>) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(config.PORT, config.HOST, () => resolve())
  })

/**
 * The first account's key, framed and apart from the log (standard output
 * carries only log lines), with a line to try it and how to get another; then
 * where the web app is and the password to sign in to it with.
 */
const firstRunBanner = (email: string, { key, password }: { key: string; password: string }, url: string) =>
  [
    '',
    '────────────────────────────────────────────────────────────────────────',
    ` No account existed, so one was created (${email}).`,
    '',
    ` Open the web app at ${url}/`,
    ` Sign in as ${email} with password ${password}`,
    ` (change it: ${CLI} accounts set-password --account ${email})`,
    '',
    ' Its API key, shown only this once:',
    '',
    `  ${key}`,
    '',
    ' Try it:',
    `  curl -H "Authorization: Bearer ${key}" ${url}/ext/v1/me`,
    '',
    ` Lost it? ${CLI} keys create --account ${email}`,
    '────────────────────────────────────────────────────────────────────────',
    '',
    '',
  ].join('\n')

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
  await ensureWebBuilt(DEFAULT_OUT_DIR, logger)
  const { listener, upgrades } = createHttpApp(core, { logger, readiness: opened.checks, web: webApp({ dir: DEFAULT_OUT_DIR, logger }) })
  const server = createApiServer(listener, serverLimits(config), logger, upgrades)
  // The port is taken before anything is created: a start that cannot serve leaves the store as it found it,
  // so the first account's key is printed by the start that creates it.
  await listen(server, config).catch(async (e: unknown) => {
    await opened.close()
    throw e
  })
  const firstKey = await firstRun(core, config)
  const workers = options.worker === false ? null : await startWorkers(core, config, logger)
  const address = server.address()
  const port = typeof address === 'object' && address !== null ? address.port : config.PORT
  const url = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${port}`
  const role = workers === null ? `, no background jobs: run \`${CLI} worker\` beside it` : ''
  logger.info({ url, store: config.NOTETAKER_STORE, worker: workers !== null }, `Notetaker is serving the web app at ${url}/ and the API at ${url}/ext/v1 (store: ${config.NOTETAKER_STORE}${role})`)
  const mailer = core.ports.mailer
  logger.info(
    { mail: mailer?.description ?? null },
    mailer === undefined ? 'mail is not configured (NOTETAKER_SMTP_URL): invites and shares show their link to pass on' : `invites and shares are mailed through ${mailer.description}`,
  )
  if (firstKey !== null) {
    logger.info({ email: config.NOTETAKER_OWNER_EMAIL }, 'created the first account, its full-access key and its web app password (printed once, on standard error)')
    process.stderr.write(firstRunBanner(config.NOTETAKER_OWNER_EMAIL, firstKey, url))
  }
  else await warnWithoutServerAdmin(core, logger)
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
