import { request } from 'node:http'
import { connect, type Socket } from 'node:net'
import pino from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { type Harness, startHarness } from '../support/http.js'

// One address cannot take every connection (issue #29: 1,100 idle connections from one client reset 102 of 149
// legitimate requests). Loopback has the whole of 127.0.0.0/8, so 127.0.0.2 stands for another client.

interface Idle {
  readonly socket: Socket
  readonly received: () => string
  readonly closed: () => boolean
}

const s = suite<{ h: Harness; logs: any[] }>('A per-address connection limit beside the global cap')
s.before(async (ctx) => {
  ctx.logs = []
  const logger = pino({ level: 'info' }, { write: (line: string) => void ctx.logs.push(JSON.parse(line)) })
  ctx.h = await startHarness({ logger, serverLimits: { maxConnectionsPerAddress: 5 } })
})
s.after(async ({ h }) => h.close())

const open = async (url: string, localAddress: string): Promise<Idle> => {
  const { hostname, port } = new URL(url)
  const socket = connect({ host: hostname, port: Number(port), localAddress })
  let data = ''
  let closed = false
  socket.on('data', (chunk: Buffer) => void (data += chunk.toString('latin1')))
  socket.on('error', () => {})
  socket.on('close', () => void (closed = true))
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject))
  return { socket, received: () => data, closed: () => closed }
}

/** Waits (at most `ms`) until `ready` holds. */
const until = async (ready: () => boolean, ms: number, what: string) => {
  const deadline = Date.now() + ms
  while (!ready()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`)
    await new Promise((r) => setTimeout(r, 10))
  }
}

const me = (h: Harness, localAddress: string) =>
  new Promise<number>((resolve, reject) => {
    const { hostname, port } = new URL(h.url)
    const req = request({ host: hostname, port: Number(port), path: '/ext/v1/me', localAddress, agent: false, headers: { authorization: `Bearer ${h.keys.full}` } }, (res) => {
      res.resume()
      res.on('end', () => resolve(res.statusCode ?? 0))
    })
    req.on('error', reject)
    req.end()
  })

s('the 6th to 8th idle connection of one address are answered 429 and closed; another address is served', async ({ h, logs }) => {
  const sockets: Idle[] = []
  try {
    for (let i = 0; i < 8; i++) sockets.push(await open(h.url, '127.0.0.1'))
    await until(() => sockets.filter((c) => c.closed()).length === 3, 2_000, 'three connections to be closed')
    const refused = sockets.filter((c) => c.closed())
    for (const c of refused) {
      const text = c.received()
      assert.match(text, /^HTTP\/1\.1 429 Too Many Requests\r\n/)
      assert.match(text, /\r\nX-Content-Type-Options: nosniff\r\n/)
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))
      assert.is(body.error.code, 'RATE_LIMITED')
      assert.match(body.error.message, /5 connections open.*NOTETAKER_MAX_CONNECTIONS_PER_ADDRESS/)
    }
    assert.is(sockets.filter((c) => !c.closed()).length, 5, 'the first five stay open')
    assert.is(await me(h, '127.0.0.2'), 200, 'another address is served while the first holds its five')
    const warned = logs.filter((l) => /NOTETAKER_MAX_CONNECTIONS_PER_ADDRESS/.test(l.msg))
    assert.is(warned.length, 1, 'one warn line, at most once a minute')
    assert.is(warned[0].level, 40)
  } finally {
    for (const c of sockets) c.socket.destroy()
  }
  // Closed connections give their places back.
  await until(() => sockets.every((c) => c.closed()), 2_000, 'the sockets to close')
  let status = 0
  for (let i = 0; i < 50 && status !== 200; i++) {
    status = await me(h, '127.0.0.1').catch(() => 0)
    if (status !== 200) await new Promise((r) => setTimeout(r, 20))
  }
  assert.is(status, 200, 'the first address is served again')
})

s('a client reconnecting in a loop keeps only its own address out', async ({ h }) => {
  const held: Idle[] = []
  try {
    for (let i = 0; i < 5; i++) held.push(await open(h.url, '127.0.0.1'))
    const loop = (async () => {
      let refused = 0
      for (let i = 0; i < 100; i++) {
        const c = await open(h.url, '127.0.0.1').catch(() => null)
        if (c === null) continue
        await until(() => c.closed(), 2_000, 'a looping connection to be closed').catch(() => c.socket.destroy())
        if (c.received().startsWith('HTTP/1.1 429')) refused += 1
      }
      return refused
    })()
    const statuses: number[] = []
    for (let i = 0; i < 20; i++) statuses.push(await me(h, '127.0.0.3'))
    assert.equal(statuses, Array(20).fill(200), 'the other address is served throughout')
    assert.is(await loop, 100, 'every looping connection was refused in words')
  } finally {
    for (const c of held) c.socket.destroy()
  }
})

s.run()
