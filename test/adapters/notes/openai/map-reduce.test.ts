import { Writable } from 'node:stream'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createOpenAiAnalyzer } from '../../../../adapters/notes/openai/index.js'
import { syntheticMeeting } from '../../../../bench/analyzer-synthetic.js'
import type { AnalysisInput } from '../../../../src/core/ports/analyzer.js'
import type { Utterance } from '../../../../src/core/domain/recordings/utterance.js'
import { completion, echo, echoAnswer, type StandIn, startStandIn, transcriptSent } from './stand-in.js'

const s = suite<{ standIn: StandIn; logs: string[] }>('openai analyzer: map-reduce')
s.before(async (ctx) => {
  ctx.standIn = await startStandIn()
  ctx.logs = []
})
s.after((ctx) => ctx.standIn.close())
s.before.each((ctx) => {
  ctx.standIn.requests.length = 0
  ctx.standIn.handler = echo
  ctx.logs.length = 0
})

const meeting = (utterances: Utterance[]): AnalysisInput => ({ title: 'Planning', startsAt: '2024-03-13T15:00:00Z', utterances, attendees: [] })

const analyzer = (ctx: { standIn: StandIn; logs: string[] }, contextTokens: number) =>
  createOpenAiAnalyzer({
    baseUrl: ctx.standIn.url,
    model: 'stand-in',
    contextTokens,
    retryDelaysMs: [],
    logger: pino(new Writable({ write: (c, _e, done) => (ctx.logs.push(String(c)), done()) })),
  })

const norm = (t: string) => t.replace(/\s+/g, ' ').trim()

/** Every utterance's text is among the lines the stand-in received, whole or as consecutive pieces. */
const everyUtteranceSent = (utterances: ReadonlyArray<Utterance>, sent: ReadonlyArray<string>) => {
  let k = 0
  for (const [i, u] of utterances.entries()) {
    let got = ''
    while (k < sent.length && got.length < norm(u.text).length) got = got === '' ? sent[k++]! : `${got} ${sent[k++]!}`
    assert.is(got, norm(u.text), `utterance ${i} of ${utterances.length} reached the server whole`)
  }
  assert.is(k, sent.length, 'and nothing else')
}

/** Estimated tokens of every request plus its answer reserve. */
const largestRequest = (standIn: StandIn) => Math.max(...standIn.requests.map((r) => Math.ceil(r.chars / 3.5) + r.body.max_tokens))

s('a meeting that fits takes one request, for the whole notes', async (ctx) => {
  const utterances = syntheticMeeting(1700, 1)
  const out = await analyzer(ctx, 8192).analyze(meeting(utterances))()
  assert.is(out._tag, 'Right')
  assert.is(ctx.standIn.requests.length, 1)
  const req = ctx.standIn.requests[0]!.body
  assert.is(req.response_format.json_schema.name, 'meeting_notes')
  assert.is(req.max_tokens, 2048)
  assert.ok(largestRequest(ctx.standIn) <= 8192)
  everyUtteranceSent(utterances, transcriptSent(ctx.standIn.requests))
})

s('a longer meeting is read in chunks that fit the context, then merged; nothing is left out', async (ctx) => {
  const utterances = syntheticMeeting(10_000, 2)
  const out = await analyzer(ctx, 8192).analyze(meeting(utterances))()
  assert.is(out._tag, 'Right')
  const parts = ctx.standIn.requests.filter((r) => r.body.messages[1].content.includes('\nTranscript:\n'))
  assert.ok(parts.length >= 4, `${parts.length} chunks`)
  for (const [k, r] of parts.entries()) {
    assert.is(r.body.response_format.json_schema.name, 'meeting_notes_part')
    assert.match(r.body.messages[1].content, new RegExp(`^Part ${k + 1} of ${parts.length}, \\[`, 'm'))
  }
  assert.is(ctx.standIn.requests.at(-1)!.body.response_format.json_schema.name, 'meeting_notes')
  assert.ok(largestRequest(ctx.standIn) <= 8192, `largest request ${largestRequest(ctx.standIn)} tokens`)
  everyUtteranceSent(utterances, transcriptSent(ctx.standIn.requests))
})

s('a larger context takes fewer, larger requests', async (ctx) => {
  const utterances = syntheticMeeting(10_000, 2)
  await analyzer(ctx, 8192).analyze(meeting(utterances))()
  const at8k = ctx.standIn.requests.length
  ctx.standIn.requests.length = 0
  await analyzer(ctx, 32_768).analyze(meeting(utterances))()
  assert.ok(ctx.standIn.requests.length < at8k, `${ctx.standIn.requests.length} requests at 32k, ${at8k} at 8k`)
  assert.ok(largestRequest(ctx.standIn) <= 32_768)
  assert.ok(largestRequest(ctx.standIn) > 8192)
})

