import { connect, type Socket } from 'node:net'

/** One HTTP/1.1 answer as it came off the wire. */
export interface RawAnswer {
  readonly status: number
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>
  readonly text: string
  json(): any
}

export interface RawConnection {
  readonly socket: Socket
  write(data: string | Uint8Array): Promise<void>
  /** The next answer (a 100 Continue included); rejects when the connection ends first, or after `boundMs`. */
  answer(boundMs?: number): Promise<RawAnswer>
  /** Resolves once the server has closed the connection (or it failed); rejects after `boundMs`. */
  closed(boundMs?: number): Promise<{ readonly error: string | null; readonly unread: string }>
}

/** A connection written by hand, for requests fetch will not send (malformed, `Expect`, a body cut short). */
export const rawConnection = async (url: string): Promise<RawConnection> => {
  const { hostname, port } = new URL(url)
  const socket = connect(Number(port), hostname)
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  let buffer = Buffer.alloc(0)
  let ended = false
  let error: string | null = null
  let wake: (() => void) | null = null
  const poke = () => {
    const w = wake
    wake = null
    w?.()
  }
  socket.on('data', (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk])
    poke()
  })
  socket.on('error', (e: NodeJS.ErrnoException) => {
    error = e.code ?? e.message
    poke()
  })
  socket.on('close', () => {
    ended = true
    poke()
  })

  const until = async (ready: () => boolean, what: string, boundMs: number): Promise<void> => {
    const deadline = Date.now() + boundMs
    while (!ready()) {
      if (ended) throw new Error(`the connection closed before ${what} (${error ?? 'no error'}); it held ${JSON.stringify(buffer.toString('latin1').slice(0, 300))}`)
      const left = deadline - Date.now()
      if (left <= 0) throw new Error(`waited ${boundMs} ms for ${what} in vain`)
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  return {
    socket,
    write: (data) => new Promise<void>((resolve, reject) => socket.write(data, (e) => (e ? reject(e) : resolve()))),
    answer: async (boundMs = 10_000) => {
      await until(() => buffer.indexOf('\r\n\r\n') >= 0, 'an answer', boundMs)
      const end = buffer.indexOf('\r\n\r\n')
      const [statusLine, ...lines] = buffer.subarray(0, end).toString('latin1').split('\r\n')
      const headers: Record<string, string> = {}
      for (const line of lines) {
        const colon = line.indexOf(':')
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
      }
      const length = Number(headers['content-length'] ?? 0)
      await until(() => buffer.length >= end + 4 + length, 'the whole answer', boundMs)
      const text = buffer.subarray(end + 4, end + 4 + length).toString('utf8')
      buffer = buffer.subarray(end + 4 + length)
      return { status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1]), headers, text, json: () => JSON.parse(text) }
    },
    closed: async (boundMs = 10_000) => {
      await until(() => ended, 'close', boundMs)
      return { error, unread: buffer.toString('latin1') }
    },
  }
}
