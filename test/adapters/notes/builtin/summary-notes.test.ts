import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { analyzeTranscript } from '../../../../adapters/notes/builtin/index.js'
import { backshift } from '../../../../adapters/notes/builtin/summary/reported-speech.js'
import type { Notes } from '../../../../src/core/domain/notes/notes.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { syntheticMeeting } from '../../../../bench/analyzer-synthetic.js'
import { sampleMeeting, sampleStartsAt } from './sample-meeting.js'
import { threeSubjectsMeeting, threeSubjectsStartsAt } from './three-subjects-meeting.js'

const notesOf = (utterances: Utterance[], startsAt = sampleStartsAt): Notes => {
  const out = analyzeTranscript({ title: 'Meeting', startsAt, utterances, attendees: [] })
  if (out._tag === 'Left') throw new Error(out.left.message)
  return out.right.notes
}
const words = (s: string): number => s.split(/\s+/).filter((w) => /[a-z0-9]/i.test(w)).length
const sentencesOf = (s: string): string[] => s.split(/(?<=[.?!])\s+(?=[A-Z])/).filter((x) => x.trim() !== '')

const meetings: Array<[string, Notes, Utterance[]]> = [
  ['the launch planning meeting', notesOf(sampleMeeting), sampleMeeting],
  ['the three-subject meeting', notesOf(threeSubjectsMeeting, threeSubjectsStartsAt), threeSubjectsMeeting],
]

for (const [name, n, utterances] of meetings) {
  test(`${name}: summaries have no "Speaker:" prefix, no first person, no fillers`, () => {
    const speakers = [...new Set(utterances.map((u) => u.speaker))]
    for (const text of [n.detailedSummary, n.shortSummary]) {
      for (const sp of speakers) assert.not.ok(text.includes(`${sp}:`), `a "${sp}:" prefix`)
      assert.not.match(text, /\b(?:I|I'll|I'm|I've|I'd|we|we're|we'll|let's|um|uh|you know|I mean)\b/i, text)
    }
  })

  test(`${name}: the detailed summary is 80 to 200 words, the short one one or two sentences`, () => {
    const w = words(n.detailedSummary)
    assert.ok(w >= 80 && w <= 200, `detailed summary has ${w} words`)
    const short = sentencesOf(n.shortSummary)
    assert.ok(short.length >= 1 && short.length <= 2, n.shortSummary)
    assert.ok(words(n.shortSummary) < words(n.detailedSummary))
  })
}

test('the detailed summary reports who said what in the third person, with names', () => {
  const text = meetings[1]![1].detailedSummary
  assert.match(text, /^The meeting was about /)
  assert.match(text, /\bBob(?: Chen)? will run the load test on the payment service by Friday and send the results to the team\./)
  assert.match(text, /\bThe group decided to hire Priya Shah as the data engineer\b/)
  // a reporting frame the way minutes are written
  assert.match(text, /\b(?:Ana|Bob|Chloe)(?: \w+)? (?:explained|said|noted|pointed out|mentioned|suggested|thought) that /)
})

test('proper nouns and dates keep their case in the summary', () => {
  const text = meetings[1]![1].detailedSummary
  assert.match(text, /Priya/)
  assert.match(text, /Friday/)
  assert.not.match(text, /\b(?:priya|friday|wednesday|berlin)\b/)
})

test('the short summary names the subjects and an outcome, not a pasted sentence', () => {
  const short = meetings[1]![1].shortSummary
  assert.match(short, /^The group discussed .*\./)
  assert.match(short, /\b(?:decided|agreed|will)\b/)
  for (const u of threeSubjectsMeeting) assert.not.ok(short.includes(u.text), `pasted: ${u.text}`)
})

test('a long meeting of many topics gets 80 to 200 words, every line a sentence', () => {
  for (const size of [10_000, 30_000]) {
    const n = notesOf(syntheticMeeting(size, 3))
    const w = words(n.detailedSummary)
    assert.ok(w >= 80 && w <= 200, `${size} words: detailed summary has ${w} words`)
    for (const line of n.detailedSummary.split('\n')) assert.match(line, /[.!]$/)
    assert.ok(sentencesOf(n.shortSummary).length <= 2, n.shortSummary)
  }
})

test('reported speech moves the auxiliaries back, not infinitives', () => {
  assert.is(backshift('the screen is ready and they will ship it'), 'the screen was ready and they would ship it')
  assert.is(backshift("they didn't have the numbers to do it"), "they didn't have the numbers to do it")
  assert.is(backshift('it has two buttons'), 'it had two buttons')
})

test.run()
