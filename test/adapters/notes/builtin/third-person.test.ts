import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { speakerNames } from '../../../../adapters/notes/builtin/text/speaker-names.js'
import { thirdPerson, type Voice } from '../../../../adapters/notes/builtin/summary/third-person.js'

const note = (sentence: string, voice: Voice): string => thirdPerson(sentence, voice).text

const cases: Array<[string, Voice, string]> = [
  // first person resolved to the speaker, the verb agreeing
  ['I will run the load test by Friday and send the results to the team.', { name: 'Bob' }, 'Bob will run the load test by Friday and send the results to the team.'],
  ["I'll send the final launch video to everyone by Friday.", { name: 'Chloe' }, 'Chloe will send the final launch video to everyone by Friday.'],
  ['I am not sure the budget covers it.', { name: 'Bob' }, 'Bob is not sure the budget covers it.'],
  ["I'm on call next week.", { name: 'Bob' }, 'Bob is on call next week.'],
  ["I've finished the report for March 28.", { name: 'Bob' }, 'Bob has finished the report for March 28.'],
  ['I have two concerns about the design.', { name: 'Bob' }, 'Bob has two concerns about the design.'],
  ['I want to look at the battery options.', { name: 'the project manager' }, 'The project manager wants to look at the battery options.'],
  ['I also need the numbers from finance.', { name: 'Ana' }, 'Ana also needs the numbers from finance.'],
  ['I go to the office on Tuesdays.', { name: 'Bob' }, 'Bob goes to the office on Tuesdays.'],
  ['I try to keep my notes short.', { name: 'Bob' }, 'Bob tries to keep their notes short.'],
  ['I do the reviews on Mondays.', { name: 'Bob' }, 'Bob does the reviews on Mondays.'],
  ["I don't have access to the staging server.", { name: 'Bob' }, "Bob doesn't have access to the staging server."],
  ['I fixed the crash on Monday.', { name: 'Bob' }, 'Bob fixed the crash on Monday.'],
  ["I'd like the blue one.", { name: 'Bob' }, 'Bob would like the blue one.'],
  ["I'd already sent it to my manager.", { name: 'Bob' }, 'Bob had already sent it to their manager.'],
  ['My laptop broke on Tuesday.', { name: 'Bob' }, "Bob's laptop broke on Tuesday."],
  ['Send it to me by Friday.', { name: 'Bob' }, 'Send it to Bob by Friday.'],
  ['Let me check the budget with finance.', { name: 'Ana' }, 'Ana will check the budget with finance.'],
  // hedges and fillers go, the claim stays
  ['I think we should delay the campaign emails until the payment provider approves.', { name: 'Chloe' }, 'The group should delay the campaign emails until the payment provider approves.'],
  ['I mean, we could switch to the new email service.', { name: 'Ben' }, 'The group could switch to the new email service.'],
  ['It is sort of a big change, you know, for the support team.', { name: 'Dev' }, 'It is a big change for the support team.'],
  ["I'd like the blue one, I think.", { name: 'Bob' }, 'Bob would like the blue one.'],
  ['Honestly, the iPhone app crashed twice on Monday in Berlin.', { name: 'Bob' }, 'The iPhone app crashed twice on Monday in Berlin.'],
  ['Thanks everyone, we have three things today.', { name: 'Ana' }, 'The group has three things today.'],
  ['What kind of buttons do we need?', { name: 'Dev' }, 'What kind of buttons do they need?'],
  ['Then I think the menu button would only work on newer televisions.', { name: 'Bob' }, 'The menu button would only work on newer televisions.'],
  ['I this is the volume control.', { name: 'Bob' }, 'This is the volume control.'],
  ['I dunno whether the sender has to do something with it.', { name: 'Bob' }, "Bob doesn't know whether the sender has to do something with it."],
  ['I think that is everything, thanks everyone.', { name: 'Ana' }, 'That is everything.'],
  ["Good morning, today we plan the launch of the mobile app.", { name: 'Ana' }, 'Today they plan the launch of the mobile app.'],
  ["I didn't think I really understood the concept, and I was lost.", { name: 'the project manager' }, "The project manager didn't think they really understood the concept, and they were lost."],
  // we: the group at the start, "they" after it
  ["We're planning to sell the remote controls for twenty five Euros each.", { name: 'the project manager' }, 'The group is planning to sell the remote controls for twenty five Euros each.'],
  ['We have about six weeks left before the launch on May 2.', { name: 'Ana' }, 'The group has about six weeks left before the launch on May 2.'],
  ['The main risk is our payment screen, because the provider has not approved our account.', { name: 'Ben' }, 'The main risk is their payment screen, because the provider has not approved their account.'],
  ["Let's go with the annual plan.", { name: 'Ana' }, 'The group should go with the annual plan.'],
  ['We will ship it once we have the numbers.', { name: 'Ana', group: 'the team' }, 'The team will ship it once they have the numbers.'],
  // you: the addressee when known
  ['Can you submit the release build to the app store by March 28?', { name: 'Ana', addressee: 'Ben' }, 'Ana asked Ben to submit the release build to the app store by March 28.'],
  ['Ben, could you switch the password reset emails after the launch?', { name: 'Ana', addressee: 'Ben' }, 'Ana asked Ben to switch the password reset emails after the launch.'],
  ["You're looking at the technical functions design.", { name: 'the project manager', addressee: 'Marketing' }, 'Marketing is looking at the technical functions design.'],
  ['You have the figures for Q3, Priya.', { name: 'Ana', addressee: 'Priya' }, 'Priya has the figures for Q3.'],
  ['I sent your draft to Legal.', { name: 'Ana', addressee: 'Priya' }, "Ana sent Priya's draft to Legal."],
]

