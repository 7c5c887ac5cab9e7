/**
 * The options of `createNotetaker`, decoded into a Config the way the service
 * decodes its environment (`loadConfig` over the settings' defaults), so a bad
 * option reads as a bad variable does. The environment itself is not read.
 */
import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import pino, { type Logger } from 'pino'
import type { FieldIssue } from '../../core/errors.js'
import { type Config, loadConfig } from '../config/index.js'
import { NotetakerError } from './error.js'
import { SETTINGS } from '../config/settings.js'

/** Any setting of docs/configuration.md, as its variable's text or as the decoded value (a number, a boolean, the plans). */
export type NotetakerSettings = { readonly [K in keyof Config]?: Config[K] | string }

export type LogLevel = Config['LOG_LEVEL']

export interface NotetakerOptions {
  /** Where everything is kept: `memory` (nothing kept), `sqlite` (under `dataDir`) or `postgres` (`databaseUrl`). */
  readonly store: 'memory' | 'sqlite' | 'postgres'
  /** DATA_DIR: the SQLite database, stored files and the generated secret key (`./data` by default). */
  readonly dataDir?: string
  /** DATABASE_URL, with `store: 'postgres'`. */
  readonly databaseUrl?: string
  /** REDIS_URL, for the settings that put rate limits or idempotency keys in Redis. */
  readonly redisUrl?: string
  /** Run background jobs (processing, webhooks, calendar syncs, bots, the engine) in this process; true by default. */
  readonly worker?: boolean
  /** A pino logger, or the level of one writing JSON lines to standard error; `warn` by default. */
  readonly logger?: Logger | LogLevel
  /** Any other setting, by its variable's name. The options above take precedence over the same settings here. */
  readonly settings?: NotetakerSettings
}

type SettingName = keyof typeof SETTINGS

/** The named options and the settings they stand for. */
const NAMED = { store: 'NOTETAKER_STORE', dataDir: 'DATA_DIR', databaseUrl: 'DATABASE_URL', redisUrl: 'REDIS_URL', logger: 'LOG_LEVEL' } as const

/** Where the embedded service's defaults differ from the server's: it logs only warnings and errors unless asked. */
const EMBEDDED_DEFAULTS: Partial<Record<SettingName, string>> = { LOG_LEVEL: 'warn' }

const isSetting = (name: string): name is SettingName => Object.hasOwn(SETTINGS, name)

/** The option a problem of `loadConfig` is about: the variable it says is needed, else the one it starts with. */
const pathOf = (problem: string): string => {
  const name = /\bneeds ([A-Z][A-Z0-9_]+)/.exec(problem)?.[1] ?? /^[A-Z][A-Z0-9_]*/.exec(problem)?.[0] ?? ''
  return Object.entries(NAMED).find(([, setting]) => setting === name)?.[0] ?? `settings.${name}`
}

/** The text of a setting, as its environment variable would hold it. */
const asText = (name: SettingName, value: unknown): string => {
  if (typeof value === 'string') return value
  const codec = SETTINGS[name].codec as t.Mixed
  const encoded: unknown = codec.is(value) ? codec.encode(value) : value
  return typeof encoded === 'string' ? encoded : JSON.stringify(encoded)
}

/** The Config the options describe, or a NotetakerError (VALIDATION_ERROR) listing every problem. */
export const configFromOptions = (given: NotetakerOptions): Config => {
  // A JavaScript caller may pass nothing at all: that is a missing store, said as such.
  const options: Partial<NotetakerOptions> = given ?? {}
  const problems: FieldIssue[] = []
  const env: Record<string, string> = { ...EMBEDDED_DEFAULTS }
  for (const [name, value] of Object.entries(options.settings ?? {})) {
    if (!isSetting(name)) problems.push({ path: `settings.${name}`, message: `${name} is not a setting (docs/configuration.md lists them)` })
    else if (value !== undefined) env[name] = asText(name, value)
  }
  if (options.store === undefined) problems.push({ path: 'store', message: 'store is required: memory, sqlite or postgres' })
  if (options.worker !== undefined && typeof options.worker !== 'boolean') problems.push({ path: 'worker', message: 'worker must be true or false' })
  for (const [option, name] of Object.entries(NAMED)) {
    const value: unknown = options[option as keyof typeof NAMED]
    if (typeof value === 'string') env[name] = value
    else if (value !== undefined && option !== 'logger') problems.push({ path: option, message: `${option} must be a string` })
  }
  const config = loadConfig(env)
  if (E.isLeft(config)) problems.push(...config.left.map((problem) => ({ path: pathOf(problem), message: problem })))
  if (problems.length > 0 || E.isLeft(config)) {
    throw new NotetakerError('VALIDATION_ERROR', `The options of createNotetaker are not valid: ${problems.map((p) => p.message).join('; ')}`, problems)
  }
  return config.right
}

/** The logger given, or one at the configured level writing JSON lines to standard error (standard output stays the program's). */
export const loggerFor = (options: NotetakerOptions, config: Config): Logger =>
  typeof options.logger === 'object' && options.logger !== null
    ? options.logger
    : pino({ level: config.LOG_LEVEL, base: { service: 'notetaker' } }, pino.destination({ dest: 2, sync: true }))
