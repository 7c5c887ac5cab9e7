import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, maxHeaderSize, type RequestListener, type Server, type ServerResponse, STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { Logger } from 'pino'
import { sizeInWords } from '../../../src/core/domain/size-words.js'
import type { ErrorBody } from './dispatch/envelope.js'
import { deferContinue, discardRest } from './exchange/request-body.js'

/** The limits of one server; src/app/service/server-limits.ts reads them from the settings. */
export interface ServerLimits {
  /** Most open connections, idle keep-alive ones included; one more is closed as soon as it is accepted. */
  readonly maxConnections: number
  /** Most open connections from one client address (0: no limit); one more is answered 429 and closed at once. */
  readonly maxConnectionsPerAddress: number
  /** Time to send a request's headers, from the connection (or the start of the next request on a kept-alive one). */
  readonly headersTimeoutMs: number
  /** Time to send a whole request, body included. */
  readonly requestTimeoutMs: number
  /** How long an idle keep-alive connection waits for the next request. */
  readonly keepAliveTimeoutMs: number
}

/** WebSockets (createHttpApp's `upgrades`): the server's `upgrade` event, and a goodbye to every open socket when the server closes. */
export interface Upgrades {
  readonly upgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => void
  readonly closeAll: () => void
}

/** On every answer: browsers take the declared Content-Type as it is, never guessing another from the bytes. */
export const NOSNIFF = { name: 'x-content-type-options', value: 'nosniff' } as const

/** How long a connection refused before its request could be read stays open to let the answer reach the client. */
const LINGER_MS = 1_000

/** Refused connections are logged at most this often. */
const DROP_LOG_MS = 60_000

/** Failures that mean the client went away (or its connection is already being closed): nothing to answer. */
const CLIENT_GONE = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT', 'ERR_STREAM_PREMATURE_CLOSE', 'ERR_STREAM_DESTROYED', 'ERR_STREAM_WRITE_AFTER_END'])

export const isClientGone = (err: NodeJS.ErrnoException): boolean => err.code !== undefined && CLIENT_GONE.has(err.code)

const reported = new WeakSet<Socket>()

/**
 * True the first time a failure of this connection is reported: a client that
 * goes away mid-answer fails the socket, the request and the stream at once,
 * and gets one log line for the three.
 */
export const firstReportOf = (socket: Socket | null | undefined): boolean => {
  if (socket === null || socket === undefined) return true
  if (reported.has(socket)) return false
  reported.add(socket)
  return true
}

/**
 * Refusals Node detects before a request exists (`clientError`). They keep the
 * status Node itself answers, which HTTP clients and proxies understand, and
 * carry the envelope with code BAD_REQUEST; anything else unreadable is 400.
 */
const refusalOf = (code: string | undefined): { readonly status: number; readonly message: string } => {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, message: `The request line and headers are too long: the URL and headers together may take ${sizeInWords(maxHeaderSize)}` }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, message: 'The chunk extensions of the body are too long' }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, message: 'The request did not arrive in time' }
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_STRICT':
    case 'HPE_INVALID_TRANSFER_ENCODING':
      return { status: 400, message: 'The chunked body is malformed: each chunk is its size in hex, CRLF, that many bytes, CRLF, and a last chunk of size 0' }
    default:
      return { status: 400, message: 'The request is not valid HTTP/1.1' }
  }
}

type ProtocolCode = 'BAD_REQUEST' | 'RATE_LIMITED'

/** Failures Node reports while a request's body is being read that still deserve an answer: a timeout, and a body whose framing is broken (the parser's own errors). */
const answersMidRequest = (code: string | undefined): boolean =>
  code === 'ERR_HTTP_REQUEST_TIMEOUT' || (code !== undefined && code.startsWith('HPE_') && code !== CLOSED_MID_REQUEST)

/** The parser's word for a connection that ended before its request did: the client went away. */
const CLOSED_MID_REQUEST = 'HPE_INVALID_EOF_STATE'

const envelope = (message: string, code: ProtocolCode = 'BAD_REQUEST'): string => {
  const body: ErrorBody['body'] = { error: { code, message } }
  return JSON.stringify(body)
}

/** A whole HTTP/1.1 answer in the envelope, for a socket that has no response object. */
const rawAnswer = (status: number, requestId: string, message: string, code: ProtocolCode = 'BAD_REQUEST', extra = ''): string => {
  const json = envelope(message, code)
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
    'Content-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(json)}\r\n` +
    `X-Request-Id: ${requestId}\r\n` +
    extra +
    'X-Content-Type-Options: nosniff\r\n' +
    'Connection: close\r\n\r\n' +
    json
  )
}

/**
 * At most `limit` open connections from one client address, idle ones
 * included, so that one client (idle sockets, or reconnecting in a loop) cannot
 * take every connection the server has. One more is answered 429 in the
 * envelope and closed at once: it never reaches the routes, and holds no
 * descriptor while lingering. The answer is written before the client's request
 * is read: a client that sends one then reads it; one that stays idle sees the close.
 */