for (const [sentence, voice, expected] of cases)
  test(`"${sentence}" → "${expected}"`, () => {
    assert.is(note(sentence, voice), expected)
  })

test('a "you" with nobody known to be addressed is left as said, and flagged', () => {
  const n = thirdPerson('You have the additional hours here with the childcare offer.', { name: 'Huw' })
  assert.is(n.text, 'You have the additional hours here with the childcare offer.')
  assert.ok(n.unresolvedYou)
})

test('a hedged opinion is flagged, so the summary can report it as one', () => {
  assert.ok(thirdPerson('I think the LCD screen is too expensive.', { name: 'Bob' }).opinion)
  assert.not.ok(thirdPerson('The LCD screen is too expensive.', { name: 'Bob' }).opinion)
})

test('no first person, filler or contraction of "I" is left', () => {
  for (const [sentence, voice] of cases) {
    const text = note(sentence, voice)
    assert.not.match(text, /\b(?:I|I'll|I'm|I've|I'd|me|my|we|we're|let's|um|uh|you know)\b/i, text)
  }
})

test('proper nouns, numbers and dates keep their case', () => {
  const text = note("I'll email the iOS build to Priya Shah in Berlin on Friday, March 28.", { name: 'Bob' })
  assert.is(text, 'Bob will email the iOS build to Priya Shah in Berlin on Friday, March 28.')
})

test('speaker labels read as minutes name people', () => {
  const names = speakerNames([
    'Bob Chen',
    'Bob Marley',
    'Ana Lopez',
    'Project Manager',
    'Industrial Designer',
    'Marketing',
    'User Interface',
    'PhD A',
    'PhD B',
    'Professor C',
    'Hon. Andrew Scheer (Leader of the Opposition)',
    'Dawn Bowden AM',
    'Dr David Blaney',
    'Speaker 1',
  ])
  const read = (l: string) => names(l)
  assert.equal(read('Ana Lopez'), { full: 'Ana Lopez', short: 'Ana' })
  assert.equal(read('Bob Chen'), { full: 'Bob Chen', short: 'Bob Chen' }, 'two Bobs keep their surnames')
  assert.equal(read('Project Manager'), { full: 'the project manager', short: 'the project manager' })
  assert.equal(read('Industrial Designer').short, 'the industrial designer')
  assert.is(read('Marketing').short, 'Marketing')
  assert.is(read('User Interface').short, 'User Interface')
  assert.is(read('PhD A').short, 'PhD A', 'two PhDs are told apart by their letters')
  assert.is(read('Professor C').short, 'the professor')
  assert.equal(read('Hon. Andrew Scheer (Leader of the Opposition)'), { full: 'Andrew Scheer', short: 'Andrew Scheer' })
  assert.is(read('Dawn Bowden AM').short, 'Dawn Bowden')
  assert.is(read('Dr David Blaney').full, 'Dr David Blaney')
  assert.is(read('Speaker 1').short, 'Speaker 1')
})

test.run()
