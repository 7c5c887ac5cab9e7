import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { scoreActionItems, type LabelledUtterance } from '../../../scripts/eval/action-items.js'
import { withTimings, type EvalMeeting } from '../../../scripts/eval/qmsum.js'
import { scoreMeeting, summarise } from '../../../scripts/eval/summary-eval.js'
import type { DraftActionItem, Notes } from '../../../src/core/domain/notes.js'

test('timings are made up from words per minute, back to back', () => {
  const us = withTimings([{ speaker: 'A', text: 'one two three four five' }, { speaker: 'B', text: 'six' }], 150)
  assert.equal(us.map((u) => [u.start_ms, u.end_ms]), [[0, 2000], [2000, 2400]])
})

const meeting: EvalMeeting = {
  id: 'm1',
  domain: 'Test',
  utterances: [
    { speaker: 'A', text: 'a' },
    { speaker: 'B', text: 'b' },
    { speaker: 'A', text: 'c' },
    { speaker: 'B', text: 'd' },
  ],
  reference_summary: 'the cat is on the mat',
  reference_topics: [
    { label: 'x', spans: [[0, 1]] },
    { label: 'y', spans: [[2, 3]] },
  ],
}
const notes = (summary: string): Notes => ({
  shortSummary: '',
  detailedSummary: summary,
  attendees: [],
  topics: [],
  actionItems: [],
  decisions: [],
  speakers: [],
})

test('a meeting is scored on its summary and segmentation', () => {
  const r = scoreMeeting(meeting, notes('the cat sat on the mat'), [
    { first: 0, last: 1 },
    { first: 2, last: 3 },
  ])
  assert.ok(Math.abs(r.rouge1 - 100 * (5 / 6)) < 1e-9)
  assert.ok(Math.abs(r.rouge2 - 60) < 1e-9)
  assert.is(r.summaryWords, 6)
  assert.is(r.pk, 0)
  assert.is(r.windowDiff, 0)
  assert.is(scoreMeeting(meeting, notes('x')).pk, undefined)
})

test('groups average per domain and overall', () => {
  const a = scoreMeeting(meeting, notes('the cat sat on the mat'))
  const b = scoreMeeting({ ...meeting, domain: 'Other' }, notes('nothing in common'))
  const groups = summarise([a, b])
  assert.equal(groups.map((g) => g.group), ['Other', 'Test', 'Overall'])
  assert.ok(Math.abs(groups[2]!.rouge1 - (a.rouge1 + b.rouge1) / 2) < 1e-9)
  assert.is(groups[2]!.meetings, 2)
})

test('action-item precision and recall count utterances', async () => {
  const rows: LabelledUtterance[] = [
    { style: 's', speaker: 'A', text: 'yes1', action: true, owner: 'A', due: null },
    { style: 's', speaker: 'A', text: 'yes2', action: true, owner: 'B', due: '2024-03-15' },
    { style: 's', speaker: 'A', text: 'no1', action: false },
    { style: 's', speaker: 'A', text: 'no2', action: false },
  ]
  const found: DraftActionItem = { title: 't', owner: 'A', due: null, status: 'active', context: 'c', tags: [] }
  // finds yes1 and no1: P = 1/2, R = 1/2; the one true positive has the right owner and due
  const s = await scoreActionItems(rows, async (r) => (r.text === 'yes1' || r.text === 'no1' ? [found] : []))
  assert.is(s.precision, 0.5)
  assert.is(s.recall, 0.5)
  assert.is(s.ownerAccuracy, 1)
  assert.is(s.dueAccuracy, 1)
  assert.is(s.mistakes.length, 2)
})

test.run()
