import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { DEFAULT_PLAN_KEY, DEFAULT_PLANS, type Plan } from './core/domain/account.js'
import { OUTCOMES } from '../adapters/bot-simulated/outcomes.js'

const intFromEnv = (name: string, min: number, max: number) =>
  new t.Type<number, string, unknown>(
    name,
    (u): u is number => typeof u === 'number',
    (u, c) =>
      typeof u === 'string' && /^\d+$/.test(u) && Number(u) >= min && Number(u) <= max
        ? t.success(Number(u))
        : t.failure(u, c, `must be a whole number from ${min} to ${max}`),
    String,
  )

const oneOf = <K extends string>(...values: K[]) =>
  new t.Type<K, string, unknown>(
    values.join('|'),
    (u): u is K => values.includes(u as K),
    (u, c) => (values.includes(u as K) ? t.success(u as K) : t.failure(u, c, `must be one of: ${values.join(', ')}`)),
    String,
  )

const PlanList = new t.Type<Plan[], string, unknown>(
  'plans',
  (u): u is Plan[] => Array.isArray(u),
  (u, c) => {
    try {
      const v: unknown = JSON.parse(String(u))
      const ok =
        Array.isArray(v) &&
        v.length > 0 &&
        v.every((p) => typeof p?.key === 'string' && typeof p.paid === 'boolean' && Number.isInteger(p.monthlyRecordings) && p.monthlyRecordings >= 0)
      return ok ? t.success(v as Plan[]) : t.failure(u, c, 'must be a JSON array of {"key","paid","monthlyRecordings"}')
    } catch {
      return t.failure(u, c, 'must be JSON')
    }
  },
  JSON.stringify,
)

/** `true` or `false`. */
const flag = (name: string) =>
  new t.Type<boolean, string, unknown>(
    name,
    (u): u is boolean => typeof u === 'boolean',
    (u, c) => (u === 'true' ? t.success(true) : u === 'false' ? t.success(false) : t.failure(u, c, 'must be true or false')),
    String,
  )

/** Empty, or 32 bytes in base64 (the key that seals stored secrets). */
const SecretKey = new t.Type<string, string, unknown>(
  'secret key',
  (u): u is string => typeof u === 'string',
  (u, c) =>
    u === '' || (typeof u === 'string' && /^[A-Za-z0-9+/]{43}=$/.test(u.trim()) && Buffer.from(u.trim(), 'base64').length === 32)
      ? t.success(String(u).trim())
      : t.failure('(hidden)', c, 'must be 32 bytes in base64, e.g. from: openssl rand -base64 32'),
  String,
)

