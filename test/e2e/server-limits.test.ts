import { rmSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import * as E from 'fp-ts/lib/Either.js'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openAdapters } from '../../src/app/composition/adapters.js'
import { loadConfig } from '../../src/app/config/index.js'
import { type Running, startServer } from '../../src/app/service/serve.js'
import { buildCore } from '../../src/core/build-core.js'
import { tempDir } from '../support/cli.js'
import { rawConnection } from '../http/raw-connection.js'

// The server as `notetaker serve` starts it, with the connection settings of the group Server turned down.

interface LogLine {
  readonly level: number
  readonly msg: string
}

const serve = async (env: Record<string, string>) => {
  const dir = tempDir('limits')
  const config = loadConfig({ NOTETAKER_STORE: 'memory', PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, ...env })
  if (E.isLeft(config)) throw new Error(config.left.join('; '))
  const logs: LogLine[] = []
  const logger = pino({ level: 'debug' }, { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) })
  const opened = await openAdapters(config.right, { migrate: true, logger })
  // An account already there, as the first start makes it (a server administrator), so the start prints no key and warns of nothing.
  const account = await buildCore(opened.ports).identity.createAccount({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null, serverAdmin: true })()
  assert.ok(E.isRight(account))
  const running: Running = await startServer(config.right, logger, opened, { worker: false })
  return {
    running,
    logs,
    stop: async () => {
      await running.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** Polls `check` until it holds, for at most `boundMs`. */
const eventually = async (check: () => Promise<boolean>, what: string, boundMs = 10_000) => {
  const deadline = Date.now() + boundMs
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${boundMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

const openConnections = (running: Running) => new Promise<number>((resolve, reject) => running.server.getConnections((e, n) => (e ? reject(e) : resolve(n))))

const idleSocket = (url: string) =>
  new Promise<Socket>((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const socket = connect(Number(port), hostname, () => resolve(socket))
    socket.once('error', reject)
  })

test('NOTETAKER_MAX_CONNECTIONS=5: with five idle connections open a sixth is closed at once; once they close, requests are answered', async () => {
  const { running, logs, stop } = await serve({ NOTETAKER_MAX_CONNECTIONS: '5' })
  const idle: Socket[] = []
  try {
    for (let i = 0; i < 5; i++) idle.push(await idleSocket(running.url))
    await eventually(async () => (await openConnections(running)) === 5, 'the server holds the five connections')

    const sixth = await rawConnection(running.url)
    const cut = await sixth.closed()
    assert.is(cut.unread, '', 'closed without a byte')
    const refused = await fetch(`${running.url}/ext/v1/openapi.json`).then(
      (r) => `answered ${r.status}`,
      (e: Error & { cause?: { code?: string } }) => `failed: ${e.cause?.code ?? e.message}`,
    )
    assert.match(refused, /^failed/, 'a request on a further connection gets no answer')
    const warnings = logs.filter((l) => l.level === 40)
    assert.is(warnings.length, 1, 'one warning for the refused connections (at most one a minute)')
    assert.match(warnings[0]!.msg, /5 connections were open, the most allowed \(NOTETAKER_MAX_CONNECTIONS\)/)

    for (const s of idle) s.destroy()
    await eventually(async () => (await openConnections(running)) === 0, 'the idle connections are gone')
    const answered = await fetch(`${running.url}/ext/v1/openapi.json`)
    assert.is(answered.status, 200)
    assert.is((await answered.json()).openapi, '3.1.0')
  } finally {
    for (const s of idle) s.destroy()
    await stop()
  }
})

test('NOTETAKER_HEADERS_TIMEOUT_SECONDS=1: a client that sends half a request line, or nothing, is answered 408 in the envelope and closed', async () => {
  const { running, logs, stop } = await serve({ NOTETAKER_HEADERS_TIMEOUT_SECONDS: '1' })
  try {
    const slow = await rawConnection(running.url)
    await slow.write('GET /ext/v1/openapi.json HT')
    const silent = await rawConnection(running.url)
    const answer = await slow.answer(20_000)
    assert.is(answer.status, 408)
    assert.is(answer.headers['connection'], 'close')
    assert.equal(answer.json(), { error: { code: 'BAD_REQUEST', message: 'The request did not arrive in time' } })
    await slow.closed(20_000)
    await silent.closed(20_000)
    assert.ok(logs.some((l) => l.level === 30 && /answering 408/.test(l.msg)), 'logged in one line')
    const answered = await fetch(`${running.url}/ext/v1/openapi.json`)
    assert.is(answered.status, 200, 'a prompt client is served')
    await answered.arrayBuffer()
  } finally {
    await stop()
  }
})

test.run()
