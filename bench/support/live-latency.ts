/**
 * The live bench's arithmetic, apart from its processes (so a test can check it): what the
 * bench worker writes per bot, a Server-Sent Events reader that notes when each event arrived,
 * and the pairing of each line the bot showed with the moment a client received it.
 */

/** Printed on standard output by bench/support/live-worker.ts once its jobs run. */
export const LIVE_WORKER_READY = 'bench live worker ready'

/** One bot event as its runner handed it over: wall-clock ms (with fractions), and the event's own `at`. */
export interface ShownEvent {
  readonly type: string
  readonly handedAt: number
  readonly at: number
  /**
   * When the meeting showed the line, the zero of its latency: the simulated runner shows a line
   * when it hands it over; a Chromium bot's finished line was on the page when its caption last
   * changed (admission plus `endMs`, page time on the same clock), before the bot saw it was finished.
   */
  readonly shownAt: number
  readonly text?: string
  readonly startMs?: number
}

/** What the bench worker writes per bot, when the bot is done. */
export interface ShownFile {
  readonly runId: string
  readonly events: ReadonlyArray<ShownEvent>
  /** In the worker process, from `admitted` to the bot's last event; null if it never got in. */
  readonly call: {
    readonly ms: number
    readonly cpuMs: number
    /** Speaker changes, partials and finished lines: the events that become live lines. */
    readonly lines: number
    readonly loopDelayP50Ms: number
    readonly loopDelayP99Ms: number
    readonly loopDelayMaxMs: number
  } | null
}

export interface ReceivedEvent {
  readonly id: string | null
  readonly event: string
  readonly data: string
  /** Wall-clock ms (with fractions) when the chunk that completed it arrived. */
  readonly receivedAt: number
}

/**
 * Reads a text/event-stream as it arrives, chunk by chunk: `push` returns the events a chunk
 * completed; comment lines (the server's heartbeats) are counted.
 */
export const sseReader = () => {
  let buffer = ''
  let comments = 0
  return {
    push(chunk: string, receivedAt: number): ReceivedEvent[] {
      buffer += chunk
      const events: ReceivedEvent[] = []
      let cut: number
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, cut).split('\n')
        buffer = buffer.slice(cut + 2)
        comments += lines.filter((l) => l.startsWith(':')).length
        const fields = lines.filter((l) => l !== '' && !l.startsWith(':'))
        const value = (name: string) => fields.filter((l) => l.startsWith(`${name}:`)).map((l) => l.slice(name.length + 1).replace(/^ /, ''))
        const data = value('data')
        if (data.length > 0) events.push({ id: value('id')[0] ?? null, event: value('event')[0] ?? 'message', data: data.join('\n'), receivedAt })
      }
      return events
    },
    get comments() {
      return comments
    },
  }
}

/** A line named the same way on both sides: its kind, where it starts in the meeting, and its words. */
const lineKey = (kind: 'utterance' | 'partial', startMs: unknown, text: unknown) => `${kind}|${String(startMs)}|${String(text)}`

export interface Latencies {
  /** ms from the line being shown (`shownAt`) to the client receiving the utterance. */
  readonly utterances: number[]
  readonly partials: number[]
  /** ms from the runner handing a finished line over to the client receiving it: the feed's part, without the bot's. */
  readonly handedUtterances: number[]
  /** Lines the bot showed that the client never received. */
  readonly missing: string[]
}

/** Pairs each partial and finished line the bot showed with the client's receipt of it. */
export const latencies = (shown: ReadonlyArray<ShownEvent>, received: ReadonlyArray<ReceivedEvent>): Latencies => {
  const got = new Map<string, number>()
  for (const e of received) {
    if (e.event !== 'utterance' && e.event !== 'partial') continue
    const d = JSON.parse(e.data) as { startMs?: unknown; text?: unknown }
    const key = lineKey(e.event, d.startMs, d.text)
    if (!got.has(key)) got.set(key, e.receivedAt)
  }
  const result: Latencies = { utterances: [], partials: [], handedUtterances: [], missing: [] }
  for (const s of shown) {
    if (s.type !== 'caption' && s.type !== 'partial') continue
    const kind = s.type === 'caption' ? 'utterance' : 'partial'
    const at = got.get(lineKey(kind, s.startMs, s.text))
    if (at === undefined) result.missing.push(`${kind} "${s.text}"`)
    else if (kind === 'partial') result.partials.push(at - s.shownAt)
    else {
      result.utterances.push(at - s.shownAt)
      result.handedUtterances.push(at - s.handedAt)
    }
  }
  return result
}

/** The nearest-rank percentile (0 for none). */
export const percentile = (xs: ReadonlyArray<number>, p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.max(0, Math.ceil((p / 100) * xs.length) - 1))] ?? 0

export const summary = (xs: ReadonlyArray<number>) => ({ n: xs.length, p50: percentile(xs, 50), p95: percentile(xs, 95), max: xs.length === 0 ? 0 : Math.max(...xs) })

/** The finished lines streamed, in order, that the final transcript does not hold at the same place. */
export const notInTranscript = (streamed: ReadonlyArray<string>, transcript: ReadonlyArray<string>): string[] => {
  const left = [...transcript]
  const absent: string[] = []
  for (const line of streamed) {
    const i = left.indexOf(line)
    if (i < 0) absent.push(line)
    else left.splice(0, i + 1)
  }
  return absent
}
