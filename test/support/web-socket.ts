/** A WebSocket client for tests (the `ws` package): the answer to the upgrade, then the JSON messages as they come and the close. */
import type { IncomingHttpHeaders } from 'node:http'
import WebSocket from 'ws'

export interface OpenSocket {
  readonly status: 101
  readonly headers: IncomingHttpHeaders
  readonly socket: WebSocket
  /** Every message so far, parsed. */
  readonly messages: any[]
  /** Resolves with the messages once `stop(all)` says so or the socket closes; throws after `timeoutMs`. */
  read(stop?: (all: any[]) => boolean, timeoutMs?: number): Promise<any[]>
  /** The close the server sent (once it has). */
  closed(timeoutMs?: number): Promise<{ code: number; reason: string }>
}

export interface RefusedSocket {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  readonly body: any
}

/** Opens `url` (http: becomes ws:) with `headers`; answers the open socket, or the HTTP answer that refused it. */
export const connect = (url: string, headers: Record<string, string> = {}): Promise<OpenSocket | RefusedSocket> =>
  new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, 'ws'), { headers })
    const messages: any[] = []
    let closeFrame: { code: number; reason: string } | null = null
    const waiters = new Set<() => void>()
    const wake = () => {
      for (const w of [...waiters]) w()
    }
    socket.on('message', (data) => {
      messages.push(JSON.parse(String(data)))
      wake()
    })
    socket.on('close', (code, reason) => {
      closeFrame = { code, reason: String(reason) }
      wake()
    })
    const until = <A>(ready: () => A | null, timeoutMs: number, what: string): Promise<A> =>
      new Promise((done, fail) => {
        const check = () => {
          const value = ready()
          if (value === null) return
          waiters.delete(check)
          clearTimeout(timer)
          done(value)
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          fail(new Error(`${what} within ${timeoutMs} ms; got ${messages.length} messages`))
        }, timeoutMs)
        waiters.add(check)
        check()
      })
    let upgraded: IncomingHttpHeaders = {}
    socket.once('upgrade', (res) => (upgraded = res.headers))
    socket.once('open', () =>
      resolve({
        status: 101,
        headers: upgraded,
        socket,
        messages,
        read: (stop = () => false, timeoutMs = 15_000) => until(() => (stop(messages) || closeFrame !== null ? [...messages] : null), timeoutMs, 'no end of the messages'),
        closed: (timeoutMs = 15_000) => until(() => closeFrame, timeoutMs, 'no close'),
      }),
    )
    socket.once('unexpected-response', (_req, res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += String(chunk)))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text === '' ? undefined : JSON.parse(text) }))
    })
    socket.once('error', (e) => {
      if (socket.readyState !== WebSocket.CLOSED) reject(e)
    })
  })

/** The open socket, or a failure that says what was answered instead. */
export const opened = (answer: OpenSocket | RefusedSocket): OpenSocket => {
  if (answer.status !== 101) throw new Error(`the upgrade was refused: ${answer.status} ${JSON.stringify((answer as RefusedSocket).body)}`)
  return answer as OpenSocket
}
