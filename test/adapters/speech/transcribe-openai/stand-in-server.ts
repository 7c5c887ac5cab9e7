import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface ReceivedRequest {
  readonly method: string
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly form: FormData
}

export type Reply = (res: ServerResponse) => void

/**
 * A stand-in for an OpenAI-compatible transcription server on 127.0.0.1. Each test sets the
 * reply; every request is parsed as multipart (with undici's own parser) and kept.
 */
export class StandInServer {
  readonly received: ReceivedRequest[] = []
  reply: Reply = (res) => json(res, 200, { text: '' })
  private readonly server: Server = createServer((req, res) => void this.handle(req, res))

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections()
    await new Promise<void>((resolve) => this.server.close(() => resolve()))
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const headers = new Headers()
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v)
    const form = await new Request('http://stand-in', { method: 'POST', headers, body: Buffer.concat(chunks) }).formData()
    this.received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, form })
    this.reply(res)
  }
}

export const json = (res: ServerResponse, status: number, body: unknown): void => {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

export const text = (res: ServerResponse, status: number, body: string): void => {
  res.writeHead(status, { 'content-type': 'text/plain' })
  res.end(body)
}
