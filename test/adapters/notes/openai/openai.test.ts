import { Writable } from 'node:stream'
import * as TE from 'fp-ts/lib/TaskEither.js'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createOpenAiAnalyzer, type OpenAiAnalyzerOptions } from '../../../../adapters/notes/openai/index.js'
import type { Notes } from '../../../../src/core/domain/notes/notes.js'
import type { AnalysisInput, Analyzer } from '../../../../src/core/ports/analyzer.js'
import { closedPort, completion, echo, type Handler, reply, type StandIn, startStandIn } from './stand-in.js'

interface Ctx {
  standIn: StandIn
  logs: string[]
}

const openai = suite<Ctx>('openai analyzer: answers, citations and failures')
openai.before(async (ctx) => {
  ctx.standIn = await startStandIn()
  ctx.logs = []
})
openai.after((ctx) => ctx.standIn.close())
openai.before.each((ctx) => {
  ctx.standIn.requests.length = 0
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
    { start_ms: 0, end_ms: 4000, speaker: 'Ana Lopez', text: "Hi all. I'll send the deck by Friday." },
    { start_ms: 4000, end_ms: 10000, speaker: 'Ben', text: 'Sounds good, the budget is fine. We decided to keep the budget as it is.' },
    { start_ms: 10000, end_ms: 16000, speaker: 'Ana Lopez', text: 'Ben, can you book the room for Tuesday? Priya will review the contract.' },
    { start_ms: 16000, end_ms: 20000, speaker: 'Ben', text: 'Yes, I can do that.' },
  ],
  attendees: [{ name: 'Ana Lopez', email: 'ana@example.com' }],
}

const answer = {
  shortSummary: 'Ana will send the deck; the budget stays.',
  detailedSummary: 'The team agreed the budget is fine and Ana will send the deck by Friday.',
  topics: [
    { label: 'The deck', start: '00:00' },
    { label: 'Budget and logistics', start: '00:04' },
  ],
  actionItems: [{ title: 'Send the deck', owner: 'Ana', due: '2024-03-15', time: '00:00', quote: "I'll send the deck by Friday." }],
  decisions: [{ text: 'The budget stays as it is.', by: 'Ben', time: '00:04' }],
}

const answering = (content: unknown): Handler => reply(200, completion(JSON.stringify(content)))

const analyzerFor = (ctx: Ctx, extra: Partial<OpenAiAnalyzerOptions> = {}) =>
  createOpenAiAnalyzer({
    baseUrl: `${ctx.standIn.url}/`,
    apiKey: 'sk-test-secret',
    model: 'test-model',
    fallback,
    retryDelaysMs: [10, 40],
    logger: pino(new Writable({ write: (c, _e, done) => (ctx.logs.push(String(c)), done()) })),
    ...extra,
  })

const logged = (ctx: Ctx) => ctx.logs.map((l) => JSON.parse(l))

openai('a good answer becomes notes citing their utterances, with speakers, attendees and shares computed locally', async (ctx) => {
  ctx.standIn.handler = answering(answer)
  const out = await analyzerFor(ctx).analyze(input)()
  if (out._tag === 'Left') throw new Error(out.left.message)
  const n = out.right
  assert.is(n.shortSummary, answer.shortSummary)
  assert.equal(n.actionItems, [
    { title: 'Send the deck', owner: 'Ana Lopez', due: '2024-03-15', status: 'active', context: "I'll send the deck by Friday.", tags: ['commitment', 'deadline'], atMs: 0 },
  ])
  assert.equal(n.decisions, [{ text: 'The budget stays as it is.', by: 'Ben', atMs: 4000, speaker: 'Ben' }])
  // shares of talk time from each topic's start to the next one's
  assert.equal(n.topics, [
    { label: 'The deck', share: 0.2 },
    { label: 'Budget and logistics', share: 0.8 },
  ])
  assert.equal(n.speakers.map((s) => [s.name, s.talkMs]), [['Ana Lopez', 10000], ['Ben', 10000]])
  assert.equal(n.attendees, [{ name: 'Ana Lopez', email: 'ana@example.com' }, { name: 'Ben', email: null }])
  assert.equal(n.madeBy, { analyzer: 'openai', model: 'test-model', template: 'general', fallbackReason: null })
  const req = ctx.standIn.requests[0]!
  assert.is(ctx.standIn.requests.length, 1)
  assert.is(req.path, '/v1/chat/completions')
  assert.is(req.headers.authorization, 'Bearer sk-test-secret')
  assert.is(req.body.model, 'test-model')
  assert.is(req.body.temperature, 0)
  assert.is(req.body.response_format.type, 'json_schema')
  assert.equal(req.body.response_format.json_schema.schema.required, ['shortSummary', 'detailedSummary', 'topics', 'actionItems', 'decisions'])
  assert.match(req.body.messages[1].content, /\[00:10\] Ana Lopez: Ben, can you book the room for Tuesday\?/)
})

