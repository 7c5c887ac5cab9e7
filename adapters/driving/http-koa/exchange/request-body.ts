import type { IncomingMessage, ServerResponse } from 'node:http'

/** Answers whose `100 Continue` waits until a route reads the body. */
const awaitingContinue = new WeakSet<ServerResponse>()

/** For a request with `Expect: 100-continue` (`createApiServer`'s `checkContinue`): Node says nothing yet. */
export const deferContinue = (res: ServerResponse): void => {
  awaitingContinue.add(res)
}

/**
 * Tells a client that sent `Expect: 100-continue` to send its body, once, when
 * a route starts reading it. A request refused before that (a bad key, a
 * malformed id, an upload that is not there) is answered without the client
 * sending a byte of its body.
 */
export const continueIfExpected = (res: ServerResponse): void => {
  if (awaitingContinue.delete(res) && !res.headersSent) res.writeContinue()
}

/**
 * The raw body of a request as bytes, read on demand. A reader that stops
 * early (a blob store refusing a file over its limit) leaves the request
 * open rather than destroying it, so the refusal can still be answered;
 * `discardRest` then deals with the bytes still coming.
 */
export async function* requestBytes(req: IncomingMessage, res: ServerResponse): AsyncGenerator<Uint8Array, void, undefined> {
  continueIfExpected(res)
  yield* req.iterator({ destroyOnReturn: false }) as AsyncIterable<Uint8Array>
}

/** How much of a refused body is read and thrown away before the connection is closed. */
export interface DiscardBounds {
  readonly bytes: number
  readonly ms: number
}

export const DISCARD_BOUNDS: DiscardBounds = { bytes: 1024 * 1024, ms: 5_000 }

/**
 * Called once the answer is written: when the request's body has not been read
 * to its end (the answer refused it early), the rest is read and thrown away
 * so the client can finish sending and read the answer, instead of meeting a
 * reset connection (EPIPE) while it writes. Within `bounds` the connection
 * stays usable for the next request; past them (more bytes, or a client that
 * keeps sending) it is closed: half-closed first, once the answer has left,
 * and destroyed after a moment.
 */
export const discardRest = (req: IncomingMessage, res: ServerResponse, bounds: DiscardBounds = DISCARD_BOUNDS): void => {
  if (req.complete || req.destroyed) return
  let seen = 0
  const onData = (chunk: Uint8Array) => {
    seen += chunk.length
    if (seen > bounds.bytes) stop()
  }
  const timer = setTimeout(() => stop(), bounds.ms)
  timer.unref()
  const done = () => {
    clearTimeout(timer)
    req.removeListener('data', onData)
  }
  const stop = () => {
    done()
    const socket = req.socket
    const close = () => {
      // The client has the answer: a FIN tells it no more is read; a client that goes on writing is cut a moment later.
      socket.end()
      setTimeout(() => socket.destroy(), 1_000).unref()
    }
    // 'close' follows 'finish' when the answer was sent whole; without it the answer was cut short.
    if (res.writableFinished) close()
    else res.once('close', () => (res.writableFinished ? close() : socket.destroy()))
  }
  req.on('data', onData)
  req.once('end', done)
  req.once('close', done)
  req.resume()
}

/** The most a body of a route that takes none is read to tell `{}` from something else. */
const NO_BODY_READ = 64

/**
 * For routes that take no body (every action but GET without one): true when
 * the request carries nothing but whitespace or an empty JSON object `{}`,
 * which many clients send by default; false for anything else, which is
 * refused rather than ignored. Reads at most a few bytes; the rest of a
 * refused body is read away after the answer (`discardRest`).
 */
export const carriesNoBody = async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
  const length = req.headers['content-length']
  if ((length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined) return true
  if (length !== undefined && Number(length) > NO_BODY_READ) return false
  continueIfExpected(res)
  let text = ''
  for await (const chunk of req.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    text += chunk.toString('latin1')
    if (text.length > NO_BODY_READ) return false
  }
  return /^\s*(\{\s*\})?\s*$/.test(text)
}
