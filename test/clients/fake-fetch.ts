/** A scripted fetch for the client's unit tests: records each request and plays one step per call. */

export interface Recorded {
  readonly url: string
  readonly method: string
  readonly headers: Record<string, string>
  /** The body as text (streams and Blobs are read), or null. */
  readonly body: string | null
  /** What kind of body fetch was given. */
  readonly bodyKind: 'none' | 'string' | 'bytes' | 'blob' | 'stream'
  readonly duplex: string | undefined
}

export type Step =
  | { readonly status: number; readonly json?: unknown; readonly text?: string; readonly headers?: Record<string, string> }
  | { readonly fail: Error }
  /** Never answers: only the request's signal ends it. */
  | { readonly hang: true }

const readBody = async (body: unknown): Promise<Pick<Recorded, 'body' | 'bodyKind'>> => {
  if (body === undefined || body === null) return { body: null, bodyKind: 'none' }
  if (typeof body === 'string') return { body, bodyKind: 'string' }
  if (body instanceof Uint8Array || body instanceof ArrayBuffer) return { body: Buffer.from(body as Uint8Array).toString('utf8'), bodyKind: 'bytes' }
  if (body instanceof Blob) return { body: await body.text(), bodyKind: 'blob' }
  if (body instanceof ReadableStream) return { body: await new Response(body).text(), bodyKind: 'stream' }
  throw new Error(`unexpected body ${typeof body}`)
}

export const errorBody = (code: string, message: string, details?: unknown[]) => ({ error: { code, message, ...(details === undefined ? {} : { details }) } })

export const fakeFetch = (steps: Step[]) => {
  const calls: Recorded[] = []
  let next = 0
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((value, name) => (headers[name] = value))
    calls.push({ url: String(input), method: init.method ?? 'GET', headers, ...(await readBody(init.body)), duplex: (init as { duplex?: string }).duplex })
    const step = steps[next++]
    if (step === undefined) throw new Error(`fake fetch: no step left for call ${next} (${init.method} ${String(input)})`)
    if ('fail' in step) throw step.fail
    if ('hang' in step) {
      return new Promise<Response>((_, reject) => {
        const signal = init.signal
        if (signal == null) return
        signal.addEventListener('abort', () => reject(signal.reason), { once: true })
      })
    }
    const text = step.text ?? (step.json === undefined ? '' : JSON.stringify(step.json))
    const type = step.json === undefined ? 'text/html' : 'application/json; charset=utf-8'
    return new Response(step.status === 204 ? null : text, { status: step.status, headers: { 'content-type': type, 'x-request-id': `req-${next}`, ...step.headers } })
  }
  return { fetch: fetch as typeof globalThis.fetch, calls, get left() { return steps.length - next } }
}

/** A clock that only moves when the client sleeps; records every wait. */
export const fakeTime = (start = Date.parse('2026-06-01T12:00:00Z')) => {
  let t = start
  const waits: number[] = []
  return {
    waits,
    now: () => t,
    sleep: async (ms: number, signal?: AbortSignal) => {
      if (signal?.aborted) throw signal.reason
      waits.push(ms)
      t += ms
    },
  }
}
