import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { actionItemOf, findActionItems } from '../../../adapters/analyze-builtin/action-items.js'
import { createBuiltinAnalyzer } from '../../../adapters/analyze-builtin/index.js'
import { labelledStartsAt, loadLabelled, scoreActionItems } from '../../../scripts/eval/action-items.js'

const at = '2024-03-13T15:00:00Z' // a Wednesday
const item = (speaker: string, raw: string, startsAt = at) => actionItemOf({ speaker, raw }, startsAt)

test('labelled set: precision and recall of at least 0.8 through the analyzer', async () => {
  const rows = loadLabelled()
  assert.ok(rows.length >= 100)
  const analyzer = createBuiltinAnalyzer()
  const score = await scoreActionItems(rows, async (row) => {
    const out = await analyzer.analyze({
      title: 'Labelled',
      startsAt: labelledStartsAt,
      utterances: [{ start_ms: 0, end_ms: 4000, speaker: row.speaker, text: row.text }],
      attendees: [],
    })()
    return out._tag === 'Right' ? out.right.actionItems : []
  })
  assert.ok(score.precision >= 0.8, `precision ${score.precision}`)
  assert.ok(score.recall >= 0.8, `recall ${score.recall}`)
  assert.ok(score.ownerAccuracy >= 0.8, `owner accuracy ${score.ownerAccuracy}`)
  assert.ok(score.dueAccuracy >= 0.8, `due accuracy ${score.dueAccuracy}`)
})

test('owner: the speaker for first person', () => {
  assert.is(item('Ana', "I'll send the deck by Friday.")?.owner, 'Ana')
  assert.is(item('Ana', 'Let me check with finance about the travel budget.')?.owner, 'Ana')
})

test('owner: the named person for requests and delegations, else null', () => {
  assert.is(item('Ana', 'Maria, can you check with legal?')?.owner, 'Maria')
  assert.is(item('Ana', 'Would you mind booking the room for Monday, Priya?')?.owner, 'Priya')
  assert.is(item('Ana', "Let's have Ana draft the proposal.")?.owner, 'Ana')
  assert.is(item('Ana', 'Tom will update the roadmap before the review.')?.owner, 'Tom')
  assert.is(item('Ana', 'Can you send me the numbers?')?.owner, null)
  assert.is(item('Ana', 'We need to renew the contract by next week.')?.owner, null)
})

test('due dates resolve against the meeting start', () => {
  const due = (text: string, startsAt = at) => item('Ana', text, startsAt)?.due
  assert.is(due("I'll send the deck by Friday."), '2024-03-15')
  assert.is(due("I'll send the deck tomorrow."), '2024-03-14')
  assert.is(due("I'll send the deck by end of day."), '2024-03-13')
  assert.is(due("I'll send the deck next week."), '2024-03-22')
  assert.is(due("I'll send the deck next Tuesday."), '2024-03-19')
  assert.is(due("I'll send the deck by the end of the month."), '2024-03-31')
  assert.is(due("I'll send the deck on April 5."), '2024-04-05')
  assert.is(due("I'll send the deck in two weeks."), '2024-03-27')
  assert.is(due("I'll send the deck to the whole team."), null)
  // 23:30 in New York on the 13th is the 14th in UTC: "tomorrow" is still the 14th there
  assert.is(due("I'll send the deck tomorrow.", '2024-03-13T23:30:00-05:00'), '2024-03-14')
})

test('titles are short imperatives without the deadline', () => {
  assert.is(item('Ana', "I'll send the deck by Friday.")?.title, 'Send the deck')
  assert.is(item('Ana', 'Would you mind booking the room for Monday, Priya?')?.title, 'Book the room')
  assert.is(item('Ana', 'Um, I I will, uh, follow up with the vendor tomorrow, because they owe us a quote.')?.title, 'Follow up with the vendor')
})

test('tags say commitment or request, deadline and follow-up', () => {
  assert.equal(item('Ana', "I'll follow up with the vendor tomorrow.")?.tags, ['commitment', 'deadline', 'follow-up'])
  assert.equal(item('Ana', 'Maria, can you check with legal?')?.tags, ['request'])
})

test('talk about the meeting itself, past work and opinions are not action items', () => {
  for (const text of [
    'Let me share my screen.',
    'Can you all see my screen?',
    'I sent the invoice last week.',
    'Did you send the invoice?',
    'I think we should talk about pricing.',
    "I'll get to that in a moment.",
    'We will look into it.',
  ])
    assert.is(item('Ana', text), null, text)
})

test('the same task said twice in a row is kept once', () => {
  const items = findActionItems(
    [
      { speaker: 'Ben', raw: "I'll send the deck by Friday." },
      { speaker: 'Ben', raw: "Yes, I'll send the deck by Friday." },
    ],
    at,
  )
  assert.is(items.length, 1)
})

test.run()
