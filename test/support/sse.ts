/** A Server-Sent Events reader for tests: the events of a text/event-stream response, parsed as the HTML standard says. */
export interface SseEvent {
  readonly id: string | null
  readonly event: string
  readonly data: string
}

/** Reads events from a fetch response until `stop(event)` says so, the stream ends, or `timeoutMs` passes (then it throws). */
export const readEvents = async (res: Response, options: { readonly stop?: (e: SseEvent, all: SseEvent[]) => boolean; readonly timeoutMs?: number } = {}): Promise<SseEvent[]> => {
  const events: SseEvent[] = []
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let buffer = ''
  const deadline = Date.now() + (options.timeoutMs ?? 15_000)
  let timer: NodeJS.Timeout | undefined
  try {
    while (true) {
      const left = deadline - Date.now()
      const chunk = await Promise.race([
        reader.read(),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no end of the stream within ${options.timeoutMs ?? 15_000} ms; got ${events.length} events`)), Math.max(0, left)))),
      ])
      clearTimeout(timer)
      if (chunk.done) return events
      buffer += decoder.decode(chunk.value, { stream: true })
      let cut: number
      while ((cut = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, cut)
        buffer = buffer.slice(cut + 2)
        const fields = block.split('\n').filter((l) => l !== '' && !l.startsWith(':'))
        if (fields.length === 0) continue
        const value = (name: string) => fields.filter((l) => l.startsWith(`${name}:`)).map((l) => l.slice(name.length + 1).replace(/^ /, ''))
        const data = value('data')
        if (data.length === 0) continue
        const e = { id: value('id')[0] ?? null, event: value('event')[0] ?? 'message', data: data.join('\n') }
        events.push(e)
        if (options.stop?.(e, events) === true) return events
      }
    }
  } finally {
    clearTimeout(timer)
    await reader.cancel().catch(() => undefined)
  }
}
