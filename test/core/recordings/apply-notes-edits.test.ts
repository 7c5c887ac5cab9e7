import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { actionItemIdOf, type NotesEdits, speakerIdOf, withActionItemIds, withTopicIds } from '../../../src/core/domain/notes/notes-edits.js'
import { stableId } from '../../../src/core/domain/stable-id.js'
import { isUuid } from '../../../src/core/domain/ids.js'
import type { StoredNotes } from '../../../src/core/ports/recording-stores.js'
import { applyNotesEdits, renameUtterances } from '../../../src/core/recordings/notes/apply-notes-edits.js'

const RUN = '00000000-0000-4000-8000-000000000001'

test('stable ids: the same parts give the same UUID, other parts another', () => {
  assert.is(stableId('a', 'b'), stableId('a', 'b'))
  assert.is.not(stableId('a', 'b'), stableId('ab'))
  assert.is.not(stableId('a', 'b'), stableId('a', 'c'))
  assert.ok(isUuid(stableId('x')))
  assert.is(stableId('x')[14], '8')
  assert.is(speakerIdOf(RUN, 'Speaker 1'), speakerIdOf(RUN, 'Speaker 1'))
  assert.is.not(speakerIdOf(RUN, 'Speaker 1'), speakerIdOf('00000000-0000-4000-8000-000000000002', 'Speaker 1'))
})

test('action item ids: by sentence and occurrence, not by position among the others', () => {
  const items = withActionItemIds(RUN, [{ context: 'a' }, { context: 'b' }, { context: 'a' }])
  assert.equal(items.map((i) => i.id), [actionItemIdOf(RUN, 'a', 0), actionItemIdOf(RUN, 'b', 0), actionItemIdOf(RUN, 'a', 1)])
  assert.is(withActionItemIds(RUN, [{ context: 'b' }])[0]!.id, items[1]!.id)
})

const notes: StoredNotes = {
  shortSummary: 'Speaker 1: hello. Speaker 10: hi.',
  detailedSummary: "- Speaker 1: we ship.\n- Speaker 2: fine.\nSpeaker 1 will ship it. Speaker 10 agreed with Speaker 1's plan. Speaker 1x is not a label.",
  attendees: [{ name: 'Speaker 1', email: null }, { name: 'Speaker 2', email: null }],
  topics: [],
  actionItems: [
    { id: 'i1', title: 'Ship', owner: 'Speaker 1', due: null, status: 'active', context: 'c', tags: [] },
    { id: 'i2', title: 'Test', owner: 'Ana', due: null, status: 'active', context: 'd', tags: [] },
  ],
  decisions: [{ text: 'We ship.', by: 'Speaker 1', atMs: 0, speaker: 'Speaker 1' }],
  speakers: [
    { name: 'Speaker 1', talkMs: 10, words: 2, share: 0.5 },
    { name: 'Speaker 2', talkMs: 10, words: 2, share: 0.5 },
  ],
}

test('a speaker name replaces its label everywhere it shows; item edits win over generated fields', () => {
  const edits = {
    speakers: [{ speakerId: speakerIdOf(RUN, 'Speaker 1'), name: 'Maria', email: 'maria@example.com', updatedAt: 't' }],
    actionItems: [{ itemId: 'i2', changes: { status: 'done' as const, owner: 'Speaker 1' }, updatedAt: 't' }],
    parts: [],
  }
  const read = applyNotesEdits(RUN, notes, edits)
  assert.equal(read.speakers.map((s) => [s.label, s.name, s.email]), [['Speaker 1', 'Maria', 'maria@example.com'], ['Speaker 2', 'Speaker 2', null]])
  assert.equal(read.attendees, [{ name: 'Maria', email: 'maria@example.com' }, { name: 'Speaker 2', email: null }])
  assert.equal(read.actionItems.map((a) => [a.owner, a.status]), [['Maria', 'active'], ['Speaker 1', 'done']])
  assert.equal(read.decisions[0], { text: 'We ship.', by: 'Maria', atMs: 0, speaker: 'Maria' })
  assert.is(read.shortSummary, 'Maria: hello. Speaker 10: hi.')
  assert.is(read.detailedSummary, "- Maria: we ship.\n- Speaker 2: fine.\nMaria will ship it. Speaker 10 agreed with Maria's plan. Speaker 1x is not a label.")
  assert.equal(renameUtterances(RUN, edits, [{ start_ms: 0, end_ms: 1, speaker: 'Speaker 1', text: 'x' }, { start_ms: 1, end_ms: 2, speaker: 'Speaker 2', text: 'y' }]).map((u) => u.speaker), ['Maria', 'Speaker 2'])
})

