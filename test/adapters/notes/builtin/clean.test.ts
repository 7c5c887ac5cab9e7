import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { cleanSentence, isCompleteStatement, splitSentences } from '../../../../adapters/notes/builtin/text/clean.js'

const cases: Array<[string, string]> = [
  ['Um, you know, I I think the the battery is, like, too expensive, you know.', 'I think the battery is too expensive.'],
  ['So, uh, just also a note on wearing the microphones.', 'Just also a note on wearing the microphones.'],
  ['We m We may wind up with ver We we may need versions of all this garbage.', 'We may need versions of all this garbage.'],
  ["And I'll give I'll read the digit strings first.", "I'll read the digit strings first."],
  ['The user interf interface communicates with the chip.', 'The user interface communicates with the chip.'],
  ["Um, I I'll, uh, follow up with the vendor tomorrow.", "I'll follow up with the vendor tomorrow."],
  ['in the, in the house we we we go', 'In the house we go.'],
  ['Yeah. ', 'Yeah.'],
]

test('fillers, stutters, cut-off words and restarts are removed', () => {
  for (const [raw, clean] of cases) assert.is(cleanSentence(raw), clean, raw)
})

test('a sentence of fillers only cleans to nothing', () => {
  assert.is(cleanSentence('Um, uh, hmm.'), '')
})

test('a repeated sentence is not a stutter', () => {
  assert.is(cleanSentence('No. No.'), 'No.')
  assert.is(cleanSentence('I said no. No means no.'), 'I said no. No means no.')
})

test('complete statements: long enough, not questions, no dangling end', () => {
  assert.ok(isCompleteStatement('The payment screen is the main risk for the launch.'))
  assert.not.ok(isCompleteStatement('Is the payment screen the main risk for the launch?'))
  assert.not.ok(isCompleteStatement('The payment screen is the main risk for the.'))
  assert.not.ok(isCompleteStatement('Okay, sounds good.'))
})

test('sentences split on terminal punctuation but not after titles', () => {
  assert.equal(splitSentences('Mr. Smith agreed. Then we moved on! Did we? Yes.'), [
    'Mr. Smith agreed.',
    'Then we moved on!',
    'Did we?',
    'Yes.',
  ])
})

test.run()