const fields = {
  PORT: [intFromEnv('PORT', 0, 65535), '8080'],
  HOST: [t.string, '127.0.0.1'],
  DATA_DIR: [t.string, './data'],
  NOTETAKER_STORE: [oneOf('sqlite', 'memory', 'postgres'), 'sqlite'],
  DATABASE_URL: [t.string, ''],
  LOG_LEVEL: [oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'), 'info'],
  NOTETAKER_RATE_LIMIT: [intFromEnv('NOTETAKER_RATE_LIMIT', 1, 1_000_000), '600'],
  NOTETAKER_RATE_WINDOW_SECONDS: [intFromEnv('NOTETAKER_RATE_WINDOW_SECONDS', 1, 86_400), '60'],
  NOTETAKER_IDEMPOTENCY_HOURS: [intFromEnv('NOTETAKER_IDEMPOTENCY_HOURS', 1, 720), '24'],
  NOTETAKER_PLANS: [PlanList, JSON.stringify(DEFAULT_PLANS)],
  NOTETAKER_DEFAULT_PLAN: [t.string, DEFAULT_PLAN_KEY],
  NOTETAKER_OWNER_EMAIL: [t.string, 'owner@notetaker.localhost'],
  NOTETAKER_ALLOW_PRIVATE_URLS: [flag('NOTETAKER_ALLOW_PRIVATE_URLS'), 'false'],
  NOTETAKER_SECRET_KEY: [SecretKey, ''],
  NOTETAKER_WEBHOOK_TIMEOUT_SECONDS: [intFromEnv('NOTETAKER_WEBHOOK_TIMEOUT_SECONDS', 1, 60), '10'],
  NOTETAKER_AUTH_CACHE_SECONDS: [intFromEnv('NOTETAKER_AUTH_CACHE_SECONDS', 0, 300), '5'],
  NOTETAKER_JOB_LEASE_SECONDS: [intFromEnv('NOTETAKER_JOB_LEASE_SECONDS', 1, 3600), '60'],
  NOTETAKER_MAX_UPLOAD_MB: [intFromEnv('NOTETAKER_MAX_UPLOAD_MB', 1, 10_240), '500'],
  NOTETAKER_TRANSCRIBER: [oneOf('none', 'pocketsphinx', 'openai'), 'none'],
  NOTETAKER_TRANSCRIBER_URL: [t.string, ''],
  NOTETAKER_TRANSCRIBER_MODEL: [t.string, 'whisper-1'],
  NOTETAKER_TRANSCRIBER_KEY: [t.string, ''],
  NOTETAKER_ANALYZER: [oneOf('builtin', 'openai'), 'builtin'],
  NOTETAKER_ANALYZER_URL: [t.string, ''],
  NOTETAKER_ANALYZER_MODEL: [t.string, 'gpt-4o-mini'],
  NOTETAKER_ANALYZER_KEY: [t.string, ''],
  NOTETAKER_BOT: [oneOf('simulated', 'chromium'), 'simulated'],
  NOTETAKER_BOT_NAME: [t.string, 'Notetaker'],
  NOTETAKER_BOT_SLOTS: [intFromEnv('NOTETAKER_BOT_SLOTS', 1, 64), '2'],
  NOTETAKER_BOT_JOIN_LEAD_SECONDS: [intFromEnv('NOTETAKER_BOT_JOIN_LEAD_SECONDS', 0, 3600), '60'],
  NOTETAKER_BOT_LATE_JOIN_MINUTES: [intFromEnv('NOTETAKER_BOT_LATE_JOIN_MINUTES', 0, 240), '10'],
  NOTETAKER_BOT_ADMISSION_MINUTES: [intFromEnv('NOTETAKER_BOT_ADMISSION_MINUTES', 1, 120), '10'],
  NOTETAKER_BOT_MAX_HOURS: [intFromEnv('NOTETAKER_BOT_MAX_HOURS', 1, 24), '4'],
  NOTETAKER_ENGINE_TICK_SECONDS: [intFromEnv('NOTETAKER_ENGINE_TICK_SECONDS', 1, 3600), '30'],
  NOTETAKER_SIMULATED_OUTCOME: [oneOf(...OUTCOMES), 'meeting_ends'],
  NOTETAKER_SIMULATED_SPEED: [intFromEnv('NOTETAKER_SIMULATED_SPEED', 1, 1_000_000), '1'],
  NOTETAKER_SIMULATED_SCRIPT: [t.string, ''],
  NOTETAKER_CALENDAR_SYNC_MINUTES: [intFromEnv('NOTETAKER_CALENDAR_SYNC_MINUTES', 1, 1440), '15'],
  NOTETAKER_CALENDAR_DAYS_BACK: [intFromEnv('NOTETAKER_CALENDAR_DAYS_BACK', 0, 90), '7'],
  NOTETAKER_CALENDAR_DAYS_AHEAD: [intFromEnv('NOTETAKER_CALENDAR_DAYS_AHEAD', 1, 366), '60'],
  REDIS_URL: [t.string, ''],
  NOTETAKER_RATE_LIMITER: [oneOf('memory', 'redis'), 'memory'],
  NOTETAKER_IDEMPOTENCY: [oneOf('store', 'redis'), 'store'],
  NOTETAKER_BLOBS: [oneOf('fs', 's3'), 'fs'],
  NOTETAKER_S3_ENDPOINT: [t.string, ''],
  NOTETAKER_S3_REGION: [t.string, 'us-east-1'],
  NOTETAKER_S3_BUCKET: [t.string, ''],
  NOTETAKER_S3_ACCESS_KEY_ID: [t.string, ''],
  NOTETAKER_S3_SECRET_ACCESS_KEY: [t.string, ''],
  NOTETAKER_S3_FORCE_PATH_STYLE: [flag('NOTETAKER_S3_FORCE_PATH_STYLE'), 'false'],
} as const

type Fields = typeof fields
export type Config = { readonly [K in keyof Fields]: t.TypeOf<Fields[K][0]> }

/** Variables the service reads, with defaults; for the README and `notetaker --help`. */
export const CONFIG_DEFAULTS: Readonly<Record<keyof Fields, string>> = Object.fromEntries(
  Object.entries(fields).map(([k, [, d]]) => [k, d]),
) as Record<keyof Fields, string>

/** Reads the configuration once; every problem is listed in words. */
export const loadConfig = (env: Readonly<Record<string, string | undefined>>): E.Either<string[], Config> => {
  const out: Record<string, unknown> = {}
  const problems: string[] = []
  for (const [name, [codec, fallback]] of Object.entries(fields)) {
    const raw = env[name] === undefined || env[name] === '' ? fallback : env[name]
    const decoded = (codec as t.Mixed).decode(raw)
    if (E.isRight(decoded)) out[name] = decoded.right
    else problems.push(`${name}=${JSON.stringify(raw)} ${decoded.left[0]?.message ?? 'is not valid'}`)
  }
  const config = out as Config
  if (problems.length === 0 && !config.NOTETAKER_PLANS.some((p) => p.key === config.NOTETAKER_DEFAULT_PLAN)) {
    problems.push(`NOTETAKER_DEFAULT_PLAN=${config.NOTETAKER_DEFAULT_PLAN} is not one of the plans in NOTETAKER_PLANS`)
  }
  // The address may hold a password: it is never repeated in a message.
  if (problems.length === 0 && config.NOTETAKER_STORE === 'postgres' && !/^postgres(ql)?:\/\/\S+$/.test(config.DATABASE_URL)) {
    problems.push('NOTETAKER_STORE=postgres needs DATABASE_URL, the address of the database, e.g. postgres://notetaker:secret@db.internal:5432/notetaker')
  }
  for (const kind of ['TRANSCRIBER', 'ANALYZER'] as const) {
    if (problems.length === 0 && config[`NOTETAKER_${kind}`] === 'openai' && !/^https?:\/\/\S+$/.test(config[`NOTETAKER_${kind}_URL`])) {
      problems.push(`NOTETAKER_${kind}=openai needs NOTETAKER_${kind}_URL, the http(s) address of an OpenAI-compatible server`)
    }
  }
  if (problems.length === 0 && (config.NOTETAKER_RATE_LIMITER === 'redis' || config.NOTETAKER_IDEMPOTENCY === 'redis') && !/^rediss?:\/\/\S+$/.test(config.REDIS_URL)) {
    problems.push('NOTETAKER_RATE_LIMITER=redis or NOTETAKER_IDEMPOTENCY=redis needs REDIS_URL, e.g. redis://127.0.0.1:6379')
  }
  if (problems.length === 0 && config.NOTETAKER_BLOBS === 's3' && config.NOTETAKER_S3_BUCKET === '') {
    problems.push('NOTETAKER_BLOBS=s3 needs NOTETAKER_S3_BUCKET, the bucket that holds the files')
  }
  return problems.length === 0 ? E.right(config) : E.left(problems)
}
