/**
 * A live stream as Server-Sent Events (the WHATWG HTML standard's text/event-stream): each event
 * with its seq as `id` (a client resumes with Last-Event-ID), its kind as `event`, and its data
 * as one JSON line; a comment every `heartbeatMs` keeps proxies from closing an idle connection.
 */
import { Readable } from 'node:stream'
import type { LiveEvent } from '../../../../src/core/ports/live-feed.js'
import type { LiveStream } from '../../../../src/core/live/index.js'
import { liveEventJson } from '../contract/live.js'

/** How long a client waits before reconnecting after the connection drops (the `retry` field). */
export const RECONNECT_MS = 3_000
export const HEARTBEAT_MS = 15_000

/** One event in the stream's wire form. JSON has no line breaks, so `data` is one line. */
export const eventText = (e: LiveEvent): string => `id: ${e.seq}\nevent: ${e.kind}\ndata: ${liveEventJson(e)}\n\n`

/** The response body of a live stream; destroying it (the client went away) closes the stream. */
export const eventStreamBody = (stream: LiveStream, heartbeatMs = HEARTBEAT_MS): Readable => {
  let beat: NodeJS.Timeout | undefined
  const body = new Readable({
    read() {},
    destroy(error, callback) {
      clearInterval(beat)
      stream.close()
      callback(error)
    },
  })
  body.push(`retry: ${RECONNECT_MS}\n\n`)
  beat = setInterval(() => {
    body.push(': keep-alive\n\n')
    void stream.recheck()
  }, heartbeatMs)
  beat.unref()
  void (async () => {
    for await (const e of stream.events) body.push(eventText(e))
    clearInterval(beat)
    body.push(null)
  })().catch((e: unknown) => body.destroy(e instanceof Error ? e : new Error(String(e))))
  return body
}
