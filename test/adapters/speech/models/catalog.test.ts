import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { CatalogError, findModel, loadCatalog, modelOfFile, PUBLISHED_CATALOG, PUBLISHED_MODELS } from '../../../../adapters/speech/models/catalog.js'

test('the published catalog: the models the issue names, each a ggml file with a size and a SHA-256', () => {
  const names = PUBLISHED_MODELS.map((m) => m.name)
  for (const n of ['tiny', 'tiny.en', 'base', 'base.en', 'small', 'small.en', 'medium', 'medium.en', 'large-v3', 'large-v3-turbo', 'tiny.en-q5_1', 'base.en-q5_1', 'small.en-q5_1', 'large-v3-turbo-q5_0']) assert.ok(names.includes(n), n)
  assert.is(new Set(names).size, names.length, 'names are unique')
  assert.is(new Set(PUBLISHED_MODELS.map((m) => m.sha256)).size, names.length, 'checksums are unique')
  for (const m of PUBLISHED_MODELS) {
    assert.is(m.file, `ggml-${m.name}.bin`)
    assert.match(m.sha256, /^[0-9a-f]{64}$/)
    assert.ok(Number.isSafeInteger(m.bytes) && m.bytes > 30e6, m.name)
    assert.is(m.multilingual, !m.name.includes('.en'), m.name)
  }
  // Two values pinned here as well, so an accidental edit of the table fails loudly.
  assert.equal([findModel(PUBLISHED_MODELS, 'base.en')?.bytes, findModel(PUBLISHED_MODELS, 'base.en')?.sha256], [147_964_211, 'a03779c86df3323075f5e796cb2ce5029f00ec8869eee3fdfb897afe36c6d002'])
  assert.is(modelOfFile(PUBLISHED_MODELS, 'ggml-tiny.en-q5_1.bin')?.name, 'tiny.en-q5_1')
})

test("an operator's catalog adds models and replaces a published one of the same name; a bad entry is refused in words", () => {
  const dir = mkdtempSync(join(tmpdir(), 'models-catalog-'))
  try {
    const path = join(dir, 'catalog.json')
    writeFileSync(path, JSON.stringify([
      { name: 'acme-meetings', file: 'acme.bin', bytes: 10, sha256: 'A'.repeat(64) },
      { name: 'base.en', bytes: 5, sha256: 'b'.repeat(64) },
    ]))
    const catalog = loadCatalog(path)
    assert.is(catalog.length, PUBLISHED_CATALOG.length + 1)
    assert.equal(findModel(catalog, 'acme-meetings'), { name: 'acme-meetings', file: 'acme.bin', bytes: 10, sha256: 'a'.repeat(64), multilingual: true, source: 'operator' })
    assert.equal(findModel(catalog, 'base.en'), { name: 'base.en', file: 'ggml-base.en.bin', bytes: 5, sha256: 'b'.repeat(64), multilingual: false, source: 'operator' })
    const names = catalog.map((m) => m.name)
    assert.is(names.indexOf('base.en'), PUBLISHED_CATALOG.findIndex((m) => m.name === 'base.en'), 'a replaced entry keeps its place')
    assert.is(names.at(-1), 'acme-meetings', 'a new name comes after the published ones')
    assert.is(loadCatalog(''), PUBLISHED_CATALOG)
    const refused = (entries: unknown, message: RegExp) => {
      writeFileSync(path, JSON.stringify(entries))
      assert.throws(() => loadCatalog(path), (e: Error) => e instanceof CatalogError && message.test(e.message))
    }
    refused([{ name: 'x', file: '../../etc/passwd', bytes: 1, sha256: 'a'.repeat(64) }], /entry 1: "file" must be a plain file name/)
    refused([{ name: 'x', bytes: 1, sha256: 'abc' }], /"sha256" must be 64 hexadecimal digits/)
    refused([{ name: 'x', bytes: 0, sha256: 'a'.repeat(64) }], /"bytes"/)
    refused({ name: 'x' }, /must hold a JSON array/)
    assert.throws(() => loadCatalog(join(dir, 'missing.json')), /cannot read the model catalog NOTETAKER_MODELS_CATALOG=/)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
