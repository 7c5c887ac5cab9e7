/**
 * WebSockets beside the HTTP routes (RFC 6455, through the `ws` package in noServer mode): an
 * upgrade the route accepted becomes a socket that is sent the route's messages, pinged to stay
 * open, and closed normally after the last one. The HTTP side (authentication, refusals) is the
 * app's: this module only runs sockets once they are granted.
 */
import { type IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import type { Logger } from 'pino'
import { WebSocket, WebSocketServer } from 'ws'
import type { SocketFeed } from '../route.js'

/** Close codes (RFC 6455 §7.4.1). */
export const CLOSE = { normal: 1000, goingAway: 1001, policy: 1008, serverError: 1011 } as const

/** How often an open socket is pinged; one that has not answered the last ping by the next is cut. */
export const PING_MS = 15_000

/**
 * Most bytes that may wait to be sent to one client. A client that stops reading fills this
 * (its TCP window first) and is closed, rather than the server holding its messages without bound.
 */
export const MAX_BUFFERED_BYTES = 1024 * 1024

export const TOO_SLOW = 'The client did not read its messages: more than 1 MiB waited to be sent; reconnect with lastEventId'
export const SHUTTING_DOWN = 'The server is shutting down: reconnect with lastEventId'

/** What the pump needs of a socket (the `ws` WebSocket has it; a test can stand in). */
export interface PumpSocket {
  readonly readyState: number
  readonly bufferedAmount: number
  send(text: string): void
  ping(): void
  close(code: number, reason: string): void
  terminate(): void
  on(event: 'close' | 'pong', listener: () => void): unknown
}

export interface PumpOptions {
  readonly pingMs?: number
  readonly maxBufferedBytes?: number
  readonly logger: Logger
}

/** Sends a feed's messages down an open socket until the feed ends (normal close), the client leaves, or it stops reading. */
export const pumpFeed = async (socket: PumpSocket, feed: SocketFeed, options: PumpOptions): Promise<void> => {
  const maxBuffered = options.maxBufferedBytes ?? MAX_BUFFERED_BYTES
  let answered = true
  const ping = setInterval(() => {
    // No pong since the last ping: the client (or the path to it) is gone without a close.
    if (!answered) {
      options.logger.debug('closed a WebSocket whose client did not answer a ping')
      socket.terminate()
      return
    }
    answered = false
    socket.ping()
    feed.beat()
  }, options.pingMs ?? PING_MS)
  ping.unref()
  socket.on('pong', () => (answered = true))
  socket.on('close', () => {
    clearInterval(ping)
    feed.close()
  })
  try {
    for await (const message of feed.messages) {
      if (socket.readyState !== WebSocket.OPEN) return
      if (socket.bufferedAmount > maxBuffered) {
        options.logger.info({ bufferedBytes: socket.bufferedAmount }, `closed a WebSocket whose client stopped reading: ${socket.bufferedAmount} bytes waited to be sent`)
        socket.close(CLOSE.policy, TOO_SLOW)
        return
      }
      socket.send(message)
    }
    if (socket.readyState === WebSocket.OPEN) socket.close(CLOSE.normal, feed.endReason)
  } catch (e) {
    options.logger.error({ err: e }, 'a WebSocket feed failed; closing the socket with 1011')
    if (socket.readyState === WebSocket.OPEN) socket.close(CLOSE.serverError, 'The server failed; reconnect with lastEventId')
  } finally {
    clearInterval(ping)
    feed.close()
  }
}

/** Whether the Upgrade header names WebSocket (among the protocols it may list). */
export const asksForWebSocket = (req: IncomingMessage): boolean =>
  (req.headers.upgrade ?? '').split(',').some((p) => p.trim().toLowerCase() === 'websocket')

/** Whether a request declares a body (which Node leaves unread on the socket of an upgrade). */
export const carriesBody = (req: IncomingMessage): boolean =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0')

/** Whether a request asks for a WebSocket as RFC 6455 §4.2.1 says (what `ws` would refuse is refused first, in the envelope). */
export const handshakeProblem = (req: IncomingMessage): string | null => {
  if (req.method !== 'GET') return 'A WebSocket is opened with GET'
  const key = req.headers['sec-websocket-key']
  if (typeof key !== 'string' || !/^[+/0-9A-Za-z]{22}==$/.test(key.trim())) return 'The Sec-WebSocket-Key header is missing or is not 16 bytes in base64'
  if (req.headers['sec-websocket-version'] !== '13') return 'Only WebSocket version 13 is spoken (Sec-WebSocket-Version: 13)'
  return null
}

/** A response object on an upgrade's socket, so a refusal is written as any HTTP answer is (status, headers, envelope), then the socket closes. */
export const responseOnUpgrade = (req: IncomingMessage, socket: Duplex): ServerResponse => {
  const res = new ServerResponse(req)
  res.shouldKeepAlive = false
  res.assignSocket(socket as Socket)
  res.on('finish', () => {
    res.detachSocket(socket as Socket)
    socket.end()
  })
  return res
}

/** The sockets of one server: accepting upgrades the app granted, and closing them all when the server closes. */
export const webSockets = (options: PumpOptions) => {
  // Clients send nothing the routes read: a small frame limit keeps a client from making the server buffer large ones.
  const server = new WebSocketServer({ noServer: true, maxPayload: 4 * 1024, perMessageDeflate: false, clientTracking: true })
  const extraHeaders = new WeakMap<IncomingMessage, OutgoingHttpHeaders>()
  server.on('headers', (lines: string[], req: IncomingMessage) => {
    for (const [name, value] of Object.entries(extraHeaders.get(req) ?? {})) if (value !== undefined) lines.push(`${name}: ${String(value)}`)
  })
  return {
    /** Completes the upgrade (101, with `headers` such as X-Request-Id) and sends the feed's messages. */
    accept(req: IncomingMessage, socket: Duplex, head: Buffer, feed: SocketFeed, headers: OutgoingHttpHeaders): void {
      extraHeaders.set(req, headers)
      // `ws` drops a socket that closed before the handshake without calling back: the feed stops then too.
      let taken = false
      socket.once('close', () => {
        if (!taken) feed.close()
      })
      server.handleUpgrade(req, socket, head, (ws) => {
        taken = true
        ws.on('error', (err) => options.logger.debug({ err }, `a WebSocket failed: ${err.message}`))
        // Clients have nothing to say on this socket but control frames; a message is ignored.
        void pumpFeed(ws, feed, options)
      })
    },
    /** Says goodbye to every open socket (1001), so that closing the server does not wait on them. */
    closeAll(): void {
      for (const ws of server.clients) ws.close(CLOSE.goingAway, SHUTTING_DOWN)
    },
  }
}
