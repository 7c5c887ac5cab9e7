import * as t from 'io-ts'

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i

export interface UuidBrand {
  readonly Uuid: unique symbol
}
/** A UUID as the spec's identifiers are; branded so raw strings cannot pass for ids. */
export const Uuid = t.brand(t.string, (s): s is t.Branded<string, UuidBrand> => UUID_RE.test(s), 'Uuid')
export type Uuid = t.TypeOf<typeof Uuid>

export const isUuid = (s: string): s is Uuid => UUID_RE.test(s)

/** ISO 8601 date-time string that parses to a real instant. */
export interface DateTimeBrand {
  readonly DateTime: unique symbol
}
const DATE_TIME_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/
export const DateTime = t.brand(
  t.string,
  (s): s is t.Branded<string, DateTimeBrand> => DATE_TIME_RE.test(s) && !Number.isNaN(Date.parse(s)),
  'DateTime',
)
export type DateTime = t.TypeOf<typeof DateTime>

/** Normalises any instant to the spec's form: UTC with milliseconds. */
export const toIso = (d: Date | number | string): string => new Date(d).toISOString()
