/**
 * Issue #30's "done when", as a new user lives it: a 3-minute meeting about
 * three subjects (a release, a hire, a conference talk; written for this
 * project, fixtures/meetings/release-hire-conference.json) uploaded as a
 * transcript gives three labelled topics, each task once with the right owner
 * and due date, the decision under decisions and not as a task, the agenda
 * line read out at the start as no task, and summaries written as notes.
 */
import { readFileSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { startHarness, type Harness } from '../support/http.js'
import { upload } from './share-world.js'

interface Gold {
  readonly title: string
  readonly startsAt: string
  readonly utterances: ReadonlyArray<{ start_ms: number; end_ms: number; speaker: string; text: string }>
}

const gold = JSON.parse(readFileSync(new URL('../../fixtures/meetings/release-hire-conference.json', import.meta.url), 'utf8')) as Gold

interface Item {
  title: string
  owner: string | null
  due: string | null
  context: string
  atMs?: number | null
}
interface Recording {
  shortSummary: string
  detailedSummary: string
  topics: Array<{ label: string; share: number }>
  actionItems: Item[]
  decisions: Array<{ text: string; atMs: number | null }>
}

const s = suite<{ h: Harness; notes: Recording }>('notes of a meeting about three subjects')

s.before(async (ctx) => {
  ctx.h = await startHarness()
  const bytes = Buffer.from(JSON.stringify({ utterances: gold.utterances }))
  const u = await upload(ctx.h, ctx.h.keys.full, { filename: 'weekly-sync.json', bytes, title: gold.title, startsAt: gold.startsAt })
  const res = await ctx.h.request('GET', `/recordings/${u.runId}`, { key: ctx.h.keys.full })
  assert.is(res.status, 200, JSON.stringify(res.body))
  ctx.notes = res.body.data as Recording
})
s.after(async ({ h }) => h.close())

const at = (index: number): number => gold.utterances[index]!.start_ms
const itemsLike = (notes: Recording, pattern: RegExp) => notes.actionItems.filter((i) => pattern.test(i.title))

s('three topics, each labelled with a phrase, not a word', ({ notes }) => {
  assert.is(notes.topics.length, 3, JSON.stringify(notes.topics))
  const labels = notes.topics.map((t) => t.label)
  for (const label of labels) assert.ok(label.trim().split(/\s+/).length >= 2, `"${label}" is a single word`)
  assert.is(new Set(labels.map((l) => l.toLowerCase())).size, 3, 'labels are distinct')
})

s('the request Bob accepts is his, due on the Friday, and listed once', ({ notes }) => {
  const budget = itemsLike(notes, /budget/i)
  assert.is(budget.length, 1, JSON.stringify(notes.actionItems))
  assert.is(budget[0]!.owner, 'Bob Chen')
  assert.is(budget[0]!.due, '2024-05-10')
  assert.is(budget[0]!.atMs, at(18), 'cites the request')
})

s('the load test said twice is one item, at its first mention', ({ notes }) => {
  const load = itemsLike(notes, /load test/i)
  assert.is(load.length, 1, JSON.stringify(notes.actionItems))
  assert.is(load[0]!.owner, 'Bob Chen')
  assert.is(load[0]!.due, '2024-05-10')
  assert.is(load[0]!.atMs, at(8))
})

s('the decision to hire Priya is a decision, not a task; the agenda read out is no task', ({ notes }) => {
  assert.ok(notes.decisions.some((d) => /hire priya/i.test(d.text) && d.atMs === at(16)), JSON.stringify(notes.decisions))
  assert.not.ok(notes.actionItems.some((i) => i.atMs === at(16) || /hire priya as/i.test(i.title)), JSON.stringify(notes.actionItems))
  assert.not.ok(notes.actionItems.some((i) => i.atMs === at(3) || /finali[sz]e the launch plan/i.test(i.title)), JSON.stringify(notes.actionItems))
})

s('no task is listed twice', ({ notes }) => {
  const keys = notes.actionItems.map((i) => `${i.owner}|${i.title.toLowerCase()}`)
  assert.is(new Set(keys).size, keys.length)
  const cited = notes.actionItems.map((i) => i.atMs)
  assert.is(new Set(cited).size, cited.length, 'two items cite one utterance')
})

s('titles read as tasks: no "I will", no filler, no request wording', ({ notes }) => {
  assert.ok(notes.actionItems.length >= 4, JSON.stringify(notes.actionItems))
  for (const { title } of notes.actionItems) {
    assert.not.match(title, /\b(?:I'll|I will|I'm|can you|could you|um|uh|you know)\b/i)
    assert.match(title, /^[A-Z]/)
  }
})

s('summaries are written as notes: no speaker prefixes, first person or fillers', ({ notes }) => {
  const sentences = notes.shortSummary.split(/(?<=[.!?])\s+/).filter((x) => x.trim() !== '')
  assert.ok(sentences.length >= 1 && sentences.length <= 2, notes.shortSummary)
  const detailed = notes.detailedSummary
  const words = detailed.split(/\s+/).filter((w) => w !== '').length
  assert.ok(words >= 80 && words <= 200, `${words} words: ${detailed}`)
  assert.not.match(detailed, /^\s*-?\s*(?:Ana Ruiz|Bob Chen|Carla Mendes|Dev Patel):/m)
  assert.not.match(detailed, /\b(?:I'll|I will|I'm|um|uh|you know)\b/i)
  assert.match(detailed, /Priya/, 'proper nouns keep their case')
  const about = /The meeting was about ([^.]*)\./.exec(detailed)?.[1] ?? ''
  assert.not.match(about, /(?:^|, | and )(?:the )?(?:May )?\d+(?:st|nd|rd|th)?(?:,| and |$)/, `a date is no subject: ${about}`)
})

s.run()