s('a 3-hour transcript is read whole, its notes merged level by level within the context', async (ctx) => {
  const utterances = syntheticMeeting(30_000, 4)
  const out = await analyzer(ctx, 8192).analyze(meeting(utterances))()
  if (out._tag === 'Left') throw new Error(out.left.message)
  everyUtteranceSent(utterances, transcriptSent(ctx.standIn.requests))
  assert.ok(largestRequest(ctx.standIn) <= 8192, `largest request ${largestRequest(ctx.standIn)} tokens`)
  const merges = ctx.standIn.requests.filter((r) => r.body.messages[1].content.includes('\nNotes of the parts:\n'))
  assert.ok(merges.length >= 2, 'notes too long for one merge are merged in groups first')
  assert.ok(merges.some((r) => r.body.response_format.json_schema.name === 'meeting_notes_part'))
  // every chunk's notes went into a merge
  const chunks = ctx.standIn.requests.length - merges.length
  const merged = merges.map((r) => r.body.messages[1].content).join('\n')
  for (let k = 1; k <= chunks; k++) assert.match(merged, new RegExp(`^Part ${k} \\(\\[`, 'm'))
  const log = ctx.logs.map((l) => JSON.parse(l)).find((l) => l.requests !== undefined)
  assert.is(log.requests, ctx.standIn.requests.length)
})

s("a chunk's made-up citation is dropped before the merge sees it; a real one is written as the transcript writes it", async (ctx) => {
  ctx.standIn.handler = (req, res) => {
    const a: any = echoAnswer(req.body)
    if (req.body.response_format.json_schema.name === 'meeting_notes_part' && req.body.messages[1].content.includes('\nTranscript:\n')) {
      a.actionItems.push({ title: 'Invent a task', owner: null, due: null, time: '99:59', quote: 'nothing anyone said' })
      // "003:12" for 03:12: the right moment, written oddly
      for (const x of a.actionItems) x.time = `0${x.time}`
    }
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(completion(JSON.stringify(a)))
  }
  const out = await analyzer(ctx, 4096).analyze(meeting(syntheticMeeting(3000, 7)))()
  assert.is(out._tag, 'Right')
  const chunks = ctx.standIn.requests.filter((r) => r.body.messages[1].content.includes('\nTranscript:\n')).length
  assert.ok(chunks >= 2)
  const merged = ctx.standIn.requests.filter((r) => r.body.messages[1].content.includes('\nNotes of the parts:\n')).map((r) => r.body.messages[1].content).join('\n')
  assert.not.match(merged, /Invent a task/)
  assert.match(merged, /Action item \[\d\d:\d\d\] /)
  assert.not.match(merged, /Action item \[0\d\d:/, 'times as the transcript writes them')
  assert.is(ctx.logs.map((l) => JSON.parse(l)).find((l) => l.requests !== undefined).droppedItems, chunks)
})

s('at the smallest context (2,048 tokens) every request, merges of merges included, still fits', async (ctx) => {
  const utterances = syntheticMeeting(10_000, 6)
  const out = await analyzer(ctx, 2048).analyze(meeting(utterances))()
  assert.is(out._tag, 'Right')
  assert.ok(ctx.standIn.requests.filter((r) => r.body.messages[1].content.includes('\nNotes of the parts:\n')).length > 3)
  assert.ok(largestRequest(ctx.standIn) <= 2048, `largest request ${largestRequest(ctx.standIn)} tokens`)
  everyUtteranceSent(utterances, transcriptSent(ctx.standIn.requests))
})

const said = (at: number, speaker: string, text: string): Utterance => ({ start_ms: at * 1000, end_ms: at * 1000 + 4000, speaker, text })

s('items from different chunks all reach the notes; a task said again across a chunk border is one item, at its first moment', async (ctx) => {
  const filler = (from: number, n: number) =>
    Array.from({ length: n }, (_, i) => said(from + i * 5, i % 2 ? 'Ben' : 'Cleo', `Background point ${from + i} about the quarterly roadmap and its many dependencies.`))
  const utterances = [
    said(0, 'Ana', "I'll send the budget to finance by 2024-03-15."),
    ...filler(5, 60),
    said(400, 'Ben', "I'll book the venue for the offsite."),
    said(405, 'Ana', "So yes, I'll send the budget to finance."),
    ...filler(410, 60),
    said(800, 'Cleo', "I'll write the release notes."),
  ]
  const out = await analyzer(ctx, 2048).analyze(meeting(utterances))()
  if (out._tag === 'Left') throw new Error(out.left.message)
  const parts = ctx.standIn.requests.filter((r) => r.body.response_format.json_schema.name === 'meeting_notes_part' && r.body.messages[1].content.includes('\nTranscript:\n'))
  assert.ok(parts.length >= 3, `${parts.length} chunks`)
  const chunkOf = (text: string) => parts.findIndex((r) => r.body.messages[1].content.includes(text))
  assert.ok(chunkOf("I'll send the budget to finance by") < chunkOf("So yes, I'll send the budget"), 'the task is said again in a later chunk')
  assert.equal(
    out.right.actionItems.map((x) => [x.title, x.owner, x.due, x.atMs]),
    [
      ['Send the budget to finance by 2024-03-15', 'Ana', '2024-03-15', 0],
      ['Book the venue for the offsite', 'Ben', null, 400_000],
      ['Write the release notes', 'Cleo', null, 800_000],
    ],
  )
  const log = ctx.logs.map((l) => JSON.parse(l)).find((l) => l.merged !== undefined)
  assert.is(log.merged, 1)
})

s.run()
