/** `notetaker serve` hands NOTETAKER_PUBLIC_URL to the HTTP adapter: the served document names it as its server. */
import { rmSync } from 'node:fs'
import * as E from 'fp-ts/lib/Either.js'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { openAdapters } from '../../src/app/composition/adapters.js'
import { loadConfig } from '../../src/app/config/index.js'
import { startServer } from '../../src/app/service/serve.js'
import { tempDir } from '../support/cli.js'

test('the started server names NOTETAKER_PUBLIC_URL/ext/v1 as its server, whatever address it was asked at', async () => {
  const dir = tempDir('public-url')
  const config = loadConfig({ NOTETAKER_STORE: 'memory', PORT: '0', DATA_DIR: dir, NOTETAKER_PUBLIC_URL: 'https://notes.example.com/', NOTETAKER_TRANSCRIBER: 'none' })
  if (E.isLeft(config)) throw new Error(config.left.join('; '))
  const logger = pino({ level: 'silent' })
  const running = await startServer(config.right, logger, openAdapters(config.right, { migrate: true, logger }), { worker: false })
  try {
    const doc = await (await fetch(`${running.url}/ext/v1/openapi.json`)).json()
    assert.equal(doc.servers.map((s: { url: string }) => s.url), ['https://notes.example.com/ext/v1'])
  } finally {
    await running.stop()
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
