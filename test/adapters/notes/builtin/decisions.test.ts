import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { decisionOf, findDecisions } from '../../../../adapters/notes/builtin/actions/decisions.js'
import { createBuiltinAnalyzer } from '../../../../adapters/notes/builtin/index.js'
import { toSentences } from '../../../../adapters/notes/builtin/text/sentences.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { sampleMeeting, sampleStartsAt } from './sample-meeting.js'

const one = (speaker: string, raw: string) => decisionOf({ speaker, raw, utterance: 0 }, [{ start_ms: 42_000, end_ms: 45_000, speaker, text: raw }])

test('cue phrases state a decision, with the speaker and the time of the utterance', () => {
  for (const raw of [
    'We decided to ship the beta on May 2nd.',
    "Okay, so we've agreed that the pricing stays the same.",
    "Let's go with the blue design for the landing page.",
    "We'll go with the cheaper hosting plan.",
    'The decision is to hire two more support agents.',
    'It is agreed: the launch moves to April.',
    'We all agreed to freeze the scope this sprint.',
  ]) {
    const d = one('Ana', raw)
    assert.ok(d !== null, raw)
    assert.is(d!.by, 'Ana', raw)
    assert.is(d!.speaker, 'Ana')
    assert.is(d!.atMs, 42_000)
  }
})

test('a named person who agrees is the one the decision is by', () => {
  assert.is(one('Ana', 'Ben agreed to cover the weekend shifts until June.')?.by, 'Ben')
  assert.is(one('Ana', 'So Ben and Chloe decided to merge the two reports.')?.by, 'Ben and Chloe')
})

test('questions, denials, suppositions and bare agreement are not decisions', () => {
  for (const raw of [
    'Did we decide on the venue?',
    'Have we agreed on a budget yet',
    "We haven't decided on the venue yet.",
    'We did not agree on the price.',
    'If we decide to move the launch, marketing needs a week.',
    "We'll decide that next time.",
    'Agreed.',
    "That's agreed.",
    'The weather was nice and we went to the park.',
  ]) {
    assert.is(one('Ana', raw), null, raw)
  }
})

test('spoken forms: "Decision: ...", "let\'s agree", a vote carried, a call for consent, "let\'s do it" after a proposal', () => {
  for (const raw of [
    'Okay, then. Decision: we will hire Priya as the data engineer.',
    "Then let's agree: the Q4 budget is forty thousand.",
    "That's carried, then. The budget is approved as presented.",
    'Okay so we go with the cheaper movers on the Saturday.',
  ])
    assert.ok(one('Ana', raw) !== null, raw)
  const said = (...turns: Array<[string, string]>): Utterance[] =>
    turns.map(([speaker, text], i) => ({ start_ms: i * 1000, end_ms: i * 1000 + 900, speaker, text }))
  const consent = said(['Ana', 'Thirty tickets with twenty pay-what-you-can seats. Everyone happy?'])
  assert.equal(findDecisions(toSentences(consent), consent).map((d) => d.text), ['Thirty tickets with twenty pay-what-you-can seats.'])
  const agreed = said(['Ana', 'We could run a two-week test capped at fifteen hundred.'], ['Ben', "Yes, let's do it."])
  assert.equal(findDecisions(toSentences(agreed), agreed).map((d) => [d.text, d.atMs]), [['We could run a two-week test capped at fifteen hundred.', 1000]])
  // an offer taken is an action item, not a decision
  const offer = said(['Ana', 'I can pair with Yusuf on the change feed.'], ['Ben', "Great, let's do that."])
  assert.equal(findDecisions(toSentences(offer), offer), [])
})

test('the text is the cleaned sentence; the same decision said twice is kept once', () => {
  const utterances: Utterance[] = [
    { start_ms: 0, end_ms: 3000, speaker: 'Ana', text: 'Um, so, we decided to, uh, ship on Friday.' },
    { start_ms: 3000, end_ms: 6000, speaker: 'Ben', text: 'Yes. We decided to ship on Friday.' },
  ]
  const found = findDecisions(toSentences(utterances), utterances)
  assert.equal(found, [{ text: 'We decided to ship on Friday.', by: 'Ana', atMs: 0, speaker: 'Ana' }])
})

