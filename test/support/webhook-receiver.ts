import type { IncomingMessage, ServerResponse } from 'node:http'
import { type LoopbackServer, startServer } from '../adapters/outbound/net/loopback-server.js'

export interface ReceivedRequest {
  readonly headers: Record<string, string>
  readonly body: string
}

export interface WebhookReceiver {
  readonly server: LoopbackServer
  /** Every request, in the order it came. */
  readonly received: ReceivedRequest[]
  /** How the next requests are answered (200 "ok" until told otherwise). */
  answerWith(answer: (res: ServerResponse) => void): void
}

/** A webhook receiver on 127.0.0.1 whose answer the test sets; it records every request. */
export const webhookReceiver = async (): Promise<WebhookReceiver> => {
  const received: ReceivedRequest[] = []
  let answer: (res: ServerResponse) => void = (res) => res.writeHead(200).end('ok')
  const server = await startServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') })
      answer(res)
    })
  })
  return { server, received, answerWith: (f) => void (answer = f) }
}
