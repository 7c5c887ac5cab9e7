import { chmodSync, mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import pino from 'pino'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { pocketsphinxInstalled } from '../../adapters/transcribe-pocketsphinx/index.js'
import * as E from 'fp-ts/lib/Either.js'
import { loadConfig } from '../../src/app/config.js'
import { chooseTranscriber, processingAdapters } from '../../src/app/processing-adapters.js'
import { tempDir } from '../support/cli.js'

test('auto takes pocketsphinx when it is installed, else none; a named engine is taken as named', () => {
  assert.is(chooseTranscriber('auto', { pocketsphinx: true }), 'pocketsphinx')
  assert.is(chooseTranscriber('auto', { pocketsphinx: false }), 'none')
  assert.is(chooseTranscriber('none', { pocketsphinx: true }), 'none')
  assert.is(chooseTranscriber('openai', { pocketsphinx: true }), 'openai')
  assert.is(chooseTranscriber('pocketsphinx', { pocketsphinx: false }), 'pocketsphinx')
})

test('pocketsphinx counts as installed with its recogniser on the PATH and its model on disk, not with one of them', () => {
  const dir = tempDir('psx')
  const bin = join(dir, 'bin')
  mkdirSync(bin)
  const model = join(dir, 'model')
  mkdirSync(model)
  const recogniser = join(bin, 'pocketsphinx_continuous')
  writeFileSync(recogniser, '#!/bin/sh\n')
  assert.not.ok(pocketsphinxInstalled({ path: bin, model }), 'not executable')
  chmodSync(recogniser, 0o755)
  assert.ok(pocketsphinxInstalled({ path: `/nowhere:${bin}`, model }))
  assert.not.ok(pocketsphinxInstalled({ path: bin, model: join(dir, 'no-model') }), 'no model')
  assert.not.ok(pocketsphinxInstalled({ path: join(dir, 'empty'), model }), 'not on the PATH')
})

test('the start logs which engine it took, and says how to get one when there is none', async () => {
  const lines: Array<{ level: number; msg: string; transcriber: string }> = []
  const logger = pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) })
  const loaded = loadConfig({})
  if (E.isLeft(loaded)) throw new Error(loaded.left.join('; '))
  const config = loaded.right
  const none = processingAdapters(config, logger, () => ({ pocketsphinx: false }))
  assert.is(none.ports.transcriber.available, false)
  const found = processingAdapters(config, logger, () => ({ pocketsphinx: true }))
  assert.is(found.ports.transcriber.name, 'pocketsphinx')
  await Promise.all([none.close(), found.close()])
  assert.equal(lines.map((l) => [l.level, l.transcriber]), [[40, 'none'], [30, 'pocketsphinx']])
  assert.match(lines[0]?.msg ?? '', /apt-get install pocketsphinx pocketsphinx-en-us/)
  assert.match(lines[1]?.msg ?? '', /found on this machine/)
})

test.run()
