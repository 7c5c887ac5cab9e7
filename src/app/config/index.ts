import * as E from 'fp-ts/lib/Either.js'
import type * as t from 'io-ts'
import { oauthProviderProblems } from './oauth-providers.js'
import { SETTINGS } from './settings.js'

type Settings = typeof SETTINGS
export type Config = { readonly [K in keyof Settings]: t.TypeOf<Settings[K]['codec']> }

/** Variables the service reads, with their defaults; for `notetaker --help`. */
export const CONFIG_DEFAULTS: Readonly<Record<keyof Settings, string>> = Object.fromEntries(
  Object.entries(SETTINGS).map(([k, s]) => [k, s.fallback]),
) as Record<keyof Settings, string>

/** postgres:// with a host, or a socket folder in `?host=` (postgres:///notetaker?host=/run/postgresql). */
const isPostgresUrl = (raw: string): boolean => {
  try {
    const url = new URL(raw)
    return /^postgres(ql)?:$/.test(url.protocol) && (url.hostname !== '' || url.searchParams.has('host'))
  } catch {
    return false
  }
}

/** Settings whose values may hold a secret (a key, a password in an address): a problem names them but never repeats the value. */
const SECRET_SETTINGS: ReadonlySet<string> = new Set(['NOTETAKER_SECRET_KEY', 'NOTETAKER_S3_SECRET_ACCESS_KEY', 'NOTETAKER_TRANSCRIBER_KEY', 'NOTETAKER_ANALYZER_KEY', 'DATABASE_URL', 'REDIS_URL', 'NOTETAKER_SMTP_URL', 'NOTETAKER_GOOGLE_CLIENT_SECRET', 'NOTETAKER_MICROSOFT_CLIENT_SECRET'])

/** Reads the configuration once; every problem is listed in words. */
export const loadConfig = (env: Readonly<Record<string, string | undefined>>): E.Either<string[], Config> => {
  const out: Record<string, unknown> = {}
  const problems: string[] = []
  for (const [name, { codec, fallback }] of Object.entries(SETTINGS)) {
    const raw = env[name] === undefined || env[name] === '' ? fallback : env[name]
    const decoded = (codec as t.Mixed).decode(raw)
    if (E.isRight(decoded)) out[name] = decoded.right
    else {
      // A codec hides a value it found a secret in (a password in an address) by failing with '(hidden)' as the value.
      const hidden = SECRET_SETTINGS.has(name) || decoded.left[0]?.value === '(hidden)'
      problems.push(`${name}=${hidden ? '(hidden)' : JSON.stringify(raw)} ${decoded.left[0]?.message ?? 'is not valid'}`)
    }
  }
  const config = out as Config
  if (problems.length === 0 && !config.NOTETAKER_PLANS.some((p) => p.key === config.NOTETAKER_DEFAULT_PLAN)) {
    problems.push(`NOTETAKER_DEFAULT_PLAN=${config.NOTETAKER_DEFAULT_PLAN} is not one of the plans in NOTETAKER_PLANS`)
  }
  // The address may hold a password: it is never repeated in a message.
  if (problems.length === 0 && config.NOTETAKER_STORE === 'postgres' && !isPostgresUrl(config.DATABASE_URL)) {
    problems.push(
      config.DATABASE_URL === ''
        ? 'NOTETAKER_STORE=postgres needs DATABASE_URL, the address of the database, e.g. postgres://notetaker:secret@db.internal:5432/notetaker'
        : 'DATABASE_URL is not the address of a Postgres database; it looks like postgres://user:password@host:5432/database',
    )
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
  if (problems.length === 0 && config.NOTETAKER_SMTP_URL !== '' && config.NOTETAKER_MAIL_FROM === '') {
    problems.push('NOTETAKER_SMTP_URL needs NOTETAKER_MAIL_FROM, the address mail comes from, e.g. Notetaker <notes@example.com>')
  }
  if (problems.length === 0) problems.push(...oauthProviderProblems(config))
  return problems.length === 0 ? E.right(config) : E.left(problems)
}
