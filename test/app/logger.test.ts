import { Writable } from 'node:stream'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { makeLogger } from '../../src/app/service/logger.js'

/** What a logger of this format writes to standard output for one line. */
const written = async (format: 'auto' | 'json' | 'pretty', isTTY: boolean): Promise<string> => {
  const chunks: string[] = []
  const stream = new Writable({ write: (chunk, _encoding, done) => (chunks.push(String(chunk)), done()) })
  makeLogger({ LOG_LEVEL: 'info', LOG_FORMAT: format }, { isTTY, stream }).info({ runId: 'r1' }, 'the recording is ready')
  // The readable form passes through a transform stream before it reaches the output.
  await new Promise((resolve) => setTimeout(resolve, 50))
  return chunks.join('')
}

test('json is one JSON object a line; pretty is a readable line; auto is readable only on a terminal', async () => {
  const json = JSON.parse(await written('json', true))
  assert.equal([json.level, json.msg, json.runId, json.service], [30, 'the recording is ready', 'r1', 'notetaker'])
  const pretty = await written('pretty', false)
  assert.match(pretty, /^\[\d\d:\d\d:\d\d\] INFO: the recording is ready\n\s+runId: "r1"\n$/)
  assert.match((await written('auto', true)).replace(/\x1b\[[0-9;]*m/g, ''), /INFO: the recording is ready/)
  assert.is(JSON.parse(await written('auto', false)).msg, 'the recording is ready')
})

test.run()
