import { isRight } from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createBuiltinAnalyzer, analyzeTranscript } from '../../../../adapters/notes/builtin/index.js'
import { Notes } from '../../../../src/core/domain/notes/notes.js'
import type { AnalysisInput } from '../../../../src/core/ports/analyzer.js'
import { sampleMeeting, sampleStartsAt } from './sample-meeting.js'

const input: AnalysisInput = {
  title: 'Launch planning',
  startsAt: sampleStartsAt,
  utterances: sampleMeeting,
  attendees: [
    { name: 'Ana', email: 'ana@example.com' },
    { name: 'Erik', email: 'erik@example.com' },
  ],
}

const run = async (i: AnalysisInput) => createBuiltinAnalyzer().analyze(i)()
const notesOf = async (i: AnalysisInput): Promise<Notes> => {
  const out = await run(i)
  if (out._tag === 'Left') throw new Error(out.left.message)
  return out.right
}
const words = (s: string): number => s.split(/\s+/).filter((w) => /[a-z0-9]/i.test(w)).length

test('the notes fit the Notes codec and the analyzer is named builtin', async () => {
  assert.is(createBuiltinAnalyzer().name, 'builtin')
  assert.ok(isRight(Notes.decode(await notesOf(input))))
})

test('the detailed summary is 80 to 160 words, the short one one or two sentences', async () => {
  const n = await notesOf(input)
  const w = words(n.detailedSummary)
  assert.ok(w >= 80 && w <= 160, `detailed summary has ${w} words`)
  const sentences = n.shortSummary.split(/(?<=[.?!])\s+/).filter((s) => s !== '')
  assert.ok(sentences.length >= 1 && sentences.length <= 2, n.shortSummary)
  assert.ok(words(n.shortSummary) < words(n.detailedSummary))
})

test('summaries carry no fillers, stutters or dangling fragments', async () => {
  const n = await notesOf(input)
  for (const text of [n.detailedSummary, n.shortSummary]) {
    assert.not.match(text, /\b(?:um|uh|you know)\b/i)
    assert.not.match(text, /\b(\w+) \1\b/i, 'a repeated word')
    for (const line of text.split('\n')) assert.match(line, /[.!]$/, `line does not end a sentence: ${line}`)
  }
})

test('the summary is drawn from both topics of the meeting', async () => {
  const n = await notesOf(input)
  assert.match(n.detailedSummary, /launch/i)
  assert.match(n.detailedSummary, /support backlog|password reset/i)
})

test('topics have labels and shares of talk time that sum to exactly 1', async () => {
  const n = await notesOf(input)
  assert.ok(n.topics.length >= 1)
  for (const t of n.topics) assert.ok(t.label.trim() !== '' && t.share > 0 && t.share <= 1)
  assert.ok(Math.abs(n.topics.reduce((a, t) => a + t.share, 0) - 1) < 1e-9)
})

test('the segmentation covers every utterance once, in order', () => {
  const out = analyzeTranscript(input)
  if (out._tag === 'Left') throw new Error(out.left.message)
  const spans = out.right.spans
  assert.is(spans[0]!.first, 0)
  assert.is(spans[spans.length - 1]!.last, sampleMeeting.length - 1)
  spans.slice(1).forEach((s, i) => assert.is(s.first, spans[i]!.last + 1))
  assert.is(spans.length, out.right.notes.topics.length)
})

test('speaker stats: talk time, words and shares of talk time', async () => {
  const n = await notesOf(input)
  assert.equal(n.speakers.map((s) => s.name), ['Ana', 'Ben', 'Chloe', 'Dev'])
  const ben = sampleMeeting.filter((u) => u.speaker === 'Ben')
  assert.is(n.speakers[1]!.talkMs, ben.reduce((a, u) => a + u.end_ms - u.start_ms, 0))
  assert.is(n.speakers[1]!.words, ben.reduce((a, u) => a + u.text.split(/\s+/).length, 0))
  assert.ok(Math.abs(n.speakers.reduce((a, s) => a + s.share, 0) - 1) < 1e-9)
  const total = sampleMeeting.reduce((a, u) => a + u.end_ms - u.start_ms, 0)
  assert.ok(Math.abs(n.speakers[1]!.share - n.speakers[1]!.talkMs / total) < 1e-3)
})

