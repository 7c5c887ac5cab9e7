import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { scoreRows } from '../../../scripts/eval/action-items.js'
import type { LabelledRow } from '../../../scripts/eval/labelled-rows.js'
import { scoreMeetingItems, type WrittenMeeting } from '../../../scripts/eval/meeting-items.js'
import { withTimings, type EvalMeeting } from '../../../scripts/eval/qmsum.js'
import { scoreMeeting, summarise } from '../../../scripts/eval/summary-eval.js'
import type { DraftActionItem, Notes } from '../../../src/core/domain/notes/notes.js'

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

const row = (id: string, text: string, action: boolean, extra: Partial<LabelledRow> = {}): LabelledRow => ({
  id,
  meeting: 'm',
  kind: 'k',
  startsAt: '2024-03-13T15:00:00Z',
  before: [{ speaker: 'B', text: 'before' }],
  speaker: 'A',
  text,
  after: null,
  action,
  owner: action ? 'A' : null,
  due: null,
  title: action ? 'T' : null,
  decision: false,
  hard: '',
  ...extra,
})

test('action-item precision and recall count target utterances an item was made from', async () => {
  const rows = [row('1', 'yes1', true), row('2', 'yes2', true, { owner: 'B', due: '2024-03-15' }), row('3', 'no1', false), row('4', 'no2', false, { decision: true })]
  const item: DraftActionItem = { title: 't', owner: 'A', due: null, status: 'active', context: 'c', tags: [] }
  // yes1 and no1 have an item from the target (index 1, after one turn before); yes2's item comes only from the turn before
  const s = await scoreRows(rows, async (input) => {
    const text = input.utterances[1]!.text
    const sources = text === 'yes1' || text === 'no1' ? [[0, 1]] : text === 'yes2' ? [[0]] : []
    return { notes: { ...notes(''), actionItems: sources.map(() => item) }, itemSources: sources }
  })
  assert.is(s.precision, 0.5)
  assert.is(s.recall, 0.5)
  assert.is(s.ownerAccuracy, 1)
  assert.is(s.dueAccuracy, 1)
  assert.is(s.decision.recall, 0)
})

test('meeting items: a second item on a task already covered is a duplicate', () => {
  const m: WrittenMeeting = {
    title: 'm',
    startsAt: '2024-03-13T15:00:00Z',
    utterances: [0, 1, 2, 3, 4].map((i) => ({ start_ms: i * 1000, end_ms: i * 1000 + 900, speaker: 'A', text: 'x' })),
    actionItems: [
      { title: 'Send the deck', owner: 'A', due: null, utterances: [0, 3] },
      { title: 'Book the room', owner: 'B', due: null, utterances: [2] },
    ],
    decisions: [],
  }
  const item = (owner: string): DraftActionItem => ({ title: 't', owner, due: null, status: 'active', context: 'c', tags: [] })
  const s = scoreMeetingItems('m', m, { notes: { ...notes(''), actionItems: [item('A'), item('A'), item('C')] }, itemSources: [[0], [3], [4]] })
  assert.equal({ covered: s.covered, duplicates: s.duplicates, unmatched: s.unmatched, ownerRight: s.ownerRight }, { covered: 1, duplicates: 1, unmatched: 1, ownerRight: 1 })
})

test.run()
