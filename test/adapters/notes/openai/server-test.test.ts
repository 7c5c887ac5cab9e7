import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { testAnalyzerServer } from '../../../../adapters/notes/openai/index.js'
import { closedPort, completion, reply, type StandIn, startStandIn } from './stand-in.js'

const s = suite<{ standIn: StandIn }>('openai analyzer: the settings "Test"')
s.before(async (ctx) => {
  ctx.standIn = await startStandIn()
})
s.after((ctx) => ctx.standIn.close())
s.before.each((ctx) => {
  ctx.standIn.requests.length = 0
})

s("a working server: the model's summary of the sample and the time it took", async (ctx) => {
  ctx.standIn.handler = reply(200, completion(JSON.stringify({ summary: 'The release moves to Thursday; Ben fixes the leak.' })))
  const out = await testAnalyzerServer({ baseUrl: ctx.standIn.url, apiKey: 'k', model: 'llama3.1:8b' })
  assert.is(out.ok, true)
  if (!out.ok) return
  assert.is(out.answer, 'The release moves to Thursday; Ben fixes the leak.')
  assert.ok(out.ms >= 0 && out.ms < 10_000)
  const body = ctx.standIn.requests[0]!.body
  assert.is(body.model, 'llama3.1:8b')
  assert.is(body.response_format.type, 'json_schema')
  assert.match(body.messages[1].content, /\[00:09\] Ben: I'll fix the leak/)
})

s('failures in words, tried once', async (ctx) => {
  ctx.standIn.handler = reply(503, '{"error":"busy"}')
  assert.equal(await testAnalyzerServer({ baseUrl: ctx.standIn.url, model: 'm' }), {
    ok: false,
    error: `the notes server at ${ctx.standIn.url} failed after 1 try (HTTP 503: busy)`,
  })
  assert.is(ctx.standIn.requests.length, 1)
  const port = await closedPort()
  assert.equal(await testAnalyzerServer({ baseUrl: `http://127.0.0.1:${port}`, model: 'm' }), {
    ok: false,
    error: `the notes server at http://127.0.0.1:${port} did not answer after 1 try (connection refused)`,
  })
  assert.equal(await testAnalyzerServer({ baseUrl: 'localhost:11434', model: 'm' }), {
    ok: false,
    error: 'the address must start with http:// or https://, such as http://127.0.0.1:11434',
  })
  ctx.standIn.handler = () => undefined
  assert.equal(await testAnalyzerServer({ baseUrl: ctx.standIn.url, model: 'm', timeoutMs: 100 }), {
    ok: false,
    error: `the notes server at ${ctx.standIn.url} did not answer after 1 try (no answer within 100 ms)`,
  })
})

s.run()
