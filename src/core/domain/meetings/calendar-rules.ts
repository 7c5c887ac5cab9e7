import * as t from 'io-ts'

/**
 * Join and bar rules of a calendar connection. Kinds are data so the API docs
 * and the OpenAPI enum come from the same record the matcher switches on.
 */
export const RULE_KINDS = {
  title: 'The meeting title contains the value.',
  description: 'The meeting description contains the value.',
  attendee_email: 'One of the attendees has exactly this email address.',
  attendee_domain: "One of the attendees' email addresses is at this domain (e.g. acme.com).",
  organizer_email: 'The organizer has exactly this email address.',
  organizer_domain: "The organizer's email address is at this domain.",
  has_external_attendees:
    "true: at least one attendee's email domain differs from the connected account's; false: none does.",
  recurring: 'true: the meeting is part of a recurring series; false: it is a one-off.',
} as const

export type RuleKind = keyof typeof RULE_KINDS

/** Kinds whose value is `true` or `false` rather than free text. */
export const BOOLEAN_RULE_KINDS: ReadonlySet<RuleKind> = new Set<RuleKind>(['has_external_attendees', 'recurring'])

export const MAX_RULE_VALUE_LENGTH = 200

const KIND_LIST = Object.keys(RULE_KINDS).join(', ')
const plainKind = t.keyof(RULE_KINDS)

/** A t.keyof (so OpenAPI sees the enum) whose failure names the accepted kinds. */
export const RuleKind = new t.KeyofType<typeof RULE_KINDS>(
  'RuleKind',
  plainKind.is,
  (u, c) => (plainKind.is(u) ? t.success(u) : t.failure(u, c, `must be one of: ${KIND_LIST}`)),
  t.identity,
  RULE_KINDS,
)

const isRuleValueText = (s: string): boolean => {
  const trimmed = s.trim()
  return trimmed.length > 0 && trimmed.length <= MAX_RULE_VALUE_LENGTH
}

/** Rule value: non-empty after trimming, at most 200 characters. */
export const RuleValue = new t.RefinementType<t.StringC, string, string, unknown>(
  'RuleValue',
  (u): u is string => typeof u === 'string' && isRuleValueText(u),
  (u, c) =>
    typeof u !== 'string'
      ? t.failure(u, c, 'must be a string')
      : isRuleValueText(u)
        ? t.success(u)
        : t.failure(u, c, `must be between 1 and ${MAX_RULE_VALUE_LENGTH} characters, not counting spaces at the ends`),
  t.identity,
  t.string,
  isRuleValueText,
)

const RuleShape = t.type({ kind: RuleKind, value: RuleValue })

const isBooleanText = (s: string): boolean => /^(true|false)$/i.test(s.trim())
const valueFitsKind = (r: t.TypeOf<typeof RuleShape>): boolean =>
  !BOOLEAN_RULE_KINDS.has(r.kind) || isBooleanText(r.value)

/**
 * `{ kind, value }`; boolean kinds take only `true` or `false`. Decoding does not
 * change the value: call normaliseRule before storing, as the spec requires.
 */
export const Rule = new t.RefinementType<typeof RuleShape, t.TypeOf<typeof RuleShape>, t.OutputOf<typeof RuleShape>, unknown>(
  'Rule',
  (u): u is t.TypeOf<typeof RuleShape> => RuleShape.is(u) && valueFitsKind(u),
  (u, c) => {
    const shaped = RuleShape.validate(u, c)
    if (shaped._tag === 'Left' || valueFitsKind(shaped.right)) return shaped
    const value = shaped.right.value
    return t.failure(value, t.appendContext(c, 'value', RuleValue, value), `must be true or false for kind ${shaped.right.kind}`)
  },
  RuleShape.encode,
  RuleShape,
  valueFitsKind,
)
export type Rule = t.TypeOf<typeof Rule>

/** Lowercases and trims the value, so stored rules compare the way meetings are compared. */
export const normaliseRule = (rule: Rule): Rule => ({ kind: rule.kind, value: rule.value.trim().toLowerCase() })

/** What a rule looks at in a meeting. */
export interface RuleMeeting {
  readonly title: string
  readonly description: string
  readonly isRecurring: boolean
  readonly organizer: { readonly email: string } | null
  readonly attendees: ReadonlyArray<{ readonly email: string }>
}

/** What a rule looks at in the calendar connection. */
export interface RuleConnection {
  readonly accountEmail: string
}

const norm = (s: string): string => s.trim().toLowerCase()
/** The part after the last @, lowercased; '' when there is none. */
export const emailDomain = (email: string): string => {
  const at = email.lastIndexOf('@')
  return at < 0 ? '' : norm(email.slice(at + 1))
}
// Users type "@acme.com" as often as "acme.com".
const domainValue = (value: string): string => value.replace(/^@/, '')

const hasExternalAttendees = (meeting: RuleMeeting, connection: RuleConnection): boolean => {
  const own = emailDomain(connection.accountEmail)
  // Entries without a domain (rooms, resources, malformed) say nothing about outsiders.
  return meeting.attendees.some((a) => {
    const domain = emailDomain(a.email)
    return domain !== '' && domain !== own
  })
}

/** Whether the rule matches the meeting; all comparisons are on trimmed, lowercased text. */
export const ruleMatches = (rule: Rule, meeting: RuleMeeting, connection: RuleConnection): boolean => {
  const value = norm(rule.value)
  switch (rule.kind) {
    case 'title':
      return norm(meeting.title).includes(value)
    case 'description':
      return norm(meeting.description).includes(value)
    case 'attendee_email':
      return meeting.attendees.some((a) => norm(a.email) === value)
    case 'attendee_domain':
      return meeting.attendees.some((a) => emailDomain(a.email) === domainValue(value))
    case 'organizer_email':
      return meeting.organizer !== null && norm(meeting.organizer.email) === value
    case 'organizer_domain':
      return meeting.organizer !== null && emailDomain(meeting.organizer.email) === domainValue(value)
    case 'has_external_attendees':
      return hasExternalAttendees(meeting, connection) === (value === 'true')
    case 'recurring':
      return meeting.isRecurring === (value === 'true')
  }
}

const RULE_PHRASES: Readonly<Record<RuleKind, string>> = {
  title: 'title contains',
  description: 'description contains',
  attendee_email: 'attendee email is',
  attendee_domain: 'attendee domain is',
  organizer_email: 'organizer email is',
  organizer_domain: 'organizer domain is',
  has_external_attendees: 'has external attendees is',
  recurring: 'recurring is',
}

/** A readable phrase for messages, e.g. "title contains 'standup'". */
export const describeRule = (rule: Rule): string => `${RULE_PHRASES[rule.kind]} '${norm(rule.value)}'`
