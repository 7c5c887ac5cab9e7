import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { analyzeTranscript } from '../../../../adapters/notes/builtin/index.js'
import { cueStrength, cueStrengths } from '../../../../adapters/notes/builtin/topics/topic-cues.js'
import { contentTerms } from '../../../../adapters/notes/builtin/text/terms.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { cuedMeeting, driftingMeeting, oneSubjectMeeting } from './topic-meetings.js'

const analyse = (utterances: Utterance[]) => {
  const out = analyzeTranscript({ title: 'Topics', startsAt: '2024-03-13T15:00:00Z', utterances, attendees: [] })
  if (out._tag === 'Left') throw new Error(out.left.message)
  return out.right
}

const words = (label: string): number => label.split(/\s+/).filter((w) => w !== '').length

const labelsReadAsHeadings = (labels: ReadonlyArray<string>, speakers: ReadonlyArray<string>): void => {
  assert.is(new Set(labels.map((l) => l.toLowerCase())).size, labels.length, `labels not distinct: ${labels.join(' | ')}`)
  for (const l of labels) {
    assert.ok(words(l) >= 2 && words(l) <= 5, `label is not 2 to 5 words: ${l}`)
    assert.match(l, /^[A-Z0-9]/, `label does not start as a heading: ${l}`)
    assert.not.match(l, /\b(?:um|uh|yeah|okay)\b/i, `label holds a filler: ${l}`)
    assert.not.ok(speakers.some((s) => l.toLowerCase() === s.toLowerCase()), `label is a name: ${l}`)
  }
}

test('a meeting about three subjects with spoken transitions gives three topics, at the transitions', () => {
  const a = analyse(cuedMeeting)
  assert.equal(
    a.spans.map((s) => s.first),
    [0, 11, 20],
  )
  const labels = a.notes.topics.map((t) => t.label)
  labelsReadAsHeadings(labels, ['Maya', 'Tom', 'Ines'])
  assert.match(labels[0]!, /scanner/i)
  assert.match(labels[1]!, /intern/i)
  assert.match(labels[2]!, /newsletter/i)
  assert.ok(Math.abs(a.notes.topics.reduce((s, t) => s + t.share, 0) - 1) < 1e-9)
})

test('a meeting that drifts between three subjects without saying so gives about three topics', () => {
  const a = analyse(driftingMeeting)
  assert.ok(a.spans.length >= 2 && a.spans.length <= 4, `${a.spans.length} topics`)
  // every boundary lies within two utterances of a real change of subject (utterances 9 and 17)
  for (const s of a.spans.slice(1)) assert.ok([9, 17].some((change) => Math.abs(s.first - change) <= 2), `boundary at ${s.first}: ${JSON.stringify(a.spans)}`)
  labelsReadAsHeadings(
    a.notes.topics.map((t) => t.label),
    ['Ana', 'Raj', 'Lee'],
  )
})

test('a meeting about one subject gives one topic, named by a phrase', () => {
  const a = analyse(oneSubjectMeeting)
  assert.is(a.spans.length, 1)
  assert.is(a.notes.topics[0]!.share, 1)
  labelsReadAsHeadings([a.notes.topics[0]!.label], ['Sam', 'Kim'])
  assert.match(a.notes.topics[0]!.label, /workshop|dashboard/i)
})

test('spoken transitions are cues; the same words in other senses are not', () => {
  for (const t of [
    'Okay, moving on to the budget.',
    'Next item, the option pool.',
    'Last thing, the video shoot.',
    "Right, let's talk about hiring.",
    'The next questions are from Mark.',
    'Okay, the hiring piece.',
    'Can I bring something up?',
  ])
    assert.ok(cueStrength(t) > 0, t)
  for (const t of [
    'I will send it next week.',
    'We moved the server last month.',
    'That was the last time we tried it.',
    'Yeah, good idea.',
    'Can you talk to the vendor about it?',
  ])
    assert.is(cueStrength(t), 0, t)
})

test('an agenda read out early marks where its later items are taken up, not the agenda itself', () => {
  const texts = [
    'Hi all.',
    'Today we will discuss the parking permits, the canteen menu and the fire drill.',
    'First, parking permits: twelve staff still have no permit.',
    'The permits office is slow.',
    'The canteen menu needs more vegetarian dishes.',
    'Agreed.',
    'The fire drill is on Tuesday at ten.',
  ]
  const s = cueStrengths(texts, texts.map(contentTerms))
  // the first item follows the agenda in the same topic
  assert.equal([s[1], s[2], s[3], s[5]], [0, 0, 0, 0])
  assert.ok(s[4]! > 0 && s[6]! > 0, JSON.stringify(s))
})

test.run()
