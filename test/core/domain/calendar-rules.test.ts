import * as E from 'fp-ts/lib/Either.js'
import { PathReporter } from 'io-ts/lib/PathReporter.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  RULE_KINDS,
  Rule,
  type RuleKind,
  type RuleMeeting,
  describeRule,
  normaliseRule,
  ruleMatches,
} from '../../../src/core/domain/meetings/calendar-rules.js'

const meeting: RuleMeeting = {
  title: 'Weekly STANDUP – Platform',
  description: 'Agenda: Release Notes',
  isRecurring: true,
  organizer: { email: 'Ana@Acme.com' },
  attendees: [{ email: 'ana@acme.com' }, { email: 'Bo.Chen@Partner.IO' }, { email: 'room-3' }],
}
const internal: RuleMeeting = { ...meeting, isRecurring: false, organizer: null, attendees: [{ email: 'carl@acme.com' }, { email: 'room-3' }] }
const connection = { accountEmail: 'ana@ACME.com' }

const cases: ReadonlyArray<[RuleKind, string, RuleMeeting, boolean]> = [
  ['title', 'standup', meeting, true],
  ['title', '  StandUp ', meeting, true],
  ['title', 'retro', meeting, false],
  ['description', 'release notes', meeting, true],
  ['description', 'budget', meeting, false],
  ['attendee_email', 'bo.chen@partner.io', meeting, true],
  ['attendee_email', 'bo@partner.io', meeting, false],
  ['attendee_domain', 'partner.io', meeting, true],
  ['attendee_domain', '@Partner.io', meeting, true],
  ['attendee_domain', 'artner.io', meeting, false],
  ['attendee_domain', 'globex.com', meeting, false],
  ['organizer_email', 'ana@acme.com', meeting, true],
  ['organizer_email', 'ana@acme.com', internal, false],
  ['organizer_domain', 'acme.com', meeting, true],
  ['organizer_domain', 'partner.io', meeting, false],
  ['organizer_domain', 'acme.com', internal, false],
  ['has_external_attendees', 'true', meeting, true],
  ['has_external_attendees', 'false', meeting, false],
  ['has_external_attendees', 'TRUE', internal, false],
  ['has_external_attendees', 'false', internal, true],
  ['recurring', 'true', meeting, true],
  ['recurring', 'false', meeting, false],
  ['recurring', 'false', internal, true],
]

for (const [kind, value, m, expected] of cases) {
  test(`${kind} '${value}' ${expected ? 'matches' : 'does not match'}${m === internal ? ' (internal meeting)' : ''}`, () => {
    assert.is(ruleMatches({ kind, value }, m, connection), expected)
    assert.is(ruleMatches(normaliseRule({ kind, value }), m, connection), expected)
  })
}

test('every kind has a one-sentence description and is covered above', () => {
  for (const [kind, text] of Object.entries(RULE_KINDS)) {
    assert.ok(text.endsWith('.') && text.length > 10, kind)
    assert.ok(cases.some(([k]) => k === kind), `no case for ${kind}`)
  }
})

test('Rule decodes a valid rule without changing it', () => {
  assert.equal(Rule.decode({ kind: 'title', value: ' Standup ' }), E.right({ kind: 'title', value: ' Standup ' }))
  assert.equal(Rule.decode({ kind: 'recurring', value: ' True ' }), E.right({ kind: 'recurring', value: ' True ' }))
})

const failure = (u: unknown): { paths: string[]; messages: string[] } => {
  const result = Rule.decode(u)
  if (E.isRight(result)) return assert.unreachable('decoded') as never
  return {
    paths: result.left.map((e) => e.context.map((c) => c.key).filter((k) => k !== '').join('.')),
    messages: result.left.map((e) => e.message ?? ''),
  }
}

test('an unknown kind fails on kind with the list of kinds', () => {
  const f = failure({ kind: 'colour', value: 'red' })
  assert.equal(f.paths, ['kind'])
  assert.match(f.messages[0] ?? '', /^must be one of: title, description, attendee_email/)
})

test('empty, blank and over-long values fail on value', () => {
  for (const value of ['', '   ', 'x'.repeat(201), ` ${'x'.repeat(201)} `]) {
    const f = failure({ kind: 'title', value })
    assert.equal(f.paths, ['value'])
    assert.match(f.messages[0] ?? '', /between 1 and 200 characters/)
  }
  assert.ok(E.isRight(Rule.decode({ kind: 'title', value: ` ${'x'.repeat(200)} ` })), '200 after trimming is fine')
})

test('boolean kinds accept only true or false', () => {
  for (const kind of ['recurring', 'has_external_attendees']) {
    const f = failure({ kind, value: 'yes' })
    assert.equal(f.paths, ['value'])
    assert.equal(f.messages, [`must be true or false for kind ${kind}`])
  }
})

test('a non-object or wrong types fail', () => {
  assert.ok(E.isLeft(Rule.decode('title')))
  assert.ok(E.isLeft(Rule.decode({ kind: 'title', value: 3 })))
  assert.ok(PathReporter.report(Rule.decode({ kind: 'title' })).length > 0)
})

test('Rule.is agrees with decode', () => {
  assert.ok(Rule.is({ kind: 'recurring', value: 'false' }))
  assert.not.ok(Rule.is({ kind: 'recurring', value: 'no' }))
  assert.not.ok(Rule.is({ kind: 'nope', value: 'x' }))
})

test('normaliseRule trims and lowercases', () => {
  assert.equal(normaliseRule({ kind: 'attendee_domain', value: '  Partner.IO ' }), { kind: 'attendee_domain', value: 'partner.io' })
})

test('describeRule reads as a phrase', () => {
  assert.is(describeRule({ kind: 'title', value: 'Standup' }), "title contains 'standup'")
  assert.is(describeRule({ kind: 'organizer_domain', value: 'acme.com' }), "organizer domain is 'acme.com'")
})

test.run()
