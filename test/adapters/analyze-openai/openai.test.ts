import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Writable } from 'node:stream'
import * as TE from 'fp-ts/lib/TaskEither.js'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createOpenAiAnalyzer } from '../../../adapters/analyze-openai/index.js'
import type { Notes } from '../../../src/core/domain/notes.js'
import type { AnalysisInput, Analyzer } from '../../../src/core/ports/analyzer.js'

type Handler = (req: IncomingMessage, body: string, res: ServerResponse) => void

interface Ctx {
  url: string
  handler: Handler
  requests: Array<{ path: string; headers: IncomingMessage['headers']; body: any }>
  close: () => Promise<void>
  logs: string[]
}

const openai = suite<Ctx>('openai analyzer')

openai.before(async (ctx) => {
  ctx.requests = []
  ctx.logs = []
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      ctx.requests.push({ path: req.url ?? '', headers: req.headers, body: body === '' ? null : JSON.parse(body) })
      ctx.handler(req, body, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  ctx.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  ctx.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
})

openai.after(async (ctx) => ctx.close())
openai.before.each((ctx) => {
  ctx.requests.length = 0
  ctx.logs.length = 0
})

const fallbackNotes: Notes = {
  shortSummary: 'from the fallback',
  detailedSummary: 'from the fallback',
  attendees: [],
  topics: [],
  actionItems: [],
  decisions: [],
  speakers: [],
}
const fallback: Analyzer = { name: 'stub-fallback', analyze: () => TE.right(fallbackNotes) }

const input: AnalysisInput = {
  title: 'Weekly sync',
  startsAt: '2024-03-13T15:00:00Z',
  utterances: [
    { start_ms: 0, end_ms: 4000, speaker: 'Ana', text: "I'll send the deck by Friday." },
    { start_ms: 4000, end_ms: 10000, speaker: 'Ben', text: 'Sounds good, the budget is fine.' },
  ],
  attendees: [{ name: 'Ana', email: 'ana@example.com' }],
}

const answer = {
  shortSummary: 'Ana will send the deck.',
  detailedSummary: 'The team agreed the budget is fine and Ana will send the deck by Friday.',
  topics: [
    { label: 'Deck', share: 0.3 },
    { label: 'Budget', share: 0.5 },
  ],
  actionItems: [{ title: 'Send the deck', owner: 'Ana', due: '2024-03-15', context: "I'll send the deck by Friday.", tags: ['commitment'] }],
  decisions: [{ text: 'The budget stays as it is.', by: 'Ben', speaker: 'Ben', time: '00:04' }],
}

const completion = (content: string) => JSON.stringify({ choices: [{ message: { role: 'assistant', content } }] })
const reply = (status: number, body: string): Handler => (_req, _body, res) => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(body)
}

const analyzerFor = (ctx: Ctx, extra: { timeoutMs?: number; maxTranscriptChars?: number } = {}) => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      ctx.logs.push(String(chunk))
      done()
    },
  })
  return createOpenAiAnalyzer({ baseUrl: `${ctx.url}/`, apiKey: 'sk-test', model: 'test-model', fallback, logger: pino(sink), ...extra })
}

