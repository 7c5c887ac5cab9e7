/** The speaker models beside the Whisper ones: catalog entries, the ONNX check, choosing, and pulling from an entry's own address. */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as E from 'fp-ts/lib/Either.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import {
  addFromFile,
  CatalogError,
  checkFile,
  chooseModel,
  chooseSpeakerModels,
  findModel,
  kindOf,
  loadCatalog,
  type ModelEntry,
  modelOfFile,
  PUBLISHED_SPEAKER_MODELS,
  pullModel,
  readOnnxInfo,
  sourceUrl,
} from '../../../../adapters/speech/models/index.js'
import { tinyEmbeddingModel, tinySegmentationModel } from '../../../../scripts/make-tiny-speaker-models.js'
import { tinyWhisperModel } from '../../../../scripts/make-tiny-whisper-model.js'
import { startMirror } from '../../../support/model-mirror.js'

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex')
const temp = () => mkdtempSync(join(tmpdir(), 'models-speakers-'))

test('the published speaker models: one segmentation and one embedding model, ONNX, each with its own https address, size and SHA-256', () => {
  assert.equal(PUBLISHED_SPEAKER_MODELS.map((m) => [m.name, kindOf(m)]), [['pyannote-segmentation-3-0', 'speaker-segmentation'], ['titanet-small', 'speaker-embedding']])
  for (const m of PUBLISHED_SPEAKER_MODELS) {
    assert.match(m.file, /\.onnx$/)
    assert.match(m.sha256, /^[0-9a-f]{64}$/)
    assert.match(m.url ?? '', /^https:\/\//)
    assert.is(m.source, 'published')
  }
  // Pinned here as well, so an accidental edit of the table fails loudly.
  assert.equal([findModel(loadCatalog(''), 'pyannote-segmentation-3-0')?.bytes, findModel(loadCatalog(''), 'pyannote-segmentation-3-0')?.sha256], [5_992_913, '220ad67ca923bef2fa91f2390c786097bf305bceb5e261d4af67b38e938e1079'])
  assert.equal([findModel(loadCatalog(''), 'titanet-small')?.bytes, findModel(loadCatalog(''), 'titanet-small')?.sha256], [40_257_283, 'ad4a1802485d8b34c722d2a9d04249662f2ece5d28a7a039063ca22f515a789e'])
  assert.is(modelOfFile(loadCatalog(''), 'nemo_en_titanet_small.onnx')?.name, 'titanet-small', '`models add` knows the file by its published name')
  assert.is(kindOf(findModel(loadCatalog(''), 'base.en')!), 'whisper')
})

test("an operator's catalog adds speaker models by kind (file NAME.onnx unless given); a wrong kind is refused", () => {
  const dir = temp()
  try {
    const path = join(dir, 'catalog.json')
    writeFileSync(path, JSON.stringify([{ name: 'wespeaker-resnet34', kind: 'speaker-embedding', bytes: 10, sha256: 'c'.repeat(64) }, { name: 'mine', bytes: 10, sha256: 'd'.repeat(64) }]))
    const catalog = loadCatalog(path)
    assert.equal(findModel(catalog, 'wespeaker-resnet34'), { name: 'wespeaker-resnet34', file: 'wespeaker-resnet34.onnx', bytes: 10, sha256: 'c'.repeat(64), multilingual: true, source: 'operator', kind: 'speaker-embedding' })
    assert.equal(findModel(catalog, 'mine'), { name: 'mine', file: 'ggml-mine.bin', bytes: 10, sha256: 'd'.repeat(64), multilingual: true, source: 'operator' }, 'a Whisper entry reads as before')
    writeFileSync(path, JSON.stringify([{ name: 'x', kind: 'speaker', bytes: 1, sha256: 'a'.repeat(64) }]))
    assert.throws(() => loadCatalog(path), (e: Error) => e instanceof CatalogError && /"kind" must be one of whisper, speaker-segmentation, speaker-embedding/.test(e.message))
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('the ONNX header: a model reads with its metadata; garbage, a cut file, a ggml file and a missing one are told apart in words', () => {
  const dir = temp()
  try {
    const seg = join(dir, 'seg.onnx')
    writeFileSync(seg, tinySegmentationModel())
    const info = readOnnxInfo(seg)
    assert.ok(E.isRight(info))
    const right = (info as E.Right<{ irVersion: number; opsets: unknown; metadata: Record<string, string> }>).right
    assert.equal([right.irVersion, right.opsets, right.metadata['window_size'], right.metadata['num_classes']], [7, [{ domain: '', version: 13 }], '32000', '7'])
    const wrong = (bytes: Buffer, name: string) => {
      const p = join(dir, name)
      writeFileSync(p, bytes)
      const r = readOnnxInfo(p)
      return E.isLeft(r) ? r.left : 'read as ONNX'
    }
    assert.match(wrong(tinyEmbeddingModel().subarray(0, 3000), 'cut.onnx'), /^it is not a whole ONNX model \(the file is cut short/)
    assert.match(wrong(Buffer.concat([Buffer.from('lmgg', 'latin1'), Buffer.alloc(200, 7)]), 'ggml.bin'), /^it is not (an|a whole) ONNX model/)
    assert.match(wrong(Buffer.from('RIFF....WAVEfmt '), 'a.wav'), /^it is not (an|a whole) ONNX model/)
    assert.match(wrong(Buffer.alloc(0), 'empty.onnx'), /^it is empty/)
    assert.match(wrong(Buffer.from([0x08, 0x07]), 'no-graph.onnx'), /^it is not an ONNX model: it has no graph/)
    const r = readOnnxInfo(join(dir, 'absent.onnx'))
    assert.match(E.isLeft(r) ? r.left : '', /^no model file at /)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('add and verify check an .onnx file is ONNX: the right size but not ONNX is refused before hashing, in words', async () => {
  const dir = temp()
  try {
    const data = join(dir, 'data')
    const body = tinySegmentationModel()
    const entry: ModelEntry = { name: 'seg', file: 'seg.onnx', bytes: body.length, sha256: sha(body), multilingual: true, source: 'operator', kind: 'speaker-segmentation' }
    const fake = join(dir, 'fake.onnx')
    writeFileSync(fake, Buffer.alloc(body.length, 0xff))
    const refused = await addFromFile(fake, data, entry).catch((e: unknown) => e as Error)
    assert.match(String(refused), /fake\.onnx is not seg: it is not (an|a whole) ONNX model.*; nothing was added$/)
    assert.not.ok(existsSync(join(data, 'models')) && readdirSync(join(data, 'models')).length > 0, 'nothing is left behind')
    const good = join(dir, 'model.onnx')
    writeFileSync(good, body)
    const path = await addFromFile(good, data, entry)
    assert.is(await checkFile(path, entry), null)
    writeFileSync(path, Buffer.alloc(body.length, 0xff))
    assert.match((await checkFile(path, entry)) ?? '', /^it is not (an|a whole) ONNX model/)
    // A Whisper entry is read as whisper.cpp's format, not as ONNX.
    const { kind: _speaker, ...whisperLike } = entry
    const ggml: ModelEntry = { ...whisperLike, name: 'g', file: 'ggml-g.bin', sha256: sha(Buffer.alloc(body.length, 0xff)) }
    assert.is(await checkFile(path, ggml), 'it is not a whisper.cpp (ggml) model')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test('choosing: both speaker models present (whole) are found, the preferred of each kind; a Whisper choice never takes one', () => {
  const dir = temp()
  try {
    // Real layouts (the generated models): a file is chosen only when its engine can read it.
    const seg = tinySegmentationModel()
    const emb = tinyEmbeddingModel()
    const whisper = tinyWhisperModel()
    const catalog: ModelEntry[] = [
      { name: 'seg-b', file: 'seg-b.onnx', bytes: seg.length, sha256: 'a'.repeat(64), multilingual: true, source: 'operator', kind: 'speaker-segmentation' },
      { name: 'pyannote-segmentation-3-0', file: 'seg-a.onnx', bytes: seg.length, sha256: 'b'.repeat(64), multilingual: true, source: 'operator', kind: 'speaker-segmentation' },
      { name: 'emb', file: 'emb.onnx', bytes: emb.length, sha256: 'c'.repeat(64), multilingual: true, source: 'operator', kind: 'speaker-embedding' },
      { name: 'tiny.en', file: 'ggml-tiny.en.bin', bytes: whisper.length, sha256: 'd'.repeat(64), multilingual: false, source: 'operator' },
    ]
    const put = (file: string, body: Buffer) => {
      mkdirSync(join(dir, 'models'), { recursive: true })
      writeFileSync(join(dir, 'models', file), body)
    }
    put('seg-b.onnx', seg)
    assert.is(chooseSpeakerModels(dir, catalog), null, 'no embedding model yet')
    assert.is(chooseModel(dir, catalog, ''), null, 'a speaker model is not a Whisper model')
    put('emb.onnx', emb.subarray(0, emb.length - 1))
    assert.is(chooseSpeakerModels(dir, catalog), null, 'a cut embedding model is not used')
    put('emb.onnx', Buffer.alloc(emb.length))
    assert.is(chooseSpeakerModels(dir, catalog), null, 'nor one of the right size that is not ONNX')
    put('emb.onnx', emb)
    assert.equal([chooseSpeakerModels(dir, catalog)?.segmentation.entry.name, chooseSpeakerModels(dir, catalog)?.embedding.entry.name], ['seg-b', 'emb'])
    put('seg-a.onnx', seg)
    assert.is(chooseSpeakerModels(dir, catalog)?.segmentation.entry.name, 'pyannote-segmentation-3-0', 'the preferred one')
    put('ggml-tiny.en.bin', whisper)
    assert.is(chooseModel(dir, catalog, '')?.entry.name, 'tiny.en')
    assert.is(chooseModel(dir, catalog, 'emb'), null, 'not even by name')
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})

test("pull takes an entry's own address over the mirror's; an entry without one uses the mirror", async () => {
  const dir = temp()
  const mirror = await startMirror()
  try {
    const body = tinyEmbeddingModel()
    mirror.files.set('published/emb.onnx', body)
    const entry: ModelEntry = { name: 'emb', file: 'emb.onnx', bytes: body.length, sha256: sha(body), multilingual: true, source: 'published', kind: 'speaker-embedding', url: `${mirror.url}/published/emb.onnx` }
    assert.is(sourceUrl('https://huggingface.co/ggerganov/whisper.cpp/resolve/main', entry).href, `${mirror.url}/published/emb.onnx`)
    assert.is(sourceUrl('https://mirror.example.com/m', { ...entry, url: undefined }).href, 'https://mirror.example.com/m/emb.onnx')
    assert.throws(() => sourceUrl('', { ...entry, url: 'http://models.example.com/emb.onnx' }), /the address of emb http:\/\/models\.example\.com is plain http/)
    const r = await pullModel({ entry, dataDir: dir, baseUrl: 'https://unreachable.invalid/whisper' })
    assert.equal([r.alreadyPresent, r.path], [false, join(dir, 'models', 'emb.onnx')])
    assert.equal(mirror.requests.map((q) => q.path), ['/published/emb.onnx'])
  } finally {
    await mirror.close()
    rmSync(dir, { recursive: true, force: true })
  }
})

test.run()
