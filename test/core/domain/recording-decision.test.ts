import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  type DecisionInput,
  SKIP_REASONS,
  type SkipReason,
  SkipReason as SkipReasonCodec,
  decideRecording,
} from '../../../src/core/domain/meetings/recording-decision.js'

const NOW = '2024-03-20T10:00:00.000Z'

/** A calendar meeting that is recorded: valid link, in the future, auto-join all, allowance left. */
const base: DecisionInput = {
  meeting: {
    title: 'Daily standup',
    description: '',
    link: 'https://meet.google.com/abc-defg-hij',
    startsAt: '2024-03-20T11:00:00.000Z',
    durationMinutes: 30,
    recordOverride: null,
    isRecurring: true,
    organizer: { email: 'dana@partner.io' },
    attendees: [{ email: 'ana@acme.com' }, { email: 'dana@partner.io' }],
    responseStatus: 'accepted',
  },
  connection: { accountEmail: 'ana@acme.com', autoJoin: 'all', joinRules: [], barRules: [], recordDeclined: false },
  now: NOW,
  allowanceLeft: true,
}

type Change = (i: DecisionInput) => DecisionInput
const meeting = (patch: Partial<DecisionInput['meeting']>): Change => (i) => ({ ...i, meeting: { ...i.meeting, ...patch } })
const connection = (patch: Partial<NonNullable<DecisionInput['connection']>>): Change => (i) =>
  i.connection === null ? i : { ...i, connection: { ...i.connection, ...patch } }

/** Each negative condition alone causes its reason; listed in the documented order of precedence. */
const NEGATIVE: ReadonlyArray<[SkipReason, Change]> = [
  ['override_off', meeting({ recordOverride: false })],
  ['no_join_link', meeting({ link: null })],
  ['unsupported_platform', meeting({ link: 'https://example.com/meeting/1' })],
  ['ended', meeting({ startsAt: '2024-03-20T09:00:00.000Z', durationMinutes: 60 })],
  ['declined', meeting({ responseStatus: 'declined' })],
  ['barred_by_rule', connection({ barRules: [{ kind: 'title', value: 'standup' }] })],
  ['not_hosted', connection({ autoJoin: 'hosted' })],
  ['auto_join_manual', connection({ autoJoin: 'manual' })],
  ['allowance_spent', (i) => ({ ...i, allowanceLeft: false })],
]
// Conditions that set the same field cannot be combined.
const EXCLUSIVE = new Set(['no_join_link+unsupported_platform', 'not_hosted+auto_join_manual'])
const recordDeclinedOn = connection({ recordDeclined: true })

const reasonOf = (input: DecisionInput): SkipReason | 'records' => {
  const d = decideRecording(input)
  return d.willRecord ? 'records' : d.skipReason
}

test('the base meeting records', () => {
  assert.equal(decideRecording(base), { willRecord: true })
})

for (const [reason, change] of NEGATIVE) {
  test(`alone: ${reason}`, () => assert.is(reasonOf(change(base)), reason))
}

NEGATIVE.forEach(([first, changeFirst], i) => {
  NEGATIVE.slice(i + 1).forEach(([second, changeSecond]) => {
    if (EXCLUSIVE.has(`${first}+${second}`)) return
    test(`pair: ${first} outranks ${second}`, () => {
      assert.is(reasonOf(changeSecond(changeFirst(base))), first)
      assert.is(reasonOf(changeFirst(changeSecond(base))), first)
    })
  })
})

/** Positive conditions against every negative one: [positive, negative, expected]. */
const overrideOn = meeting({ recordOverride: true })
const manualMeeting: Change = (i) => ({ ...i, connection: null })
const joinRule = connection({ joinRules: [{ kind: 'attendee_domain', value: 'partner.io' }] })
const POSITIVE: ReadonlyArray<[string, Change, Partial<Record<SkipReason, SkipReason | 'records'>>]> = [
  ['recordOverride true', overrideOn, {
    no_join_link: 'no_join_link', unsupported_platform: 'unsupported_platform', ended: 'ended', declined: 'records',
    barred_by_rule: 'records', not_hosted: 'records', auto_join_manual: 'records', allowance_spent: 'allowance_spent',
  }],
  ['manual meeting', manualMeeting, {
    override_off: 'override_off', no_join_link: 'no_join_link', unsupported_platform: 'unsupported_platform', ended: 'ended',
    declined: 'records', barred_by_rule: 'records', not_hosted: 'records', auto_join_manual: 'records', allowance_spent: 'allowance_spent',
  }],
  ['join rule match', joinRule, {
    override_off: 'override_off', no_join_link: 'no_join_link', unsupported_platform: 'unsupported_platform', ended: 'ended',
    declined: 'declined', barred_by_rule: 'barred_by_rule', not_hosted: 'records', auto_join_manual: 'records', allowance_spent: 'allowance_spent',
  }],
  ['recordDeclined on', recordDeclinedOn, {
    override_off: 'override_off', no_join_link: 'no_join_link', unsupported_platform: 'unsupported_platform', ended: 'ended',
    declined: 'records', barred_by_rule: 'barred_by_rule', not_hosted: 'not_hosted', auto_join_manual: 'auto_join_manual', allowance_spent: 'allowance_spent',
  }],
]

