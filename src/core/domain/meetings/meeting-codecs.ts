import * as t from 'io-ts'
import { DateTime } from '../ids.js'
import { DURATION_BOUNDS, MAX_DESCRIPTION_LENGTH, MAX_TITLE_LENGTH } from './meeting.js'

/**
 * The fields a caller may set on a meeting, as codecs (the HTTP adapter
 * decodes bodies with them and documents them from them) and as checks the use
 * cases run again for callers that do not go through HTTP. The link is checked
 * by JoinLink (platform.ts).
 */
export const FIELD_RULES = {
  title: {
    ok: (s: string) => s.trim().length > 0 && s.trim().length <= MAX_TITLE_LENGTH,
    message: `must be 1 to ${MAX_TITLE_LENGTH} characters, not counting spaces at the ends`,
  },
  description: {
    ok: (s: string) => s.length <= MAX_DESCRIPTION_LENGTH,
    message: `must be at most ${MAX_DESCRIPTION_LENGTH} characters`,
  },
  startsAt: {
    ok: (s: string) => DateTime.is(s),
    message: 'must be an ISO 8601 date-time with a time zone, e.g. 2026-06-01T09:00:00Z',
  },
  durationMinutes: {
    ok: (n: number) => Number.isInteger(n) && n >= DURATION_BOUNDS.min && n <= DURATION_BOUNDS.max,
    message: `must be a whole number of minutes from ${DURATION_BOUNDS.min} to ${DURATION_BOUNDS.max}`,
  },
} as const

const refine = <A>(
  name: string,
  base: t.Type<A, A, unknown>,
  rule: { readonly ok: (a: A) => boolean; readonly message: string },
): t.RefinementType<t.Type<A, A, unknown>, A, A, unknown> =>
  new t.RefinementType(
    name,
    (u): u is A => base.is(u) && rule.ok(u),
    (u, c) => (base.is(u) && rule.ok(u) ? t.success(u) : t.failure(u, c, rule.message)),
    t.identity,
    base,
    rule.ok,
  )

export const MeetingTitle = refine('MeetingTitle', t.string, FIELD_RULES.title)
export const MeetingDescription = refine('MeetingDescription', t.string, FIELD_RULES.description)
/** DateTime itself (OpenAPI documents it as format date-time): an impossible day or time fails saying which. */
export const StartsAt = DateTime
export const DurationMinutes = refine('DurationMinutes', t.number, FIELD_RULES.durationMinutes)
export const RecordOverride = t.union([t.boolean, t.null], 'RecordOverride')
