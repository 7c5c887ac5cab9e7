// The baseline: node:http answering a small JSON body, nothing else.
import { createServer } from 'node:http'

const body = JSON.stringify({ data: { account: { id: '00000000-0000-4000-8000-000000000000', name: 'Owner', email: 'owner@example.com' } } })
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) })
  res.end(body)
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  process.stdout.write(`${JSON.stringify({ port: typeof address === 'object' && address !== null ? address.port : 0 })}\n`)
})
process.on('SIGTERM', () => server.close(() => process.exit(0)))
