import * as E from 'fp-ts/Either'
import type * as t from 'io-ts'
import { SETTINGS } from './settings.js'

type Settings = typeof SETTINGS
export type Config = { readonly [K in keyof Settings]: t.TypeOf<Settings[K]['codec']> }

/** Variables the service reads, with their defaults; for `notetaker --help`. */
export const CONFIG_DEFAULTS: Readonly<Record<keyof Settings, string>> = Object.fromEntries(
  Object.entries(SETTINGS).map(([k, s]) => [k, s.fallback]),
) as Record<keyof Settings, string>

/** Reads the configuration once; every problem is listed in words. */
export const loadConfig = (env: Readonly<Record<string, string | undefined>>): E.Either<string[], Config> => {
  const out: Record<string, unknown> = {}
  const problems: string[] = []
  for (const [name, { codec, fallback }] of Object.entries(SETTINGS)) {
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
