/**
 * The WebSocket pump: a feed's messages sent in order then a normal close; a client that stops
 * reading closed with 1008 once its unsent bytes pass the cap, with the feed stopped; a client
 * that leaves stops the feed. A stand-in socket whose unsent bytes only grow plays the client that never reads.
 */
import { EventEmitter } from 'node:events'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import WebSocket from 'ws'
import { CLOSE, pumpFeed, type PumpSocket, TOO_SLOW } from '../../../../adapters/driving/http-koa/exchange/web-socket.js'
import type { SocketFeed } from '../../../../adapters/driving/http-koa/route.js'

const logger = pino({ level: 'silent' })

/** A socket that never drains: every message sent stays in `bufferedAmount`. */
const neverReads = () => {
  const events = new EventEmitter()
  const socket = {
    readyState: WebSocket.OPEN as number,
    bufferedAmount: 0,
    sent: [] as string[],
    closedWith: null as null | { code: number; reason: string },
    send(text: string) {
      this.sent.push(text)
      this.bufferedAmount += Buffer.byteLength(text)
    },
    ping() {},
    close(code: number, reason: string) {
      this.closedWith = { code, reason }
      this.readyState = WebSocket.CLOSING
      events.emit('close')
    },
    terminate() {
      this.readyState = WebSocket.CLOSED
      events.emit('close')
    },
    on(event: 'close' | 'pong', listener: () => void) {
      events.on(event, listener)
      return this
    },
  }
  return socket satisfies PumpSocket
}

const feedOf = (messages: AsyncIterable<string>) => {
  const state = { closed: 0 }
  const feed: SocketFeed = { messages, beat: () => {}, close: () => void (state.closed += 1), endReason: 'done' }
  return { feed, state }
}

test('every message in order, then a normal close with the reason', async () => {
  const socket = neverReads()
  const { feed, state } = feedOf(
    (async function* () {
      yield* ['a', 'b', 'c']
    })(),
  )
  await pumpFeed(socket, feed, { logger })
  assert.equal(socket.sent, ['a', 'b', 'c'])
  assert.equal(socket.closedWith, { code: CLOSE.normal, reason: 'done' })
  assert.ok(state.closed > 0, 'the feed is stopped')
})

test('a client that does not read is closed with 1008 once its unsent bytes pass the cap, and the feed stops', async () => {
  const socket = neverReads()
  let produced = 0
  const { feed, state } = feedOf(
    (async function* () {
      // Endless, as a long meeting is to a client that never reads.
      while (true) {
        produced += 1
        yield 'x'.repeat(1000)
      }
    })(),
  )
  await pumpFeed(socket, feed, { logger, maxBufferedBytes: 10_000 })
  assert.equal(socket.closedWith, { code: CLOSE.policy, reason: TOO_SLOW })
  assert.ok(Buffer.byteLength(TOO_SLOW) <= 123, 'a close reason fits its frame')
  assert.is(socket.sent.length, 11, 'nothing more is sent once 10 000 bytes wait (the last one took it past)')
  assert.is(produced, 12, 'and nothing more is taken from the feed')
  assert.ok(state.closed > 0)
})

test('a client that leaves stops the feed', async () => {
  const socket = neverReads()
  let release: () => void = () => {}
  const { feed, state } = feedOf(
    (async function* () {
      yield 'first'
      await new Promise<void>((r) => (release = r))
    })(),
  )
  const pumping = pumpFeed(socket, feed, { logger })
  await new Promise((r) => setImmediate(r))
  socket.terminate()
  assert.ok(state.closed > 0, 'the feed is told at once')
  release()
  await pumping
  assert.equal(socket.sent, ['first'])
})

test.run()
