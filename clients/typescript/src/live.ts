/**
 * A bot's live stream (GET /bots/{runId}/live, Server-Sent Events) as an async iterator: each
 * event parsed, the connection opened again after a drop with Last-Event-ID so nothing is missed
 * or repeated, and the iteration over after the `end` event.
 */
import { codeOfStatus, NotetakerApiError, NotetakerConnectionError } from './errors.js'
import type { operations } from './schema.js'

/**
 * One event of the stream, as the description documents it (the schemas LiveUtterance,
 * LivePartial, LiveSpeaker, LiveState and LiveEnd): its kind in `event`, its `seq` and `at`, and its own fields.
 * The same object is a WebSocket message on the same address.
 */
export type LiveEvent = operations['streamBotLive']['responses'][200]['content']['text/event-stream']

export interface LiveOptions {
  /** Start after this event (its `seq`); 0, the default, replays what the server still holds. */
  readonly lastEventId?: number
  readonly signal?: AbortSignal
  /** Connections opened again after a drop before giving up (10 by default). */
  readonly reconnects?: number
}

/** Splits a text/event-stream into events (the HTML standard's parsing, for the fields the API sends). */
async function* sseBlocks(body: ReadableStream<Uint8Array>): AsyncGenerator<{ id: string | null; event: string; data: string; retry: number | null }> {
  const decoder = new TextDecoder()
  let buffer = ''
  const reader = body.getReader()
  try {
    while (true) {
      const { done, value } = await reader.read()
      if (done) return
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n')
      let cut: number
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, cut).split('\n')
        buffer = buffer.slice(cut + 2)
        const field = (name: string) => lines.filter((l) => l.startsWith(`${name}:`)).map((l) => l.slice(name.length + 1).replace(/^ /, ''))
        const retry = Number(field('retry')[0])
        yield { id: field('id')[0] ?? null, event: field('event')[0] ?? 'message', data: field('data').join('\n'), retry: Number.isFinite(retry) ? retry : null }
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
}

/**
 * The events of one run's stream. `open(lastEventId)` makes the request; an error answer throws
 * NotetakerApiError, and a connection that cannot be opened again after `reconnects` tries
 * NotetakerConnectionError.
 */
export async function* liveEvents(open: (lastEventId: number, signal?: AbortSignal) => Promise<Response>, path: string, options: LiveOptions = {}): AsyncGenerator<LiveEvent, void, undefined> {
  let last = options.lastEventId ?? 0
  let waitMs = 3_000
  let failures = 0
  const allowed = options.reconnects ?? 10
  while (true) {
    let res: Response
    try {
      res = await open(last, options.signal)
    } catch (cause) {
      if (options.signal?.aborted === true || ++failures > allowed) throw new NotetakerConnectionError({ message: `The live stream could not be opened: ${String(cause)}`, method: 'GET', path, attempts: failures, cause })
      await new Promise((r) => setTimeout(r, waitMs))
      continue
    }
    if (!res.ok || res.body === null) {
      const text = await res.text().catch(() => '')
      const envelope = (() => {
        try {
          return (JSON.parse(text) as { error?: { message?: string; details?: [] } }).error
        } catch {
          return undefined
        }
      })()
      throw new NotetakerApiError({
        status: res.status, code: codeOfStatus(res.status), message: envelope?.message ?? `HTTP ${res.status}`, details: envelope?.details,
        requestId: res.headers.get('x-request-id'), method: 'GET', path, attempts: failures + 1,
      })
    }
    failures = 0
    try {
      for await (const block of sseBlocks(res.body)) {
        if (block.retry !== null) waitMs = block.retry
        if (block.data === '') continue
        const event = { event: block.event, ...(JSON.parse(block.data) as object) } as LiveEvent
        if (event.seq <= last) continue
        last = event.seq
        yield event
        if (event.event === 'end') return
      }
    } catch (cause) {
      if (options.signal?.aborted === true) throw cause
    }
    // The stream closed without its end (a proxy, a restart): open it again after the last event seen.
    if (++failures > allowed) throw new NotetakerConnectionError({ message: 'The live stream kept closing before its end', method: 'GET', path, attempts: failures, cause: null })
    await new Promise((r) => setTimeout(r, waitMs))
  }
}
