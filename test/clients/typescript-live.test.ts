/**
 * The client's `bots.live`: the simulated bot's meeting as an async iterator, typed events in
 * order, the connection dropped mid-way and opened again with Last-Event-ID (nothing missed or
 * repeated), the iteration over at `end`; an error answer as NotetakerApiError.
 */
import { pino } from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createSimulatedBotRunner } from '../../adapters/bots/simulated/runner.js'
import { createClient, type LiveEvent, NotetakerApiError } from '../../clients/typescript/src/index.js'
import { type Harness, startHarness } from '../support/http.js'

const s = suite<{ h: Harness }>('TypeScript client: bots.live')
s.before.each(async (ctx) => {
  ctx.h = await startHarness({ ports: { botRunner: createSimulatedBotRunner({ clock: { now: () => new Date() }, logger: pino({ level: 'silent' }), speed: 20, audio: false, joinMs: 200, waitMs: 200 }) } })
})
s.after.each(async ({ h }) => h.close())

/** A fetch whose first live response is cut after `bytes` bytes, as a proxy dropping the connection would; it records the Last-Event-ID of each live request. */
const droppingFetch = (bytes: number) => {
  const resumedFrom: Array<string | null> = []
  const fetchImpl: typeof fetch = async (input, init) => {
    const res = await fetch(input, init)
    if (!String(input).endsWith('/live')) return res
    resumedFrom.push(new Headers(init?.headers).get('last-event-id'))
    if (resumedFrom.length > 1) return res
    const reader = res.body!.getReader()
    let sent = 0
    const cut = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const { done, value } = await reader.read()
        if (done || sent >= bytes) {
          await reader.cancel()
          controller.close()
          return
        }
        sent += value.length
        controller.enqueue(value)
      },
    })
    return new Response(cut, { status: res.status, headers: res.headers })
  }
  return { fetchImpl, resumedFrom }
}

s('the events come typed and in order; after a drop the client resumes after the last one; the end ends the iteration', async ({ h }) => {
  const { fetchImpl, resumedFrom } = droppingFetch(600)
  const client = createClient({ baseUrl: h.url, apiKey: h.keys.full, fetch: fetchImpl })
  const bot = await client.bots.send({ joinUrl: 'https://meet.google.com/abc-defg-hij' })
  const working = h.worker.drain()
  const got: LiveEvent[] = []
  for await (const e of client.bots.live(bot.runId)) got.push(e)
  await working
  assert.ok(resumedFrom.length >= 2 && resumedFrom[0] === null && resumedFrom[1] !== null, `dropped once and resumed: ${JSON.stringify(resumedFrom)}`)
  assert.equal(got.map((e) => e.seq), got.map((_, i) => i + 1), 'nothing missed or repeated across the drop')
  const last = got[got.length - 1]!
  assert.ok(last.event === 'end' && last.outcome === 'left')
  const lines = got.flatMap((e) => (e.event === 'utterance' ? [e.text] : []))
  const transcript = (await client.recordings.get(bot.runId, { transcript: true })).transcript?.map((u) => u.text)
  assert.equal(lines, transcript)
})

s("another account's bot: the iteration throws NotetakerApiError NOT_FOUND", async ({ h }) => {
  const bot = await createClient({ baseUrl: h.url, apiKey: h.keys.full }).bots.send({ joinUrl: 'https://meet.google.com/abc-defg-hij' })
  const stranger = createClient({ baseUrl: h.url, apiKey: h.keys.other })
  try {
    for await (const _ of stranger.bots.live(bot.runId)) assert.unreachable('no event for a stranger')
    assert.unreachable('it throws')
  } catch (e) {
    assert.ok(e instanceof NotetakerApiError, String(e))
    assert.equal([e.status, e.code], [404, 'NOT_FOUND'])
  }
  await h.worker.drain()
})

s('bots.liveToken: a token a keyless page opens the stream with', async ({ h }) => {
  const client = createClient({ baseUrl: h.url, apiKey: h.keys.full })
  const bot = await client.bots.send({ joinUrl: 'https://meet.google.com/abc-defg-hij' })
  await h.worker.drain()
  const { token, expiresAt } = await client.bots.liveToken(bot.runId)
  assert.is(expiresAt, new Date(h.clock.now().getTime() + 5 * 60_000).toISOString())
  const keyless = await fetch(`${h.url}/ext/v1/bots/${bot.runId}/live?token=${encodeURIComponent(token)}`)
  assert.is(keyless.status, 200)
  assert.match(await keyless.text(), /event: end/)
})

s.run()
