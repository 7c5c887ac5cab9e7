import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { chunkTranscript, clock } from '../../../../adapters/notes/openai/chunks.js'
import { answerReserve, estimateTokens, materialBudget } from '../../../../adapters/notes/openai/tokens.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { syntheticMeeting } from '../../../../bench/analyzer-synthetic.js'

const s = suite('openai analyzer: chunks')

const tokensOf = (lines: ReadonlyArray<string>) => estimateTokens(lines.join('\n'))
const textOf = (line: string) => line.replace(/^\[[^\]]+\] [^:]+: /, '')

s('tokens are estimated at 3.5 characters, rounded up; the answer keeps a quarter of the context', () => {
  assert.is(estimateTokens('x'.repeat(7)), 2)
  assert.is(estimateTokens('x'.repeat(8)), 3)
  assert.is(answerReserve(8192), 2048)
  assert.is(answerReserve(2048), 512)
  assert.is(answerReserve(1_000_000), 4096)
  assert.is(materialBudget(8192, 'x'.repeat(3500)), 8192 - 2048 - 1000 - 64)
  assert.is(materialBudget(2048, 'x'.repeat(5000)), null)
})

s('chunks fit the budget, cut between utterances, and lose nothing', () => {
  const utterances = syntheticMeeting(10_000, 3)
  for (const budget of [300, 1000, 5000]) {
    const chunks = chunkTranscript(utterances, () => [], budget)
    for (const c of chunks) assert.ok(tokensOf(c.lines) <= budget, `${tokensOf(c.lines)} > ${budget}`)
    const lines = chunks.flatMap((c) => c.lines)
    assert.is(lines.length, utterances.length, 'no utterance is this long: none is cut')
    assert.equal(lines.map(textOf), utterances.map((u) => u.text.replace(/\s+/g, ' ').trim()))
    // nearly full chunks: greedy packing, not one utterance each
    const total = tokensOf(lines)
    assert.ok(chunks.length <= Math.ceil((total / budget) * 1.15) + 1, `${chunks.length} chunks for ${total} tokens at ${budget}`)
  }
})

s('an utterance longer than a chunk is cut between sentences, each piece keeping its time and speaker', () => {
  const sentence = (i: number) => `This is sentence number ${i} of a very long monologue about the roadmap.`
  const long: Utterance = { start_ms: 65_000, end_ms: 600_000, speaker: 'Ana', text: Array.from({ length: 60 }, (_, i) => sentence(i)).join(' ') }
  const utterances: Utterance[] = [{ start_ms: 0, end_ms: 5000, speaker: 'Ben', text: 'Hello.' }, long, { start_ms: 600_000, end_ms: 601_000, speaker: 'Ben', text: 'Thanks.' }]
  const chunks = chunkTranscript(utterances, () => [], 400)
  const lines = chunks.flatMap((c) => c.lines)
  assert.ok(chunks.length > 3)
  for (const c of chunks) assert.ok(tokensOf(c.lines) <= 400)
  const pieces = lines.filter((l) => l.startsWith('[01:05] Ana: '))
  assert.ok(pieces.length > 2)
  for (const p of pieces) assert.match(p, /^\[01:05\] Ana: This is sentence number \d+ .*roadmap\.$/, 'whole sentences')
  assert.is(pieces.map(textOf).join(' '), long.text)
})

s('one endless sentence is cut between words; a word longer than a chunk, inside it', () => {
  const words = Array.from({ length: 2000 }, (_, i) => `word${i}`).join(' ')
  const chunks = chunkTranscript([{ start_ms: 0, end_ms: 1, speaker: 'A', text: words }], () => [], 200)
  assert.is(chunks.flatMap((c) => c.lines).map(textOf).join(' '), words)
  const blob = 'x'.repeat(5000)
  const cut = chunkTranscript([{ start_ms: 0, end_ms: 1, speaker: 'A', text: blob }], () => [], 200)
  assert.is(cut.flatMap((c) => c.lines).map(textOf).join(''), blob)
  for (const c of cut) assert.ok(tokensOf(c.lines) <= 200)
})

s('evidence travels with its utterance and counts against the chunk', () => {
  const utterances = syntheticMeeting(3000, 5)
  const evidence = (i: number) => (i % 5 === 0 ? [`- [${clock(utterances[i]!.start_ms)}] action item? "Task ${i}" (owner unknown)`] : [])
  const chunks = chunkTranscript(utterances, evidence, 800)
  let seen = 0
  for (const c of chunks) {
    assert.ok(tokensOf([...c.lines, ...c.evidence]) <= 800)
    for (const e of c.evidence) {
      const time = /^- \[([^\]]+)\]/.exec(e)![1]!
      assert.ok(c.lines.some((l) => l.startsWith(`[${time}] `)), `${e} is beside its line`)
      seen++
    }
  }
  assert.is(seen, Math.ceil(utterances.length / 5))
})

s('a short meeting is one chunk', () => {
  const chunks = chunkTranscript(syntheticMeeting(1700, 1), () => [], 6000)
  assert.is(chunks.length, 1)
})

s.run()
