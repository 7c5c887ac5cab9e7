import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createEventSink } from '../../../../adapters/bots/chromium/event-sink.js'
import type { BotEvent } from '../../../../src/core/ports/bot-runner.js'

const silent = pino({ level: 'silent' })

test('event sink: delivers one at a time, in order, even when the consumer is slow', async () => {
  const seen: string[] = []
  let inFlight = 0
  const sink = createEventSink(async (e) => {
    inFlight++
    assert.is(inFlight, 1, 'never two deliveries at once')
    await new Promise((r) => setTimeout(r, e.type === 'joining' ? 20 : 1))
    seen.push(e.type)
    inFlight--
  }, silent)
  sink.push({ type: 'joining', at: 1 })
  sink.push({ type: 'waiting', at: 2 })
  sink.push({ type: 'admitted', at: 3 })
  await sink.end({ type: 'left', at: 4, reason: 'meeting_ended', detail: 'done' })
  assert.equal(seen, ['joining', 'waiting', 'admitted', 'left'])
})

test('event sink: exactly one terminal event; anything after it is dropped', async () => {
  const seen: BotEvent[] = []
  const sink = createEventSink(async (e) => void seen.push(e), silent)
  await sink.end({ type: 'failed', at: 1, reason: 'denied', detail: 'no' })
  sink.push({ type: 'admitted', at: 2 })
  await sink.end({ type: 'left', at: 3, reason: 'asked_to_leave', detail: 'late' })
  assert.equal(seen.map((e) => e.type), ['failed'])
  assert.ok(sink.ended)
})

test('event sink: a consumer that throws does not stop later events', async () => {
  const seen: string[] = []
  const sink = createEventSink(async (e) => {
    if (e.type === 'waiting') throw new Error('engine hiccup')
    seen.push(e.type)
  }, silent)
  sink.push({ type: 'joining', at: 1 })
  sink.push({ type: 'waiting', at: 2 })
  await sink.end({ type: 'left', at: 3, reason: 'alone', detail: 'alone' })
  assert.equal(seen, ['joining', 'left'])
  assert.equal(sink.counts(), { joining: 1, left: 1 })
})

test.run()
