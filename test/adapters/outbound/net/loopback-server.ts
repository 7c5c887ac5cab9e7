import * as http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** A test HTTP server on 127.0.0.1 that records requests and closes every socket on stop. */
export interface LoopbackServer {
  readonly port: number
  readonly base: string
  readonly requests: http.IncomingMessage[]
  stop(): Promise<void>
}

export const startServer = async (handler: http.RequestListener): Promise<LoopbackServer> => {
  const sockets = new Set<Socket>()
  const requests: http.IncomingMessage[] = []
  const server = http.createServer((req, res) => {
    requests.push(req)
    handler(req, res)
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy()
        server.close(() => ok())
      }),
  }
}
