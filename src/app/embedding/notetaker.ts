/**
 * `createNotetaker(options)`: Notetaker inside another Node program. It opens the
 * adapters the options name, builds the core, starts the job worker as the
 * service does, and answers the facade (notetaker-facade.ts): promise-based,
 * the API's JSON shapes, errors thrown as NotetakerError. docs/embedding.md.
 *
 * The adapters load only when a Notetaker is created: importing the package
 * root for `buildCore` alone does not load every driver (SQLite, Postgres, Redis, S3).
 */
import { buildCore } from '../../core/build-core.js'
import { NotetakerError } from './error.js'
import { type NotetakerOptions, configFromOptions, loggerFor } from './options.js'
import type { Notetaker } from './types.js'

/** A store that cannot be opened (a database that does not answer, a folder that cannot be written), with the reason. */
const cannotStart = (e: unknown): never => {
  throw new NotetakerError('INTERNAL_ERROR', `Notetaker could not start: ${e instanceof Error ? e.message : String(e)}`, [], { cause: e })
}

/** Notetaker in this process, from options: see docs/embedding.md. */
export const createNotetaker = async (options: NotetakerOptions): Promise<Notetaker> => {
  const config = configFromOptions(options)
  const logger = loggerFor(options, config)
  const [{ openAdapters }, { startWorkers }, { notetakerFacade }] = await Promise.all([import('../composition/adapters.js'), import('../service/workers.js'), import('./facade.js')])
  const opened = await openAdapters(config, { migrate: true, logger }).catch(cannotStart)
  for (const m of opened.migrated) logger.info({ migration: m }, `applied database migration ${m}`)
  const core = buildCore(opened.ports)
  const workers =
    options.worker === false
      ? null
      : await startWorkers(core, config, logger).catch(async (e: unknown) => {
          await opened.close()
          return cannotStart(e)
        })
  logger.info({ store: config.NOTETAKER_STORE, worker: workers !== null }, `Notetaker is running in this process (store: ${config.NOTETAKER_STORE})`)
  return notetakerFacade({
    core,
    config,
    logger,
    shutdown: async () => {
      await workers?.stop()
      await opened.close()
      logger.info('Notetaker stopped')
    },
  })
}