const limitPerAddress = (server: Server, limit: number, logger: Logger): void => {
  const open = new Map<string, number>()
  let refused = 0
  let loggedAt = Number.NEGATIVE_INFINITY
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? ''
    const count = open.get(address) ?? 0
    if (count >= limit) {
      const message = `This address already has ${limit} connections open, the most one address may: reuse or close them (NOTETAKER_MAX_CONNECTIONS_PER_ADDRESS)`
      socket.write(rawAnswer(429, randomUUID(), message, 'RATE_LIMITED', 'Retry-After: 1\r\n'))
      socket.destroy()
      refused += 1
      const now = Date.now()
      if (now - loggedAt >= DROP_LOG_MS) {
        logger.warn({ refused, address, maxConnectionsPerAddress: limit }, `closed ${refused} new connection(s) at once: their address had ${limit} connections open, the most one address may (NOTETAKER_MAX_CONNECTIONS_PER_ADDRESS)`)
        refused = 0
        loggedAt = now
      }
      return
    }
    open.set(address, count + 1)
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1
      if (left === 0) open.delete(address)
      else open.set(address, left)
    })
  })
}

/** The response Node is writing on a socket, if any (Node's own `clientError` handling looks at the same field). */
const inFlight = (socket: Socket): ServerResponse | null | undefined => (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage

/**
 * The node:http server of the API: `listener` (from `createHttpApp`) with the
 * connection limits and timeouts of `limits`, and every answer Node would give
 * by itself (a malformed request, headers too long, a timeout, an `Expect` it
 * cannot meet) written in the error envelope. Client failures are logged as one
 * line each. `Expect: 100-continue` is honoured only when a route starts
 * reading the body (`continueIfExpected`), so a refused request is answered
 * before the client sends its body. With `upgrades`, WebSockets are served too: their
 * connections count against the same limits (they are the same sockets), and closing the
 * server closes them, which Node would otherwise wait on (it no longer tracks upgraded sockets).
 */
export const createApiServer = (listener: RequestListener, limits: ServerLimits, logger: Logger, upgrades?: Upgrades): Server => {
  const requestTimeout = limits.requestTimeoutMs
  const headersTimeout = Math.min(limits.headersTimeoutMs, requestTimeout)
  const server = createServer(
    {
      headersTimeout,
      requestTimeout,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks both timeouts on this beat (30 s by default): a quarter of the headers timeout, within 0.25 to 5 s.
      connectionsCheckingInterval: Math.max(250, Math.min(5_000, Math.floor(headersTimeout / 4))),
    },
    listener,
  )
  server.maxConnections = limits.maxConnections

  let dropped = 0
  let droppedLoggedAt = Number.NEGATIVE_INFINITY
  server.on('drop', () => {
    dropped += 1
    const now = Date.now()
    if (now - droppedLoggedAt < DROP_LOG_MS) return
    logger.warn(
      { dropped, maxConnections: limits.maxConnections },
      `closed ${dropped} new connection(s) as soon as they were accepted: ${limits.maxConnections} connections were open, the most allowed (NOTETAKER_MAX_CONNECTIONS)`,
    )
    dropped = 0
    droppedLoggedAt = now
  })

  if (limits.maxConnectionsPerAddress > 0) limitPerAddress(server, limits.maxConnectionsPerAddress, logger)

  const answered = new WeakSet<Socket>()
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket) => {
    // A parser in error reports again for every further chunk: the first answer stands.
    if (answered.has(socket)) return
    const code = err.code
    const response = inFlight(socket)
    // With a request under way, its timeout and a body that breaks HTTP's framing (a malformed chunk) are answered
    // here while its route has not answered yet; a client that closed mid-body, or any failure once the answer has
    // begun, leaves nothing to answer.
    const answerable = socket.writable && (response == null || (answersMidRequest(code) && !response.headersSent))
    if (isClientGone(err) || !answerable) {
      if (firstReportOf(socket)) logger.debug({ code }, `closed the connection of a client that went away or broke off its request (${code ?? err.message})`)
      socket.destroy()
      return
    }
    answered.add(socket)
    const { status, message } = refusalOf(code)
    const requestId = randomUUID()
    logger.info({ requestId, status, code }, `refused a request before reading it, answering ${status}: ${message}`)
    // Ended rather than destroyed, so bytes the client is still sending do not reset the connection before it reads the answer.
    socket.end(rawAnswer(status, requestId, message))
    setTimeout(() => socket.destroy(), LINGER_MS).unref()
  })

  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const requestId = randomUUID()
    const json = envelope('The Expect header asks for something this server does not do; only 100-continue is understood')
    res.writeHead(417, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), 'x-request-id': requestId, [NOSNIFF.name]: NOSNIFF.value })
    res.end(json)
    discardRest(req, res)
    logger.info({ requestId, method: req.method, status: 417 }, 'refused a request with an Expect header other than 100-continue, answering 417')
  })

  // Without this listener Node would send 100 Continue at once; the routes send it when they read the body.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    deferContinue(res)
    server.emit('request', req, res)
  })

  if (upgrades !== undefined) {
    server.on('upgrade', upgrades.upgrade)
    const close = server.close.bind(server)
    server.close = (callback?: (err?: Error) => void) => {
      upgrades.closeAll()
      return close(callback)
    }
  }

  return server
}
