/**
 * Path and query parameters. A raw value that cannot be read as its type is a
 * 400 (BAD_REQUEST); one that reads but breaks a bound or an enum is a 422
 * (VALIDATION_ERROR). Values are never clamped.
 */
import { calendarProblem, isUuid } from '../../../../src/core/domain/ids.js'
import type { JsonSchema } from '../openapi/codec-schema.js'

export type ParamResult<A> =
  | { readonly ok: true; readonly value: A }
  | { readonly ok: false; readonly unreadable: boolean; readonly message: string }

export interface Param<A> {
  readonly schema: JsonSchema
  readonly required: boolean
  readonly description: string
  read(raw: string | undefined): ParamResult<A>
}

export type ParamValues<S> = { readonly [K in keyof S]: S[K] extends Param<infer A> ? A : never }

const ok = <A>(value: A): ParamResult<A> => ({ ok: true, value })
const unreadable = (message: string): ParamResult<never> => ({ ok: false, unreadable: true, message })
const invalid = (message: string): ParamResult<never> => ({ ok: false, unreadable: false, message })
const missing = invalid('is required')

export const integer = (o: { min: number; max?: number; default: number; description: string }): Param<number> => ({
  schema: { type: 'integer', minimum: o.min, ...(o.max === undefined ? {} : { maximum: o.max }), default: o.default },
  required: false,
  description: o.description,
  read: (raw) => {
    if (raw === undefined) return ok(o.default)
    if (!/^-?\d{1,15}$/.test(raw)) return unreadable(`'${raw}' is not a whole number`)
    const n = Number(raw)
    if (n < o.min) return invalid(`must be at least ${o.min}`)
    if (o.max !== undefined && n > o.max) return invalid(`must be at most ${o.max}`)
    return ok(n)
  },
})

const readDateTime = (raw: string): ParamResult<string> => {
  if (!/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2}))?$/.test(raw)) return unreadable(`'${raw}' is not an ISO 8601 date-time`)
  // Before Date.parse, which rolls 2026-02-30 over to March 2.
  const problem = calendarProblem(raw)
  if (problem !== null) return invalid(problem)
  const t = Date.parse(raw)
  return Number.isNaN(t) ? unreadable(`'${raw}' is not an ISO 8601 date-time`) : ok(new Date(t).toISOString())
}

export const dateTime = (o: { required: true; description: string }): Param<string> => ({
  schema: { type: 'string', format: 'date-time' },
  required: true,
  description: o.description,
  read: (raw) => (raw === undefined ? missing : readDateTime(raw)),
})

export const optionalDateTime = (o: { description: string }): Param<string | null> => ({
  schema: { type: 'string', format: 'date-time' },
  required: false,
  description: o.description,
  read: (raw) => (raw === undefined ? ok(null) : readDateTime(raw)),
})

/** A comma-separated list of known words, e.g. `include=transcript`. */
export const wordList = <W extends string>(o: { words: ReadonlyArray<W>; description: string }): Param<ReadonlyArray<W>> => ({
  schema: { type: 'string', description: `Comma-separated; allowed: ${o.words.join(', ')}` },
  required: false,
  description: o.description,
  read: (raw) => {
    if (raw === undefined || raw === '') return ok([])
    const parts = raw.split(',').map((s) => s.trim())
    const unknown = parts.filter((p) => !(o.words as ReadonlyArray<string>).includes(p))
    if (unknown.length > 0) return invalid(`unknown value '${unknown.join(', ')}'; allowed: ${o.words.join(', ')}`)
    return ok([...new Set(parts)] as W[])
  },
})

export const uuidPath = (description: string): Param<string> => ({
  schema: { type: 'string', format: 'uuid' },
  required: true,
  description,
  read: (raw) => (raw !== undefined && isUuid(raw) ? ok(raw.toLowerCase()) : invalid('must be a UUID')),
})

/** An optional text, at most `maxLength` characters (longer is refused, never cut). */
export const optionalText = (o: { maxLength: number; description: string }): Param<string | undefined> => ({
  schema: { type: 'string', maxLength: o.maxLength },
  required: false,
  description: o.description,
  read: (raw) => (raw === undefined ? ok(undefined) : raw.length > o.maxLength ? invalid(`must be at most ${o.maxLength} characters`) : ok(raw)),
})

/** A path segment that names one of a few words, e.g. a provider. */
export const wordPath = <W extends string>(o: { words: ReadonlyArray<W>; description: string }): Param<W> => ({
  schema: { type: 'string', enum: [...o.words] },
  required: true,
  description: o.description,
  read: (raw) => (raw !== undefined && (o.words as ReadonlyArray<string>).includes(raw) ? ok(raw as W) : invalid(`must be one of: ${o.words.join(', ')}`)),
})

/** The largest page a collection route gives. */
export const MAX_PAGE_LIMIT = 100

export const pageQuery = {
  limit: integer({ min: 1, max: MAX_PAGE_LIMIT, default: 25, description: `Rows per page, 1 to ${MAX_PAGE_LIMIT}. Out of bounds is refused (422), never clamped.` }),
  offset: integer({ min: 0, default: 0, description: 'Rows to skip.' }),
}