test('two labels named as one person make one attendee', () => {
  const edits = {
    speakers: ['Speaker 1', 'Speaker 2'].map((l) => ({ speakerId: speakerIdOf(RUN, l), name: 'Maria', email: null, updatedAt: 't' })),
    actionItems: [],
    parts: [],
  }
  assert.equal(applyNotesEdits(RUN, notes, edits).attendees, [{ name: 'Maria', email: null }])
})

test('rewritten summaries, decisions and topic labels replace the generated text, which stays in edited', () => {
  const withTopics = { ...notes, topics: [{ label: 'Launch', share: 0.6 }, { label: 'Launch', share: 0.4 }] }
  const [first, second] = withTopicIds(RUN, withTopics.topics)
  assert.is.not(first!.id, second!.id, 'two topics with one label have two ids')
  const edits: NotesEdits = {
    speakers: [{ speakerId: speakerIdOf(RUN, 'Speaker 1'), name: 'Maria', email: null, updatedAt: 't' }],
    actionItems: [],
    parts: [
      { part: 'shortSummary', text: 'We ship on Friday.', updatedAt: 't1' },
      { part: 'decisions', decisions: ['Berlin it is.', 'We ship.'], updatedAt: 't2' },
      { part: 'topic', topicId: second!.id, label: 'Venue', updatedAt: 't3' },
    ],
  }
  const read = applyNotesEdits(RUN, withTopics, edits)
  assert.is(read.shortSummary, 'We ship on Friday.')
  assert.equal(read.edited.shortSummary, { editedAt: 't1', generated: 'Maria: hello. Speaker 10: hi.' })
  assert.is(read.edited.detailedSummary, null)
  assert.ok(read.detailedSummary.startsWith('- Maria: we ship.'))
  assert.equal(read.decisions, [
    { text: 'Berlin it is.', by: null, atMs: null, speaker: null },
    { text: 'We ship.', by: 'Maria', atMs: 0, speaker: 'Maria' },
  ], 'a kept decision keeps its citation')
  assert.equal(read.edited.decisions?.generated, [{ text: 'We ship.', by: 'Maria', atMs: 0, speaker: 'Maria' }])
  assert.equal(read.topics.map((t) => [t.label, t.edited?.generated ?? null]), [['Launch', null], ['Venue', 'Launch']])
})

test('deleted items drop out, added ones follow the generated ones in the order they were added', () => {
  const edits: NotesEdits = {
    speakers: [],
    actionItems: [
      { itemId: 'i1', changes: { deleted: true }, updatedAt: 't' },
      { itemId: 'n2', changes: { addedAt: '2026-01-02', title: 'Second', owner: 'Ana', due: '2026-02-01', status: 'active' }, updatedAt: 't' },
      { itemId: 'n1', changes: { addedAt: '2026-01-01', title: 'First', status: 'done' }, updatedAt: 't' },
      { itemId: 'n3', changes: { addedAt: '2026-01-03', title: 'Gone', deleted: true }, updatedAt: 't' },
      { itemId: 'unknown', changes: { title: 'An item re-processing dropped' }, updatedAt: 't' },
    ],
    parts: [],
  }
  const read = applyNotesEdits(RUN, notes, edits)
  assert.equal(read.actionItems.map((a) => [a.id, a.title, a.owner, a.due, a.status]), [
    ['i2', 'Test', 'Ana', null, 'active'],
    ['n1', 'First', null, null, 'done'],
    ['n2', 'Second', 'Ana', '2026-02-01', 'active'],
  ])
  assert.not.ok('deleted' in read.actionItems[0]! || 'addedAt' in read.actionItems[1]!, 'no bookkeeping in the items')
})

test.run()
