/**
 * Conditional requests on a GET, as RFC 9110 §13 says: validators (§8.8), the preconditions
 * in the order of §13.2.2, and If-Range (§13.1.5). Pure functions of the request's headers,
 * the answer's validators and the time now.
 */
import { createHash } from 'node:crypto'

export type Headers = Readonly<Record<string, string | string[] | undefined>>

export interface Validators {
  /** An entity-tag: strong `"…"` or weak `W/"…"`. */
  readonly etag: string
  /** When the representation last changed; sent at one-second precision. */
  readonly lastModified: Date
}

const digest = (parts: ReadonlyArray<string>): string => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(`${part.length}:${part}`)
  return hash.digest('base64url').slice(0, 32)
}

/** A strong ETag from what the representation's bytes depend on: the same parts give the same tag, and the same bytes. */
export const strongEtag = (...parts: ReadonlyArray<string>): string => `"${digest(parts)}"`

/** A weak ETag (`W/"…"`): the same parts give an equivalent representation, not necessarily byte for byte. */
export const weakEtag = (...parts: ReadonlyArray<string>): string => `W/"${digest(parts)}"`

/** The validators as response headers. */
export const validatorHeaders = (v: Validators): Record<string, string> => ({ etag: v.etag, 'last-modified': v.lastModified.toUTCString() })

const header = (headers: Headers, name: string): string | undefined => {
  const value = headers[name]
  return Array.isArray(value) ? value.join(', ') : value
}

interface EntityTag {
  readonly weak: boolean
  readonly opaque: string
}

// entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text (§8.8.3)
const ENTITY_TAG = /^\s*(W\/)?"([\x21\x23-\x7e\x80-\xff]*)"\s*(,|$)/

/** `*`, or the entity-tags of a list; a list that cannot be read matches nothing. */
const readTags = (value: string): '*' | ReadonlyArray<EntityTag> => {
  if (value.trim() === '*') return '*'
  const tags: EntityTag[] = []
  let rest = value
  while (rest.trim() !== '') {
    const m = ENTITY_TAG.exec(rest)
    if (m === null) return []
    tags.push({ weak: m[1] !== undefined, opaque: m[2]! })
    rest = rest.slice(m[0].length)
  }
  return tags
}

const current = (etag: string): EntityTag => (etag.startsWith('W/') ? { weak: true, opaque: etag.slice(3, -1) } : { weak: false, opaque: etag.slice(1, -1) })

const strongMatch = (a: EntityTag, b: EntityTag) => !a.weak && !b.weak && a.opaque === b.opaque
const weakMatch = (a: EntityTag, b: EntityTag) => a.opaque === b.opaque

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
const DAY = '(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)'
const LONG_DAY = '(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)'
const MONTH = `(${MONTHS.join('|')})`
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})'
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`)
const RFC850 = new RegExp(`^${LONG_DAY}, (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`)
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`)

const utc = (year: number, month: string, day: number, h: string, m: string, s: string): number | null => {
  const ms = Date.UTC(year, MONTHS.indexOf(month), day, Number(h), Number(m), Number(s))
  const d = new Date(ms)
  // 31 Feb is not a date; Date.UTC would roll it over.
  return d.getUTCDate() === day && d.getUTCHours() === Number(h) && d.getUTCMinutes() === Number(m) && d.getUTCSeconds() === Number(s) ? ms : null
}

/**
 * An HTTP-date in any of its three forms (§5.6.7): IMF-fixdate, and the obsolete RFC 850 and
 * asctime forms a recipient must still read; null for anything else. Milliseconds since 1970.
 */
export const parseHttpDate = (value: string | undefined): number | null => {
  if (value === undefined) return null
  const v = value.trim()
  let m = IMF_FIXDATE.exec(v)
  if (m !== null) return utc(Number(m[3]), m[2]!, Number(m[1]), m[4]!, m[5]!, m[6]!)
  m = RFC850.exec(v)
  if (m !== null) {
    // A two-digit year more than 50 years ahead is in the past century (§5.6.7).
    const yy = Number(m[3])
    const thisYear = new Date().getUTCFullYear()
    const year = 2000 + yy > thisYear + 50 ? 1900 + yy : 2000 + yy
    return utc(year, m[2]!, Number(m[1]), m[4]!, m[5]!, m[6]!)
  }
  m = ASCTIME.exec(v)
  if (m !== null) return utc(Number(m[6]), m[1]!, Number(m[2]!.trim()), m[3]!, m[4]!, m[5]!)
  return null
}

