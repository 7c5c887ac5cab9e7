import fc from 'fast-check'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { RULE_KINDS, type Rule, type RuleKind, ruleMatches } from '../../../src/core/domain/meetings/calendar-rules.js'
import { type DecisionInput, SKIP_REASONS, decideRecording } from '../../../src/core/domain/meetings/recording-decision.js'

const NOW_MS = Date.parse('2024-03-20T10:00:00.000Z')
const words = ['standup', 'retro', 'interview', '1:1', 'Planning', 'acme.com', 'partner.io', 'true', 'false']
const emails = fc.constantFrom('ana@acme.com', 'ANA@acme.com', 'bo@acme.com', 'dana@partner.io', 'eve@globex.com', 'room-1')

const rule: fc.Arbitrary<Rule> = fc
  .tuple(fc.constantFrom(...(Object.keys(RULE_KINDS) as RuleKind[])), fc.constantFrom(...words))
  .map(([kind, value]) => ({ kind, value }))

const input: fc.Arbitrary<DecisionInput> = fc.record({
  meeting: fc.record({
    title: fc.constantFrom('Daily standup', 'Retro', 'Interview: Sam', 'Planning 1:1', ''),
    description: fc.constantFrom('', 'notes at acme.com', 'interview loop'),
    link: fc.constantFrom(
      null,
      '',
      'https://meet.google.com/abc-defg-hij',
      'https://us02web.zoom.us/j/85512345678?pwd=x',
      'https://teams.live.com/meet/9876543210987',
      'https://example.com/call',
      'http://zoom.us/j/123456789',
    ),
    startsAt: fc.integer({ min: -600, max: 600 }).map((min) => new Date(NOW_MS + min * 60_000).toISOString()),
    durationMinutes: fc.integer({ min: 0, max: 240 }),
    recordOverride: fc.constantFrom(null, true, false),
    isRecurring: fc.boolean(),
    organizer: fc.option(emails.map((email) => ({ email })), { nil: null }),
    attendees: fc.array(emails.map((email) => ({ email })), { maxLength: 4 }),
    responseStatus: fc.constantFrom(null, 'accepted' as const, 'declined' as const, 'tentative' as const, 'needsAction' as const),
  }),
  connection: fc.option(
    fc.record({
      accountEmail: emails,
      autoJoin: fc.constantFrom('all' as const, 'hosted' as const, 'manual' as const),
      joinRules: fc.array(rule, { maxLength: 3 }),
      barRules: fc.array(rule, { maxLength: 3 }),
      recordDeclined: fc.boolean(),
    }),
    { nil: null },
  ),
  now: fc.constant(new Date(NOW_MS).toISOString()),
  allowanceLeft: fc.boolean(),
})

const factsAllow = (i: DecisionInput): boolean =>
  i.meeting.link !== null &&
  /^https:\/\/(meet\.google\.com|us02web\.zoom\.us|teams\.live\.com)\//.test(i.meeting.link) &&
  Date.parse(i.meeting.startsAt) + i.meeting.durationMinutes * 60_000 > NOW_MS

const RUNS = { numRuns: 3000 }

test('recordOverride false never records', () => {
  fc.assert(
    fc.property(input, (i) => {
      const d = decideRecording({ ...i, meeting: { ...i.meeting, recordOverride: false } })
      assert.equal(d.willRecord ? null : d.skipReason, 'override_off')
    }),
    RUNS,
  )
})

test('recordOverride true records exactly when link, platform, time and allowance allow', () => {
  fc.assert(
    fc.property(input, (i) => {
      const withOverride = { ...i, meeting: { ...i.meeting, recordOverride: true } }
      assert.is(decideRecording(withOverride).willRecord, factsAllow(i) && i.allowanceLeft)
    }),
    RUNS,
  )
})

test('a matching bar rule never records without override true', () => {
  fc.assert(
    fc.property(input, (i) => {
      const c = i.connection
      fc.pre(c !== null && i.meeting.recordOverride !== true && c.barRules.some((r) => ruleMatches(r, i.meeting, c)))
      assert.not.ok(decideRecording(i).willRecord)
    }),
    RUNS,
  )
})

test('a manual meeting without override records exactly when facts and allowance allow', () => {
  fc.assert(
    fc.property(input, (i) => {
      const manual = { ...i, connection: null, meeting: { ...i.meeting, recordOverride: null } }
      assert.is(decideRecording(manual).willRecord, factsAllow(i) && i.allowanceLeft)
    }),
    RUNS,
  )
})

test('the result is deterministic and does not depend on object identity', () => {
  fc.assert(
    fc.property(input, (i) => {
      assert.equal(decideRecording(i), decideRecording(structuredClone(i)))
    }),
    RUNS,
  )
})

test('a skip always carries a known reason and a sentence', () => {
  fc.assert(
    fc.property(input, (i) => {
      const d = decideRecording(i)
      if (!d.willRecord) {
        assert.ok(d.skipReason in SKIP_REASONS)
        assert.match(d.detail, /^[A-Z].*\.$/)
      }
    }),
    RUNS,
  )
})

test('allowance_spent is reported only for a meeting that would otherwise be recorded', () => {
  fc.assert(
    fc.property(input, (i) => {
      const d = decideRecording(i)
      if (!d.willRecord && d.skipReason === 'allowance_spent') {
        assert.ok(decideRecording({ ...i, allowanceLeft: true }).willRecord)
      }
      if (decideRecording({ ...i, allowanceLeft: true }).willRecord) {
        assert.is(decideRecording({ ...i, allowanceLeft: false }).willRecord, false)
      }
    }),
    RUNS,
  )
})

test.run()