test('the analyzer finds the decisions of a sample meeting, and none in one without', async () => {
  const analyzer = createBuiltinAnalyzer()
  const meeting: Utterance[] = [
    ...sampleMeeting,
    { start_ms: 900_000, end_ms: 905_000, speaker: 'Ana', text: "Okay, let's go with the new email service for password resets." },
    { start_ms: 905_000, end_ms: 910_000, speaker: 'Ben', text: 'Right, and we agreed to delay the campaign emails until the provider approves us.' },
    { start_ms: 910_000, end_ms: 912_000, speaker: 'Dev', text: 'Did we decide who takes the weekend shifts?' },
  ]
  const out = await analyzer.analyze({ title: 'Planning', startsAt: sampleStartsAt, utterances: meeting, attendees: [] })()
  if (out._tag === 'Left') throw new Error(out.left.message)
  assert.equal(
    out.right.decisions.map((d) => [d.by, d.atMs, d.speaker]),
    [
      ['Ana', 900_000, 'Ana'],
      ['Ben', 905_000, 'Ben'],
    ],
  )
  assert.match(out.right.decisions[0]!.text, /let's go with the new email service/i)
  const plain = await analyzer.analyze({ title: 'Planning', startsAt: sampleStartsAt, utterances: sampleMeeting, attendees: [] })()
  if (plain._tag === 'Left') throw new Error(plain.left.message)
  assert.equal(plain.right.decisions, [])
})

const said = (...turns: Array<[string, string]>): Utterance[] =>
  turns.map(([speaker, text], i) => ({ start_ms: i * 1000, end_ms: i * 1000 + 900, speaker, text }))
const decided = (...turns: Array<[string, string]>) => {
  const u = said(...turns)
  return findDecisions(toSentences(u), u).map((d) => [d.text, d.by, d.atMs])
}

test('decisions said as people say them: lower case, no colon, "let\'s" with a settling verb, a refusal, a deferral', () => {
  for (const raw of [
    'Right, so agreed, we move the offsite to the ninth.',
    'Fine, decided: we renew the support contract for a year.',
    'ok decision we switch the newsletter to fortnightly',
    'Okay, so decision on parking: staff park behind the gym from Monday.',
    'So the answer is no, we will not sponsor the hackathon.',
    "We're not renewing the office lease.",
    "Okay, let's go hybrid.",
    "Let's leave the legacy importer out of the release.",
    "Let's keep the current pricing page.",
    'okay let\'s move the pilot to q4 then',
    "Let's, um, let's not email customers about it, a banner is enough.",
    "So, for the record, we're keeping the old invoice template until finance signs off.",
  ])
    assert.ok(one('Ana', raw) !== null, raw)
  assert.equal(decided(['Ana', 'Then it waits. We can mention it in the release notes.']), [['Then it waits. We can mention it in the release notes.', 'Ana', 0]])
  assert.equal(decided(['Ana', 'Okay. So the redesign waits until after the audit.']).length, 1)
})

test('idioms, logistics, put-offs and habits that look like decision forms are not decisions', () => {
  for (const raw of [
    "Let's keep going.",
    "Let's move on to the next item.",
    "Let's not worry about the font.",
    "Let's not decide that today.",
    "Let's keep the design for now and look again next month.",
    "We keep getting timeouts on the build.",
    "We'll keep an eye on it.",
    'The decision we still need to make: the caterer.',
    "That's just how it is.",
    'The customer waits until we reply, which is the problem.',
  ])
    assert.is(one('Ana', raw), null, raw)
})

test('a choice in a few words after a proposal decides the proposal, at the choice', () => {
  assert.equal(decided(['Ana', "Let's book the harbour venue for the summer party."], ['Ben', 'Okay. Harbour it is.']), [
    ["Let's book the harbour venue for the summer party.", 'Ben', 1000],
  ])
  assert.equal(decided(['Ana', 'We could print the green cover or the grey one, both work.'], ['Ben', 'Fine, the green one then.']), [
    ['We could print the green cover or the grey one, both work.', 'Ben', 1000],
  ])
  // a deadline agreed is not a choice between options, and "it is" alone chooses nothing
  assert.equal(decided(['Ben', 'Monday, if the lab is free.'], ['Ana', 'Okay, Monday then.']), [])
  assert.equal(decided(['Ben', 'What is that noise?'], ['Ana', "I don't know what it is."]), [])
})

test('assent settles a proposal: "Agreed." from another, "that\'s settled" after one\'s own statement, "works for me" to a proposal asked', () => {
  assert.equal(decided(['Ana', 'I propose we cap the free trial at thirty days.'], ['Ben', 'Agreed.']), [['I propose we cap the free trial at thirty days.', 'Ana', 0]])
  assert.equal(decided(['Ana', "We'll hold the retro on Thursdays from now on. That's settled then."]), [["We'll hold the retro on Thursdays from now on.", 'Ana', 0]])
  assert.equal(decided(['Ana', "So let's move the design review to Friday morning?"], ['Ben', 'Works for me.']), [["Let's move the design review to Friday morning?", 'Ana', 0]])
  assert.equal(decided(['Ana', 'Are we all agreed? Then the grant application goes in as drafted.']), [['Then the grant application goes in as drafted.', 'Ana', 0]])
  assert.equal(decided(['Ana', "That's carried. The new fee schedule applies from January."]), [['The new fee schedule applies from January.', 'Ana', 0]])
  // agreeing with an opinion, a break, or a bare "shall we" decides nothing
  assert.equal(decided(['Ana', 'The latency numbers look worse this week.'], ['Ben', 'Agreed.']), [])
  assert.equal(decided(['Ana', 'The latency numbers look worse this week.'], ['Ben', "Agreed. I'll look at the logs tonight."]), [])
  assert.equal(decided(['Ana', 'Shall we take a short break?'], ['Ben', 'Sounds good.']), [])
  assert.equal(decided(['Ana', 'Shall we?'], ['Ben', 'Yes.']), [])
})

test('an answer that picks one of the options asked is a decision; an answer of fact is not', () => {
  assert.equal(decided(['Ana', 'Should we refund them now, or wait for the audit?'], ['Ben', 'We wait for the audit. Refunds stay on hold until then.']), [
    ['We wait for the audit.', 'Ben', 1000],
  ])
  assert.equal(decided(['Ana', 'Do we have logs or only metrics?'], ['Ben', 'We have logs from Tuesday.']), [])
})

test('one utterance that states a decision twice gives it once, in its fuller wording', () => {
  assert.equal(decided(['Ana', "Let's keep the ninth then. Decision: the clinic reopens on the ninth."]), [['Decision: the clinic reopens on the ninth.', 'Ana', 0]])
})

test.run()
