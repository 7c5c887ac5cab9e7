import * as E from 'fp-ts/Either'
import * as t from 'io-ts'
import { DEFAULT_PLAN_KEY, DEFAULT_PLANS, type Plan } from './core/domain/account.js'

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

const fields = {
  PORT: [intFromEnv('PORT', 0, 65535), '8080'],
  HOST: [t.string, '127.0.0.1'],
  DATA_DIR: [t.string, './data'],
  NOTETAKER_STORE: [oneOf('sqlite', 'memory'), 'sqlite'],
  LOG_LEVEL: [oneOf('fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'), 'info'],
  NOTETAKER_RATE_LIMIT: [intFromEnv('NOTETAKER_RATE_LIMIT', 1, 1_000_000), '600'],
  NOTETAKER_RATE_WINDOW_SECONDS: [intFromEnv('NOTETAKER_RATE_WINDOW_SECONDS', 1, 86_400), '60'],
  NOTETAKER_IDEMPOTENCY_HOURS: [intFromEnv('NOTETAKER_IDEMPOTENCY_HOURS', 1, 720), '24'],
  NOTETAKER_PLANS: [PlanList, JSON.stringify(DEFAULT_PLANS)],
  NOTETAKER_DEFAULT_PLAN: [t.string, DEFAULT_PLAN_KEY],
  NOTETAKER_OWNER_EMAIL: [t.string, 'owner@notetaker.localhost'],
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
  return problems.length === 0 ? E.right(config) : E.left(problems)
}
