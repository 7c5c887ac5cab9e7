import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import type { ModelEntry } from '../../../../adapters/speech/models/catalog.js'
import { addFromFile, checkFile, ModelError, presentModels, removeModel, unknownFiles } from '../../../../adapters/speech/models/store.js'
import { whisperModelFile } from '../../../support/model-mirror.js'

/** The same bytes with one of them changed. */
const flipped = (body: Buffer, at: number) => {
  const copy = Buffer.from(body)
  copy[at] = copy[at]! ^ 0xff
  return copy
}

test('add copies a verified file into place (0600), leaves the source, refuses one that is not the model; list, check and remove', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'models-store-'))
  try {
    const data = join(dir, 'data')
    const { body, sha256 } = whisperModelFile()
    const entry: ModelEntry = { name: 'test', file: 'ggml-test.bin', bytes: body.length, sha256, multilingual: true, source: 'operator' }
    const source = join(dir, 'brought.bin')
    writeFileSync(source, body)

    const bad = join(dir, 'bad.bin')
    writeFileSync(bad, flipped(body, 100))
    const refused = await addFromFile(bad, data, entry).catch((e: unknown) => e)
    assert.instance(refused, ModelError)
    assert.match((refused as Error).message, /bad\.bin is not test: its SHA-256 is [0-9a-f]{64}, not the [0-9a-f]{64} of ggml-test\.bin; nothing was added$/)
    assert.equal(readdirSync(join(data, 'models')), [], 'nothing is left behind')
    writeFileSync(bad, body.subarray(1))
    assert.match(String(await addFromFile(bad, data, entry).catch((e: unknown) => e)), new RegExp(`its size is ${body.length - 1} bytes, not the ${body.length} of ggml-test\\.bin; nothing was added`))

    const path = await addFromFile(source, data, entry)
    assert.is(path, join(data, 'models', 'ggml-test.bin'))
    assert.ok(readFileSync(path).equals(body))
    assert.ok(existsSync(source), 'copied, not moved')
    assert.is(statSync(path).mode & 0o777, 0o600)
    assert.is(statSync(data).mode & 0o777, 0o700)
    assert.is(await checkFile(path, entry), null)
    assert.equal(presentModels(data, [entry]).map((p) => [p.entry.name, p.bytes]), [['test', body.length]])

    writeFileSync(join(data, 'models', 'stray.bin'), 'x')
    assert.equal(unknownFiles(data, [entry]), ['stray.bin'])
    writeFileSync(path, flipped(body, 1000))
    assert.match(String(await checkFile(path, entry)), /^its SHA-256 is [0-9a-f]{64}, not the /, 'a changed weight: only the checksum tells')
    writeFileSync(path, flipped(body, 0))
    assert.is(await checkFile(path, entry), 'it is not a whisper.cpp (ggml) model', 'a changed header: the layout tells, before any hashing')

    writeFileSync(`${path}.part`, 'partial')
    assert.is(removeModel(data, entry), true)
    assert.not.ok(existsSync(path) || existsSync(`${path}.part`))
    assert.is(removeModel(data, entry), false)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
