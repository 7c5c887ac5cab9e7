import * as t from 'io-ts'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

export interface UuidBrand {
  readonly Uuid: unique symbol
}
/** A UUID as the spec's identifiers are; branded so raw strings cannot pass for ids. */
export const Uuid = t.brand(t.string, (s): s is t.Branded<string, UuidBrand> => UUID_RE.test(s), 'Uuid')
export type Uuid = t.TypeOf<typeof Uuid>

export const isUuid = (s: string): s is Uuid => UUID_RE.test(s)

/** A date, or a date-time with its zone, as ISO 8601 writes them: the fields calendarProblem checks. */
const ISO_FIELDS_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):?(\d{2})))?$/

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

const daysIn = (year: number, month: number): number =>
  month === 2 ? (year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31

/**
 * Why an ISO 8601 date or date-time names no real day or time of day, in
 * words; null when it does (or when it is not in that form at all, which its
 * caller checks). JavaScript's Date rolls `2026-02-30` over to March 2 and
 * `T24:00` to the next day; these are refused instead.
 */
export const calendarProblem = (s: string): string | null => {
  const m = ISO_FIELDS_RE.exec(s)
  if (m === null) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (month < 1 || month > 12) return `${m[1]}-${m[2]}: there is no month ${month}`
  if (day < 1 || day > daysIn(year, month)) return `${m[1]}-${m[2]}-${m[3]} is not a day: ${MONTHS[month - 1]} ${m[1]} has ${daysIn(year, month)} days`
  if (m[4] === undefined) return null
  const time = m[6] === undefined ? `${m[4]}:${m[5]}` : `${m[4]}:${m[5]}:${m[6]}`
  if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) return `${time} is not a time of day (hours 00 to 23, minutes and seconds 00 to 59)`
  if (m[7] !== undefined && (Number(m[7]) > 23 || Number(m[8]) > 59)) return `the offset ${m[7]}:${m[8]} is not a time-zone offset`
  return null
}

/** ISO 8601 date-time string with a zone, naming a real day and time. */
export interface DateTimeBrand {
  readonly DateTime: unique symbol
}
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/
const DATE_TIME_WORDS = 'must be an ISO 8601 date-time with a time zone, e.g. 2026-06-01T09:00:00Z'
const isDateTime = (s: string): s is t.Branded<string, DateTimeBrand> => DATE_TIME_RE.test(s) && calendarProblem(s) === null && !Number.isNaN(Date.parse(s))
export const DateTime: t.BrandC<t.StringC, DateTimeBrand> = new t.RefinementType(
  'DateTime',
  (u): u is t.Branded<string, DateTimeBrand> => typeof u === 'string' && isDateTime(u),
  (u, c) => {
    if (u === undefined) return t.failure(u, c)
    if (typeof u !== 'string' || !DATE_TIME_RE.test(u)) return t.failure(u, c, DATE_TIME_WORDS)
    const problem = calendarProblem(u)
    return problem === null && isDateTime(u) ? t.success(u) : t.failure(u, c, problem ?? DATE_TIME_WORDS)
  },
  t.identity,
  t.string,
  isDateTime,
)
export type DateTime = t.TypeOf<typeof DateTime>

/** Normalises any instant to the spec's form: UTC with milliseconds. */
export const toIso = (d: Date | number | string): string => new Date(d).toISOString()
