/** io-ts codecs that read one environment variable each, with the reason in words when they cannot. */
import * as t from 'io-ts'
import type { Plan } from '../../core/domain/identity/account.js'
import { readSmtpAddress } from '../../../adapters/outbound/mail-smtp/smtp-address.js'

export const intFromEnv = (name: string, min: number, max: number) =>
  new t.Type<number, string, unknown>(
    name,
    (u): u is number => typeof u === 'number',
    (u, c) =>
      typeof u === 'string' && /^\d+$/.test(u) && Number(u) >= min && Number(u) <= max
        ? t.success(Number(u))
        : t.failure(u, c, `must be a whole number from ${min} to ${max}`),
    String,
  )

export const oneOf = <K extends string>(...values: K[]) =>
  new t.Type<K, string, unknown>(
    values.join('|'),
    (u): u is K => values.includes(u as K),
    (u, c) => (values.includes(u as K) ? t.success(u as K) : t.failure(u, c, `must be one of: ${values.join(', ')}`)),
    String,
  )

export const PlanList = new t.Type<Plan[], string, unknown>(
  'plans',
  (u): u is Plan[] => Array.isArray(u),
  (u, c) => {
    try {
      const v: unknown = JSON.parse(String(u))
      const ok =
        Array.isArray(v) &&
        v.length > 0 &&
        v.every((p) => typeof p?.key === 'string' && typeof p.paid === 'boolean' && (p.monthlyRecordings === null || (Number.isInteger(p.monthlyRecordings) && p.monthlyRecordings >= 0)))
      return ok ? t.success(v as Plan[]) : t.failure(u, c, 'must be a JSON array of {"key","paid","monthlyRecordings"} (monthlyRecordings a whole number, or null for unlimited)')
    } catch {
      return t.failure(u, c, 'must be JSON')
    }
  },
  JSON.stringify,
)

/** `true` or `false`. */
export const flag = (name: string) =>
  new t.Type<boolean, string, unknown>(
    name,
    (u): u is boolean => typeof u === 'boolean',
    (u, c) => (u === 'true' ? t.success(true) : u === 'false' ? t.success(false) : t.failure(u, c, 'must be true or false')),
    String,
  )

/** Empty, or 32 bytes in base64 (the key that seals stored secrets). */
export const SecretKey = new t.Type<string, string, unknown>(
  'secret key',
  (u): u is string => typeof u === 'string',
  (u, c) =>
    u === '' || (typeof u === 'string' && /^[A-Za-z0-9+/]{43}=$/.test(u.trim()) && Buffer.from(u.trim(), 'base64').length === 32)
      ? t.success(String(u).trim())
      : t.failure('(hidden)', c, 'must be 32 bytes in base64, e.g. from: openssl rand -base64 32'),
  String,
)

/**
 * Empty, or the absolute http(s) address the service is reached at (scheme, host, optional port and
 * path prefix), without credentials, query, fragment or the API's own /ext/v1; read without a trailing slash.
 */
export const PublicUrl = new t.Type<string, string, unknown>(
  'public URL',
  (u): u is string => typeof u === 'string',
  (u, c) => {
    if (u === '') return t.success('')
    let url: URL
    try {
      url = new URL(String(u))
    } catch {
      return t.failure(u, c, 'must be an absolute http(s) address, e.g. https://notes.example.com')
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return t.failure(u, c, 'must start with https:// or http://')
    // Credentials are not repeated in the message.
    if (url.username !== '' || url.password !== '') return t.failure('(hidden)', c, 'must be a plain address, without a user name or password')
    if (url.search !== '' || url.hash !== '') return t.failure(u, c, 'must be a plain address, without a query (?) or fragment (#)')
    const path = url.pathname.replace(/\/+$/, '')
    if (/\/ext\/v1$/.test(path)) return t.failure(u, c, 'must be the address Notetaker is served at, without the API\'s /ext/v1 (e.g. https://notes.example.com)')
    return t.success(`${url.origin}${path}`)
  },
  String,
)

/** Empty, or the mail server's smtp:// or smtps:// address; a problem never repeats it (it may hold a password). */
export const SmtpUrl = new t.Type<string, string, unknown>(
  'SMTP address',
  (u): u is string => typeof u === 'string',
  (u, c) => {
    if (u === '') return t.success('')
    const read = readSmtpAddress(String(u))
    return read.ok ? t.success(String(u)) : t.failure('(hidden)', c, read.problem)
  },
  String,
)

/** Empty, or who mail comes from: `notes@example.com` or `Notetaker <notes@example.com>`. */
export const MailFrom = new t.Type<string, string, unknown>(
  'mail sender',
  (u): u is string => typeof u === 'string',
  (u, c) =>
    u === '' || (typeof u === 'string' && /^([^<>@\r\n]+<[^\s<>@]+@[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+)$/.test(u.trim()))
      ? t.success(String(u).trim())
      : t.failure(u, c, 'must be an email address, or a name and one: Notetaker <notes@example.com>'),
  String,
)

/**
 * Empty, or an absolute http(s) address without credentials, query or fragment (an OAuth provider's
 * endpoint, or the callback registered with it); read as given, trimmed, since a callback must match
 * its registration exactly.
 */
export const HttpAddress = new t.Type<string, string, unknown>(
  'http(s) address',
  (u): u is string => typeof u === 'string',
  (u, c) => {
    const text = String(u).trim()
    if (text === '') return t.success('')
    let url: URL
    try {
      url = new URL(text)
    } catch {
      return t.failure(u, c, 'must be an absolute https address, e.g. https://notes.example.com/ext/v1/calendar/oauth/google/callback')
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return t.failure(u, c, 'must start with https:// (or http:// for a local test server)')
    if (url.username !== '' || url.password !== '') return t.failure('(hidden)', c, 'must be a plain address, without a user name or password')
    if (url.search !== '' || url.hash !== '') return t.failure(u, c, 'must be a plain address, without a query (?) or fragment (#)')
    return t.success(text)
  },
  String,
)

/** A Microsoft Entra tenant: `common`, `organizations`, `consumers`, a directory id or a domain. */
export const Tenant = new t.Type<string, string, unknown>(
  'tenant',
  (u): u is string => typeof u === 'string',
  (u, c) =>
    typeof u === 'string' && /^[A-Za-z0-9][A-Za-z0-9.-]{0,253}$/.test(u.trim())
      ? t.success(u.trim())
      : t.failure(u, c, 'must be common, organizations, consumers, a directory (tenant) id or a domain such as contoso.onmicrosoft.com'),
  String,
)