/** Last-Modified as sent: whole seconds. */
const seconds = (d: Date) => Math.floor(d.getTime() / 1000) * 1000

/** What the preconditions decide (§13.2.2): go on, answer 304, or answer 412 naming the header that failed. */
export type Precondition = { readonly outcome: 'proceed' } | { readonly outcome: 'not-modified' } | { readonly outcome: 'failed'; readonly header: 'If-Match' | 'If-Unmodified-Since' }

const PROCEED: Precondition = { outcome: 'proceed' }

/**
 * The preconditions of a GET in the order of §13.2.2:
 * 1. If-Match (strong comparison; `*` matches the existing file) false: 412;
 * 2. else If-Unmodified-Since (a valid date) earlier than Last-Modified: 412;
 * 3. If-None-Match (weak comparison; `*` matches) matching: 304;
 * 4. else If-Modified-Since (a valid date) not earlier than Last-Modified: 304.
 * An unreadable date is ignored, as the RFC says; an unreadable tag list matches nothing.
 */
export const evaluatePreconditions = (headers: Headers, v: Validators): Precondition => {
  const tag = current(v.etag)
  const lastModified = seconds(v.lastModified)
  const ifMatch = header(headers, 'if-match')
  if (ifMatch !== undefined) {
    const tags = readTags(ifMatch)
    if (tags !== '*' && !tags.some((t) => strongMatch(t, tag))) return { outcome: 'failed', header: 'If-Match' }
  } else {
    const since = parseHttpDate(header(headers, 'if-unmodified-since'))
    if (since !== null && lastModified > since) return { outcome: 'failed', header: 'If-Unmodified-Since' }
  }
  const ifNoneMatch = header(headers, 'if-none-match')
  if (ifNoneMatch !== undefined) {
    const tags = readTags(ifNoneMatch)
    return tags === '*' || tags.some((t) => weakMatch(t, tag)) ? { outcome: 'not-modified' } : PROCEED
  }
  const since = parseHttpDate(header(headers, 'if-modified-since'))
  return since !== null && lastModified <= since ? { outcome: 'not-modified' } : PROCEED
}

/**
 * Whether a Range may be served under If-Range (§13.1.5): yes without If-Range; with an
 * entity-tag, only when it is strong and the current one; with a date, only when it is
 * exactly Last-Modified and that is a strong validator, at least a second before `now` (the
 * Date sent, §8.8.2.2: a file changed twice within its last second could show one date). Anything
 * else, a weak tag or an unreadable value included, asks for the whole file.
 */
export const ifRangeHolds = (headers: Headers, v: Validators, now: Date): boolean => {
  const value = header(headers, 'if-range')?.trim()
  if (value === undefined) return true
  if (value.startsWith('"') || value.startsWith('W/')) {
    const tags = readTags(value)
    return tags !== '*' && tags.length === 1 && strongMatch(tags[0]!, current(v.etag))
  }
  const date = parseHttpDate(value)
  const lastModified = seconds(v.lastModified)
  return date !== null && date === lastModified && lastModified + 1000 <= seconds(now)
}

/** The 412 answer, a raw reply: the error envelope naming the header that failed and what the validator is now. */
export const preconditionFailed = (subject: 'audio' | 'export', failed: 'If-Match' | 'If-Unmodified-Since', v: Validators) => {
  const [message, detail] =
    failed === 'If-Match'
      ? [`The ${subject} is not the one If-Match names: it has changed since that ETag was given`, `the ${subject}'s ETag is now ${v.etag}`]
      : [`The ${subject} has changed since the date in If-Unmodified-Since`, `the ${subject} was last modified ${v.lastModified.toUTCString()}`]
  return {
    status: 412,
    stream: Buffer.from(JSON.stringify({ error: { code: 'VALIDATION_ERROR', message, details: [{ path: failed, message: detail }] } })),
    headers: { ...validatorHeaders(v), 'cache-control': 'private, max-age=0', 'content-type': 'application/json; charset=utf-8' },
  }
}
