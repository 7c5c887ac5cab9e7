/**
 * One client holds many idle connections while another sends ordinary
 * requests: how many of the other's requests are answered, with the
 * per-address limit (the default) and without it (`0`), on the real server
 * (SQLite) on loopback. Loopback has all of 127.0.0.0/8, so the flood comes
 * from 127.0.0.1 and the ordinary client from 127.0.0.2.
 * Usage: node --import tsx bench/connection-flood.ts [--idle 1100] [--requests 149]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { startProcess, stop } from './support/load.js'

const { values } = parseArgs({ options: { idle: { type: 'string', default: '1100' }, requests: { type: 'string', default: '149' } } })
const idle = Number(values.idle)
const requests = Number(values.requests)

const openIdle = (port: number): Promise<Socket | null> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress: '127.0.0.1' })
    socket.once('connect', () => resolve(socket))
    socket.once('error', () => resolve(null))
  })

const me = (port: number, key: string): Promise<number | string> =>
  new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/ext/v1/me', localAddress: '127.0.0.2', agent: false, headers: { authorization: `Bearer ${key}` }, timeout: 10_000 }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('timeout', () => req.destroy(new Error('timeout')))
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message))
    req.end()
  })

const run = async (perAddress: string) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'notetaker-flood-'))
  let key = ''
  const server = await startProcess(
    process.execPath,
    ['--import', 'tsx', 'src/app/cli/index.ts', 'serve'],
    { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error', NOTETAKER_RATE_LIMIT: '1000000', NOTETAKER_MAX_CONNECTIONS_PER_ADDRESS: perAddress },
    (l) => {
      const k = /^\s+(ntk_\S+)$/.exec(l)
      if (k) key = k[1]!
      const u = /curl .* http:\/\/[^:]+:(\d+)\/ext\/v1\/me/.exec(l)
      return u ? u[1]! : null
    },
  )
  const port = Number(server.value)
  const sockets: Socket[] = []
  try {
    for (let i = 0; i < idle; i++) {
      const s = await openIdle(port)
      if (s !== null) sockets.push(s.on('error', () => {}).resume())
    }
    await new Promise((r) => setTimeout(r, 200))
    const held = sockets.filter((s) => !s.destroyed).length
    const answers = await Promise.all(Array.from({ length: requests }, () => me(port, key)))
    const ok = answers.filter((a) => a === 200).length
    const failures = [...new Set(answers.filter((a) => a !== 200))].join(', ') || 'none'
    console.log(`| ${perAddress === '0' ? 'off (0)' : perAddress} | ${idle} | ${held} | ${ok} of ${requests} | ${failures} |`)
  } finally {
    for (const s of sockets) s.destroy()
    await stop(server.child)
    rmSync(dataDir, { recursive: true, force: true })
  }
}

console.log('| per-address limit | idle connections opened from 127.0.0.1 | still open after 200 ms | requests from 127.0.0.2 answered 200 | other outcomes |')
console.log('| --- | --- | --- | --- | --- |')
await run('0')
await run('128')