openai("the built-in analyzer's candidates go to the model as evidence, with their time, owner and due date", async (ctx) => {
  ctx.standIn.handler = answering(answer)
  await analyzerFor(ctx).analyze(input)()
  const user: string = ctx.standIn.requests[0]!.body.messages[1].content
  const evidence = user.slice(user.indexOf('Candidates'), user.indexOf('Transcript:'))
  assert.match(evidence, /- \[00:00\] action item\? "Send the deck[^"]*" \(owner Ana Lopez; due 2024-03-15\)/)
  assert.match(evidence, /- \[00:10\] action item\? "[^"]*room[^"]*" \(owner Ben; due 2024-03-19\)/)
})

openai('citations: a time the transcript lacks is matched by the quoted words, or the item is dropped and counted', async (ctx) => {
  ctx.standIn.handler = answering({
    ...answer,
    actionItems: [
      { title: 'Book the room', owner: 'Ben', due: '2024-03-19', time: '00:10', quote: 'Ben, can you book the room for Tuesday?' },
      // wrong time, right words: re-cited
      { title: 'Review the contract', owner: 'Priya', due: null, time: '00:11', quote: 'Priya will review the contract.' },
      // a moment and words the meeting does not have
      { title: 'Order pizza', owner: 'Ben', due: null, time: '59:59', quote: 'I will order pizza for everyone.' },
      { title: 'Call the bank', owner: 'Zed', due: 'Friday', time: 'soon', quote: 'call the bank' },
    ],
    decisions: [
      { text: 'Keep the budget.', by: 'Ben', time: '[00:04]' },
      { text: 'Ship on Friday.', by: null, time: '12:00' },
    ],
  })
  const out = await analyzerFor(ctx).analyze(input)()
  if (out._tag === 'Left') throw new Error(out.left.message)
  assert.equal(
    out.right.actionItems.map((x) => [x.title, x.owner, x.due, x.atMs, x.context]),
    [
      ['Book the room', 'Ben', '2024-03-19', 10000, 'Ben, can you book the room for Tuesday?'],
      ['Review the contract', 'Priya', null, 10000, 'Priya will review the contract.'],
    ],
  )
  assert.equal(out.right.decisions, [{ text: 'Keep the budget.', by: 'Ben', atMs: 4000, speaker: 'Ben' }])
  const info = logged(ctx).find((l) => l.requests !== undefined)
  assert.is(info.droppedItems, 2)
  assert.is(info.droppedDecisions, 1)
  assert.is(info.recited, 1)
  assert.match(info.msg, /2 action item\(s\) and 1 decision\(s\) cited no moment of the transcript and were dropped/)
})

openai('owners are checked against speakers and attendees; dates must be real days from the meeting on', async (ctx) => {
  const item = { title: 'Send the deck', time: '00:00', quote: "I'll send the deck by Friday." }
  ctx.standIn.handler = answering({
    ...answer,
    actionItems: [
      { ...item, title: 'Send the deck A', owner: 'ana lopez', due: '2024-02-30' },
      { ...item, title: 'Book room B', owner: 'Ben Smith', due: '2024-03-01' },
      { ...item, title: 'Review contract C', owner: 'Priya', due: '2024-03-13' },
      { ...item, title: 'Write memo D', owner: 'Zed', due: 'Friday' },
      { ...item, title: 'Plan trip E', owner: ' unknown ', due: null },
    ],
  })
  const out = await analyzerFor(ctx).analyze(input)()
  if (out._tag === 'Left') throw new Error(out.left.message)
  assert.equal(
    out.right.actionItems.map((x) => [x.owner, x.due]),
    [
      ['Ana Lopez', null],
      ['Ben', null],
      ['Priya', '2024-03-13'],
      [null, null],
      [null, null],
    ],
  )
  assert.is(logged(ctx).find((l) => l.requests !== undefined).ownersCleared, 1)
})