test('without timings, speaker shares are of words', async () => {
  const untimed = sampleMeeting.map((u) => ({ ...u, start_ms: 0, end_ms: 0 }))
  const n = await notesOf({ ...input, utterances: untimed })
  const totalWords = n.speakers.reduce((a, s) => a + s.words, 0)
  for (const s of n.speakers) {
    assert.is(s.talkMs, 0)
    assert.ok(Math.abs(s.share - s.words / totalWords) < 1e-3)
  }
  assert.ok(Math.abs(n.speakers.reduce((a, s) => a + s.share, 0) - 1) < 1e-9)
})

test('attendees: invitees first, then speakers not among them, de-duplicated', async () => {
  const n = await notesOf({
    ...input,
    attendees: [...input.attendees, { name: 'ana', email: 'ANA@example.com' }, { name: 'Benjamin', email: 'ana@example.com' }],
  })
  assert.equal(n.attendees, [
    { name: 'Ana', email: 'ana@example.com' },
    { name: 'Erik', email: 'erik@example.com' },
    { name: 'Ben', email: null },
    { name: 'Chloe', email: null },
    { name: 'Dev', email: null },
  ])
})

test('action items of the meeting, with owners and due dates', async () => {
  const n = await notesOf(input)
  const find = (re: RegExp) => n.actionItems.find((a) => re.test(a.context))
  const video = find(/launch video/)
  assert.equal(video && { title: video.title, owner: video.owner, due: video.due }, {
    title: 'Send the final launch video to everyone',
    owner: 'Chloe',
    due: '2024-03-15',
  })
  assert.equal(find(/Ben, can you submit/)?.owner, 'Ben')
  assert.equal(find(/Let's have Chloe/)?.owner, 'Chloe')
  assert.equal(find(/saved reply for the support team today/)?.due, '2024-03-13')
  for (const a of n.actionItems) {
    assert.is(a.status, 'active')
    assert.ok(a.tags.includes('commitment') || a.tags.includes('request'))
    assert.is(a.tags.includes('deadline'), a.due !== null)
  }
  assert.not.ok(find(/That makes sense/))
})

test('empty input is an AnalysisFailure with a message, not a crash', async () => {
  for (const utterances of [[], [{ start_ms: 0, end_ms: 0, speaker: 'Ana', text: '   ' }]]) {
    const out = await run({ ...input, utterances })
    assert.is(out._tag, 'Left')
    if (out._tag === 'Left') {
      assert.is(out.left._tag, 'AnalysisFailure')
      assert.match(out.left.message, /no speech/)
    }
  }
})

test('a start time that is not a date is an AnalysisFailure', async () => {
  const out = await run({ ...input, startsAt: 'next Tuesday' })
  assert.is(out._tag === 'Left' && out.left._tag, 'AnalysisFailure')
})

test('a very short transcript still gives valid notes', async () => {
  const n = await notesOf({ ...input, utterances: [{ start_ms: 0, end_ms: 2000, speaker: 'Ana', text: 'Hi all. Quick sync.' }] })
  assert.ok(isRight(Notes.decode(n)))
  assert.ok(n.shortSummary !== '' && n.detailedSummary !== '')
  assert.is(n.topics.length, 1)
  assert.is(n.topics[0]!.share, 1)
})

test('the same input gives the same notes', async () => {
  assert.equal(await notesOf(input), await notesOf(input))
  assert.equal(await notesOf({ ...input, utterances: [...sampleMeeting] }), await notesOf(input))
})

test.run()
