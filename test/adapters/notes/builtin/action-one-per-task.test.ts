/**
 * One item per task across owners (a request taken on by someone else, a proposal handed on,
 * a step asked for once the task is done) and titles that are whole (issue 30, items 3 and 4).
 */
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { actionItemsOfUtterances } from '../../../../adapters/notes/builtin/actions/action-items.js'
import { imperativeTitle } from '../../../../adapters/notes/builtin/actions/action-title.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'

const at = '2024-03-13T15:00:00Z'
const itemsOf = (...turns: Array<[string, string]>) =>
  actionItemsOfUtterances(
    turns.map(([speaker, text], i): Utterance => ({ start_ms: i * 10_000, end_ms: i * 10_000 + 8_000, speaker, text })),
    at,
  ).map((f) => f.item)

test('a restart "I\'ll, um- could someone ..." is a request, owned by who takes it on in the next turn, cited at the request', () => {
  const items = itemsOf(
    ['Marta Ruiz', 'The new laptops arrive on Monday.'],
    ['Ivo Jansen', "And I'll, um- could someone set up the new laptops for the interns? I'm away all week."],
    ['Kemal Aydin', "I'll set them up, I'm in the office anyway."],
  )
  assert.is(items.length, 1, JSON.stringify(items))
  assert.is(items[0]!.owner, 'Kemal Aydin')
  assert.is(items[0]!.atMs, 10_000)
  assert.not.match(items[0]!.title, /could someone/i)
})

test('"Could we look at it?" then "Yes. Kemal, could you book a visit?" is one task, Kemal\'s', () => {
  const items = itemsOf(
    ['Ivo Jansen', 'Could we at least go and look at it?'],
    ['Marta Ruiz', 'Yes. Kemal, could you book a visit to the site for next week?'],
    ['Kemal Aydin', "Of course. I'll ask for Tuesday morning."],
  )
  assert.is(items.length, 1, JSON.stringify(items))
  assert.is(items[0]!.owner, 'Kemal Aydin')
  assert.match(items[0]!.title, /visit/)
})

test('a step asked for once the task is done ("send me a photo when it\'s done") is part of that task', () => {
  const items = itemsOf(
    ['Kemal Aydin', "I'll get the printer to redo the poster in the darker blue before Thursday."],
    ['Marta Ruiz', "Great. Can you send me a photo when it's done?"],
    ['Kemal Aydin', "Sure, I'll send you a photo once it's fixed."],
  )
  assert.is(items.length, 1, JSON.stringify(items))
  assert.match(items[0]!.title, /poster/)
})

test('a different task of another person is not merged, and "Just send me ..." is asked of the next speaker', () => {
  const items = itemsOf(
    ['Ivo Jansen', "I'm happy to introduce you to two suppliers I trust. Just send me a short summary I can pass on."],
    ['Marta Ruiz', "Thanks, Ivo. I'll send you a summary by Friday."],
  )
  assert.is(items.length, 2, JSON.stringify(items))
  assert.is(items[1]!.owner, 'Marta Ruiz')
  assert.match(items[1]!.title, /^Send Ivo a (?:short )?summary$/)
})

test('"You book them, and I\'ll send them the brief" then "I\'ll book them": each keeps their own task', () => {
  const items = itemsOf(
    ['Noor Haddad', 'I could book Tariq and Selin for the usability sessions.'],
    ['Pia Lund', "Good picks. You book them, and I'll send them the session brief."],
    ['Noor Haddad', "Okay, I'll book them this week."],
  )
  const noor = items.filter((i) => i.owner === 'Noor Haddad')
  const pia = items.filter((i) => i.owner === 'Pia Lund')
  assert.is(noor.length, 1, JSON.stringify(items))
  assert.match(noor[0]!.title, /Tariq and Selin/)
  assert.is(pia.length, 1, JSON.stringify(items))
  assert.match(pia[0]!.title, /brief/)
})

test('titles: whole, never a bare verb, no request wording, no I, me or you', () => {
  assert.is(imperativeTitle('could someone make sure the new interns get the building induction and the fire safety talk?'), 'Make sure the new interns get the building induction')
  assert.is(imperativeTitle('look at it?'), 'Look at it')
  assert.is(imperativeTitle('send me a screenshot', undefined, { me: 'Ravi' }), 'Send Ravi a screenshot')
  assert.is(imperativeTitle('send me a screenshot'), 'Send a screenshot')
  assert.is(imperativeTitle('make introductions to two funds I know well'), 'Make introductions to two funds')
  assert.is(imperativeTitle('ask around and send you two dates', undefined, { you: 'Chloe' }), 'Ask around and send Chloe two dates')
  assert.is(imperativeTitle('ask the office whether you can swap'), 'Ask the office')
  assert.is(imperativeTitle('take the 12th', 'the 12th'), 'Take the 12th')
  assert.is(imperativeTitle('send the slides next week', 'next week'), 'Send the slides')
  assert.is(imperativeTitle('check if we have room in the budget for Q4'), 'Check whether we have room in the budget for Q4')
})

test.run()