openai('the same task listed twice by the model is kept once, most specific wording, earliest moment', async (ctx) => {
  ctx.standIn.handler = answering({
    ...answer,
    actionItems: [
      { title: 'Book the room', owner: 'Ben', due: null, time: '00:16', quote: 'Yes, I can do that.' },
      { title: 'Book the meeting room for Tuesday', owner: 'Ben', due: '2024-03-19', time: '00:10', quote: 'Ben, can you book the room for Tuesday?' },
      { title: 'Book the room', owner: 'Ana Lopez', due: null, time: '00:10', quote: 'can you book the room' },
    ],
  })
  const out = await analyzerFor(ctx).analyze(input)()
  if (out._tag === 'Left') throw new Error(out.left.message)
  assert.equal(
    out.right.actionItems.map((x) => [x.title, x.owner, x.due, x.atMs]),
    [
      ['Book the meeting room for Tuesday', 'Ben', '2024-03-19', 10000],
      ['Book the room', 'Ana Lopez', null, 10000],
    ],
  )
})

openai('HTTP 503 is retried after the waits, then the answer is used', async (ctx) => {
  let calls = 0
  ctx.standIn.handler = (req, res) => (++calls < 3 ? reply(503, '{"error":{"message":"loading model"}}')(req, res) : answering(answer)(req, res))
  const started = Date.now()
  const out = await analyzerFor(ctx).analyze(input)()
  assert.is(out._tag === 'Right' && out.right.madeBy?.analyzer, 'openai')
  assert.is(ctx.standIn.requests.length, 3)
  assert.ok(Date.now() - started >= 50, 'waited 10 then 40 ms')
  const warns = logged(ctx).filter((l) => l.level === 40)
  assert.equal(warns.map((w) => [w.try, w.waitMs]), [[1, 10], [2, 40]])
  assert.match(warns[0].msg, /failed on the meeting \(HTTP 503: loading model\); trying again in 10 ms/)
})

openai('HTTP 429 is retried; a 4xx is not, and says what to check', async (ctx) => {
  let calls = 0
  ctx.standIn.handler = (req, res) => (++calls === 1 ? reply(429, '{}')(req, res) : answering(answer)(req, res))
  assert.is((await analyzerFor(ctx).analyze(input)())._tag, 'Right')
  assert.is(ctx.standIn.requests.length, 2)
  ctx.standIn.requests.length = 0
  ctx.standIn.handler = reply(404, '{"error":{"message":"model \\"test-model\\" not found, try pulling it first"}}')
  const out = await analyzerFor(ctx).analyze(input)()
  assert.is(ctx.standIn.requests.length, 1)
  assert.is(
    out._tag === 'Right' && out.right.madeBy?.fallbackReason,
    `the notes server at ${ctx.standIn.url} refused the request (HTTP 404: model "test-model" not found, try pulling it first; check the address and the model name)`,
  )
})

openai('a request larger than the server\'s context is refused, and the words say which setting to check', async (ctx) => {
  ctx.standIn.handler = reply(400, '{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error"}}')
  const out = await analyzerFor(ctx).analyze(input)()
  assert.is(ctx.standIn.requests.length, 1)
  assert.is(
    out._tag === 'Right' && out.right.madeBy?.fallbackReason,
    `the notes server at ${ctx.standIn.url} refused the request (HTTP 400: the request exceeds the available context size, try increasing it; is NOTETAKER_ANALYZER_CONTEXT_TOKENS larger than the server's context?)`,
  )
})

openai('server down: the fallback writes the notes and says why in words', async (ctx) => {
  const port = await closedPort()
  const out = await analyzerFor(ctx, { baseUrl: `http://127.0.0.1:${port}/v1` }).analyze({ ...input, template: { id: 'standup', name: 'Standup', instructions: 'x' } })()
  if (out._tag === 'Left') throw new Error(out.left.message)
  assert.equal(out.right, {
    ...fallbackNotes,
    madeBy: {
      analyzer: 'stub-fallback',
      model: null,
      template: 'standup',
      fallbackReason: `the notes server at http://127.0.0.1:${port} did not answer after 3 tries (connection refused)`,
    },
  })
  const last = logged(ctx).at(-1)
  assert.match(last.msg, /could not analyse "Weekly sync" \(the notes server at .* did not answer after 3 tries \(connection refused\)\); using the stub-fallback analyzer instead/)
})

openai('server down without a fallback: the analysis fails with the same words', async (ctx) => {
  const port = await closedPort()
  const { fallback: _, ...noFallback } = { fallback }
  const out = await createOpenAiAnalyzer({ baseUrl: `http://127.0.0.1:${port}`, model: 'm', retryDelaysMs: [1, 1], ...noFallback }).analyze(input)()
  assert.equal(out, {
    _tag: 'Left',
    left: { _tag: 'AnalysisFailure', message: `The notes could not be written: the notes server at http://127.0.0.1:${port} did not answer after 3 tries (connection refused).` },
  })
})