for (const [name, positive, expectations] of POSITIVE) {
  for (const [negative, change] of NEGATIVE) {
    const expected = expectations[negative]
    if (expected === undefined) continue
    test(`${name} with ${negative} -> ${expected}`, () => {
      assert.is(reasonOf(change(positive(base))), expected)
      assert.is(reasonOf(positive(change(base))), expected)
    })
  }
}

test('hosted records when the organizer is the account, case-insensitively', () => {
  const hosted = connection({ autoJoin: 'hosted' })(meeting({ organizer: { email: ' ANA@acme.com' } })(base))
  assert.is(reasonOf(hosted), 'records')
  assert.is(reasonOf(connection({ autoJoin: 'hosted' })(meeting({ organizer: null })(base))), 'not_hosted')
})

test('a meeting in progress can still be joined; one ending exactly now cannot', () => {
  assert.is(reasonOf(meeting({ startsAt: '2024-03-20T09:45:00.000Z', durationMinutes: 30 })(base)), 'records')
  assert.is(reasonOf(meeting({ startsAt: '2024-03-20T09:30:00.000Z', durationMinutes: 30 })(base)), 'ended')
})

test('details are readable sentences naming what decided', () => {
  const barred = decideRecording(connection({ barRules: [{ kind: 'title', value: ' StandUp ' }] })(base))
  assert.equal(barred, { willRecord: false, skipReason: 'barred_by_rule', detail: "Bar rule title contains 'standup' matched." })
  const ended = decideRecording(meeting({ startsAt: '2024-03-20T09:00:00.000Z', durationMinutes: 30 })(base))
  assert.equal(ended, { willRecord: false, skipReason: 'ended', detail: 'The meeting ended at 2024-03-20T09:30:00.000Z.' })
  const notHosted = decideRecording(connection({ autoJoin: 'hosted' })(base))
  assert.ok(!notHosted.willRecord && notHosted.detail.includes('dana@partner.io'))
})

test('a declined meeting is skipped with its reason in words; tentative, accepted and unknown answers are left to the rules', () => {
  const declined = decideRecording(meeting({ responseStatus: 'declined' })(base))
  assert.equal(declined, {
    willRecord: false,
    skipReason: 'declined',
    detail: 'You declined this meeting; its calendar connection does not record declined meetings.',
  })
  for (const responseStatus of ['accepted', 'tentative', 'needsAction', null] as const) {
    assert.is(reasonOf(meeting({ responseStatus })(base)), 'records', `${responseStatus} records under autoJoin all`)
    const manual = connection({ autoJoin: 'manual' })(meeting({ responseStatus })(base))
    assert.is(reasonOf(manual), 'auto_join_manual', `${responseStatus} stays a rule choice`)
  }
  // A tentative meeting is recorded by a join rule that matches it, as before.
  const tentativeJoined = joinRule(connection({ autoJoin: 'manual' })(meeting({ responseStatus: 'tentative' })(base)))
  assert.is(reasonOf(tentativeJoined), 'records')
})

test('a declined meeting: recordOverride true records it; recordDeclined on leaves it to the rules', () => {
  assert.is(reasonOf(overrideOn(meeting({ responseStatus: 'declined' })(base))), 'records')
  assert.is(reasonOf(recordDeclinedOn(meeting({ responseStatus: 'declined' })(base))), 'records')
  assert.is(reasonOf(recordDeclinedOn(connection({ autoJoin: 'manual' })(meeting({ responseStatus: 'declined' })(base)))), 'auto_join_manual')
})

test('a blank link counts as no link', () => {
  assert.is(reasonOf(meeting({ link: '   ' })(base)), 'no_join_link')
})

test('every skip reason has a one-line description and is in the codec', () => {
  for (const [reason, text] of Object.entries(SKIP_REASONS)) {
    assert.ok(text.length > 10 && !text.includes('\n'), reason)
    assert.ok(SkipReasonCodec.is(reason))
  }
  assert.equal(Object.keys(SKIP_REASONS).sort(), NEGATIVE.map(([r]) => r).sort())
})

test.run()
