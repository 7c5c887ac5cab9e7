import * as E from 'fp-ts/lib/Either.js'
import * as O from 'fp-ts/lib/Option.js'
import { FIELD_RULES } from '../domain/meetings/meeting-codecs.js'
import { clampText } from '../domain/meetings/meeting.js'
import { JOIN_LINK_MESSAGE, recognisePlatform } from '../domain/meetings/platform.js'
import { type AppError, type FieldIssue, validation } from '../errors.js'

/** The fields a caller may set on a meeting, each optional. */
export interface MeetingFieldsInput {
  readonly title?: string
  readonly link?: string
  readonly description?: string
  readonly startsAt?: string
  readonly durationMinutes?: number
}

export interface MeetingFields {
  readonly title?: string
  readonly link?: string
  readonly description?: string
  readonly startsAt?: string
  readonly durationMinutes?: number
}

type Check = (value: never) => { ok: true; value: unknown } | { ok: false; message: string }
const rule =
  <A>(r: { ok: (a: A) => boolean; message: string }, normalise: (a: A) => unknown = (a) => a): Check =>
  (value: never) =>
    r.ok(value as A) ? { ok: true, value: normalise(value as A) } : { ok: false, message: r.message }

const CHECKS: Readonly<Record<keyof MeetingFieldsInput, Check>> = {
  title: rule(FIELD_RULES.title, clampText.title),
  description: rule(FIELD_RULES.description, clampText.description),
  startsAt: rule(FIELD_RULES.startsAt, (s: string) => new Date(s).toISOString()),
  durationMinutes: rule(FIELD_RULES.durationMinutes),
  link: (value: never) => {
    const recognised = recognisePlatform(String(value))
    return O.isSome(recognised) ? { ok: true, value: recognised.value.url } : { ok: false, message: JOIN_LINK_MESSAGE }
  },
}

/**
 * Checks and normalises the given fields (trimmed text, UTC start, the join
 * link in its normal form); every problem is reported, each on its field.
 */
export const vetMeetingFields = (input: MeetingFieldsInput): E.Either<AppError, MeetingFields> => {
  const out: Record<string, unknown> = {}
  const issues: FieldIssue[] = []
  for (const [name, check] of Object.entries(CHECKS) as Array<[keyof MeetingFieldsInput, Check]>) {
    const value = input[name]
    if (value === undefined) continue
    const r = check(value as never)
    if (r.ok) out[name] = r.value
    else issues.push({ path: name, message: r.message })
  }
  return issues.length > 0 ? E.left(validation(issues)) : E.right(out as MeetingFields)
}