openai('a good answer becomes notes, with speakers and attendees computed locally', async (ctx) => {
  ctx.handler = reply(200, completion(JSON.stringify(answer)))
  const out = await analyzerFor(ctx).analyze(input)()
  if (out._tag === 'Left') throw new Error(out.left.message)
  const n = out.right
  assert.is(n.shortSummary, answer.shortSummary)
  assert.equal(n.actionItems, [{ ...answer.actionItems[0], status: 'active' }])
  // shares renormalised to sum to 1
  assert.equal(n.topics.map((t) => t.label), ['Deck', 'Budget'])
  assert.ok(Math.abs(n.topics.reduce((a, t) => a + t.share, 0) - 1) < 1e-9)
  assert.equal(n.speakers.map((s) => [s.name, s.talkMs]), [['Ana', 4000], ['Ben', 6000]])
  assert.equal(n.attendees, [{ name: 'Ana', email: 'ana@example.com' }, { name: 'Ben', email: null }])
  const req = ctx.requests[0]!
  assert.is(req.path, '/v1/chat/completions')
  assert.is(req.headers.authorization, 'Bearer sk-test')
  assert.is(req.body.model, 'test-model')
  assert.is(req.body.response_format.type, 'json_schema')
  assert.equal(req.body.response_format.json_schema.schema.required, ['shortSummary', 'detailedSummary', 'topics', 'actionItems', 'decisions'])
  assert.equal(n.decisions, [{ text: 'The budget stays as it is.', by: 'Ben', atMs: 4000, speaker: 'Ben' }])
  assert.match(req.body.messages[0].content, /decisions:/)
  assert.match(req.body.messages[1].content, /Ana: I'll send the deck by Friday\./)
  assert.is(ctx.logs.length, 0)
})

openai('a decision whose time or speaker the transcript does not have keeps them null', async (ctx) => {
  const odd = {
    ...answer,
    decisions: [
      { text: '  Ship on Friday. ', by: ' ', speaker: 'Zoe', time: '59:59' },
      { text: 'Keep the budget.', by: 'Ana', speaker: 'Ana', time: null },
      { text: ' ', by: null, speaker: null, time: null },
    ],
  }
  ctx.handler = reply(200, completion(JSON.stringify(odd)))
  const out = await analyzerFor(ctx).analyze(input)()
  if (out._tag === 'Left') throw new Error(out.left.message)
  assert.equal(out.right.decisions, [
    { text: 'Ship on Friday.', by: null, atMs: null, speaker: null },
    { text: 'Keep the budget.', by: 'Ana', atMs: null, speaker: 'Ana' },
  ])
})

openai('an answer without decisions falls back', (ctx) => {
  const { decisions: _, ...without } = answer
  return fallsBack(ctx, reply(200, completion(JSON.stringify(without))), /decisions/)
})

openai('an invalid due date from the model becomes null', async (ctx) => {
  const odd = { ...answer, actionItems: [{ ...answer.actionItems[0], due: 'Friday' }] }
  ctx.handler = reply(200, completion(JSON.stringify(odd)))
  const out = await analyzerFor(ctx).analyze(input)()
  assert.is(out._tag === 'Right' && out.right.actionItems[0]!.due, null)
})

const fallsBack = async (ctx: Ctx, handler: Handler, reason: RegExp, extra = {}) => {
  ctx.handler = handler
  const out = await analyzerFor(ctx, extra).analyze(input)()
  assert.equal(out, { _tag: 'Right', right: fallbackNotes })
  assert.is(ctx.logs.length, 1)
  const log = JSON.parse(ctx.logs[0]!)
  assert.is(log.level, 40)
  assert.match(log.reason, reason)
  assert.match(log.msg, /using the stub-fallback analyzer instead/)
}

openai('HTTP 500 falls back', (ctx) => fallsBack(ctx, reply(500, '{"error":"boom"}'), /HTTP 500/))
openai('a body that is not JSON falls back', (ctx) => fallsBack(ctx, reply(200, '<html>oops'), /not answer with JSON/))
openai('message content that is not JSON falls back', (ctx) =>
  fallsBack(ctx, reply(200, completion('Here are your notes: ...')), /valid JSON/),
)
openai('an answer that misses fields falls back', (ctx) =>
  fallsBack(ctx, reply(200, completion(JSON.stringify({ shortSummary: 'x' }))), /does not match the schema/),
)
openai('no answer within the timeout falls back', (ctx) =>
  // the handler never answers; closeAllConnections in after() ends the socket
  fallsBack(ctx, () => undefined, /no answer within 300 ms/, { timeoutMs: 300 }),
)
openai('a server that is not there falls back', async (ctx) => {
  const out = await createOpenAiAnalyzer({ baseUrl: 'http://127.0.0.1:9', model: 'm', fallback }).analyze(input)()
  assert.equal(out, { _tag: 'Right', right: fallbackNotes })
  assert.is(ctx.requests.length, 0)
})

openai('a long transcript is cut to the character budget, keeping its start and end', async (ctx) => {
  ctx.handler = reply(200, completion(JSON.stringify(answer)))
  const long: AnalysisInput = {
    ...input,
    utterances: Array.from({ length: 400 }, (_, i) => ({
      start_ms: i * 5000,
      end_ms: i * 5000 + 4000,
      speaker: i % 2 ? 'Ana' : 'Ben',
      text: `Point number ${i} about the budget and the deck.`,
    })),
  }
  await analyzerFor(ctx, { maxTranscriptChars: 2000 }).analyze(long)()
  const content: string = ctx.requests[0]!.body.messages[1].content
  const transcript = content.slice(content.indexOf('Transcript:'))
  assert.ok(transcript.length < 2000 + 200, `sent ${transcript.length} characters`)
  assert.match(transcript, /Point number 0 /)
  assert.match(transcript, /Point number 399 /)
  assert.match(transcript, /utterances of the middle of the meeting left out/)
})

openai('empty input goes straight to the fallback without a request', async (ctx) => {
  ctx.handler = reply(200, completion(JSON.stringify(answer)))
  const out = await analyzerFor(ctx).analyze({ ...input, utterances: [] })()
  assert.equal(out, { _tag: 'Right', right: fallbackNotes })
  assert.is(ctx.requests.length, 0)
  assert.is(analyzerFor(ctx).name, 'openai')
})

openai.run()