openai('an answer that misses the schema is asked for once more, telling the model what was wrong', async (ctx) => {
  let calls = 0
  ctx.standIn.handler = (req, res) => (++calls === 1 ? answering({ shortSummary: 'x' })(req, res) : answering(answer)(req, res))
  const out = await analyzerFor(ctx).analyze(input)()
  assert.is(out._tag === 'Right' && out.right.madeBy?.analyzer, 'openai')
  assert.is(ctx.standIn.requests.length, 2)
  const again = ctx.standIn.requests[1]!.body.messages
  assert.is(again.length, 4)
  assert.is(again[2].role, 'assistant')
  assert.match(again[3].content, /That answer cannot be used: the answer does not match the schema: .*detailedSummary/)
})

openai('twice the wrong form, or not JSON at all: the fallback, saying so', async (ctx) => {
  ctx.standIn.handler = answering({ shortSummary: 'x' })
  const out = await analyzerFor(ctx).analyze(input)()
  assert.is(ctx.standIn.requests.length, 2)
  assert.match(String(out._tag === 'Right' && out.right.madeBy?.fallbackReason), /^the model test-model at http:\/\/127\.0\.0\.1:\d+ did not give notes in the expected form \(the answer does not match the schema/)
  ctx.standIn.requests.length = 0
  ctx.standIn.handler = reply(200, completion('Here are your notes: ...'))
  const prose = await analyzerFor(ctx).analyze(input)()
  assert.match(String(prose._tag === 'Right' && prose.right.madeBy?.fallbackReason), /\(the answer is not valid JSON\)$/)
  ctx.standIn.handler = reply(200, '<html>oops')
  const html = await analyzerFor(ctx).analyze(input)()
  assert.match(String(html._tag === 'Right' && html.right.madeBy?.fallbackReason), /did not answer with JSON; is it an OpenAI-compatible server\?$/)
})

openai('an answer cut at max_tokens is asked for again, shorter', async (ctx) => {
  let calls = 0
  ctx.standIn.handler = (req, res) => (++calls === 1 ? reply(200, completion('{"shortSummary": "The te', 'length'))(req, res) : answering(answer)(req, res))
  const out = await analyzerFor(ctx).analyze(input)()
  assert.is(out._tag === 'Right' && out.right.madeBy?.analyzer, 'openai')
  assert.match(ctx.standIn.requests[1]!.body.messages[3].content, /cut off at 2048 tokens; be shorter/)
})

openai('no answer within the timeout: retried, then the fallback says how long it waited', async (ctx) => {
  ctx.standIn.handler = () => undefined
  const out = await analyzerFor(ctx, { timeoutMs: 150, retryDelaysMs: [1, 1] }).analyze(input)()
  assert.is(ctx.standIn.requests.length, 3)
  assert.is(out._tag === 'Right' && out.right.madeBy?.fallbackReason, `the notes server at ${ctx.standIn.url} did not answer after 3 tries (no answer within 150 ms)`)
})

openai('the API key is never in a message or a log', async (ctx) => {
  ctx.standIn.handler = reply(401, '{"error":{"message":"Incorrect API key provided: sk-test-secret"}}')
  const out = await analyzerFor(ctx).analyze(input)()
  const reason = String(out._tag === 'Right' && out.right.madeBy?.fallbackReason)
  assert.is(reason, `the notes server at ${ctx.standIn.url} refused the request (HTTP 401: Incorrect API key provided: ***; check the API key)`)
  assert.not.match(ctx.logs.join('\n'), /sk-test-secret/)
})

openai('the stop signal stops the requests and the retry waits: no fallback, no more tries', async (ctx) => {
  ctx.standIn.handler = reply(503, '{}')
  const stop = new AbortController()
  setTimeout(() => stop.abort(), 100)
  const started = Date.now()
  const out = await analyzerFor(ctx, { retryDelaysMs: [60_000, 60_000] }).analyze(input, { signal: stop.signal })()
  assert.ok(Date.now() - started < 5000)
  assert.equal(out, { _tag: 'Left', left: { _tag: 'AnalysisFailure', message: 'the analysis was stopped' } })
  assert.is(ctx.standIn.requests.length, 1)
})

openai('empty input goes to the fallback without a request', async (ctx) => {
  ctx.standIn.handler = echo
  const out = await analyzerFor(ctx).analyze({ ...input, utterances: [{ start_ms: 0, end_ms: 1, speaker: 'A', text: '  ' }] })()
  assert.equal(out, { _tag: 'Right', right: fallbackNotes })
  assert.is(ctx.standIn.requests.length, 0)
  assert.is(analyzerFor(ctx).name, 'openai')
})

openai.run()
