import { existsSync } from 'node:fs'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { sizeInWords } from '../../src/core/domain/size-words.js'
import { type Harness, startHarness } from '../support/http.js'
import { right } from '../support/run.js'
import { asSession, setPassword, signIn } from '../support/session.js'
import { type DoubleModel, speechModelsDouble } from '../support/speech-models.js'
import { failingTranscriber } from '../support/transcribers.js'

const BASE = { name: 'base.en', file: Buffer.from('ggml base.en: header, mel filters, vocabulary and weights') } satisfies DoubleModel
const SMALL = { name: 'small', file: Buffer.from('ggml small: a multilingual model, a little larger than base.en') } satisfies DoubleModel
const MIRROR = 'https://models.example.com/whisper/'
const NOT_ADMIN = "Only this server's administrators manage its speech models"
const READ_ONLY = 'This key is read-only and cannot make changes'

interface Ctx {
  h: Harness
  models: ReturnType<typeof speechModelsDouble>
}

const s = suite<Ctx>('speech models API (/server, /server/models)')

s.before.each(async (ctx) => {
  ctx.models = speechModelsDouble([BASE, SMALL])
  ctx.h = await startHarness({
    ports: {
      speechModels: ctx.models.port,
      modelsMirror: MIRROR,
      transcriber: { ...failingTranscriber(), name: 'pocketsphinx', accuracy: 'rough', description: 'PocketSphinx: rough, English only' },
    },
  })
  // Ada (the first account) runs the server; Bob does not.
  await right(ctx.h.core.identity.setServerAdmin(ctx.h.accounts.first, true))
})
s.after.each(async ({ h }) => h.close())

/** PUT /server/models/{name}/content with raw bytes; `chunked` sends no Content-Length (the server learns the size as it reads). */
const putFile = async (h: Harness, name: string, bytes: Buffer, o: { key?: string; chunked?: boolean } = {}) => {
  const body = o.chunked === true ? new ReadableStream({ start: (c) => (c.enqueue(new Uint8Array(bytes)), c.close()) }) : bytes
  const res = await fetch(`${h.url}/ext/v1/server/models/${name}/content`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${o.key ?? h.keys.full}`, 'content-type': 'application/octet-stream' },
    body,
    ...(o.chunked === true ? { duplex: 'half' } : {}),
  } as RequestInit)
  return { status: res.status, body: (await res.json()) as any }
}

const errorOf = (r: { status: number; body: any }) => [r.status, r.body.error?.code, r.body.error?.message]

s('GET /me and GET /server say who is a server administrator and who may manage models', async ({ h }) => {
  assert.is((await h.request('GET', '/me')).body.data.account.serverAdmin, true)
  assert.is((await h.request('GET', '/me', { key: h.keys.other })).body.data.account.serverAdmin, false)
  const server = await h.request('GET', '/server')
  assert.equal(server.body.data.speechToText, {
    engine: 'pocketsphinx', available: true, model: null, setupHint: null,
    accuracy: 'rough', description: 'PocketSphinx: rough, English only', canManageModels: true,
  })
  assert.is((await h.request('GET', '/server', { key: h.keys.readonly })).body.data.speechToText.canManageModels, false, 'an administrator with a read-only key')
  assert.is((await h.request('GET', '/server', { key: h.keys.other })).body.data.speechToText.canManageModels, false, 'not an administrator')
})

s('an administrator signed in with a password may manage models', async ({ h }) => {
  await setPassword(h, 'ada@example.com')
  const session = await signIn(h, { email: 'ada@example.com', password: 'correct horse battery staple' })
  assert.is((await h.request('GET', '/server', asSession(session))).body.data.speechToText.canManageModels, true)
  assert.is((await h.request('POST', '/server/models', asSession(session, { body: { name: 'base.en' } }))).status, 202)
})

s('GET /server/models: the engine, every model with its state, and the mirror; any key of an administrator', async ({ h }) => {
  const r = await h.request('GET', '/server/models')
  assert.is(r.status, 200)
  assert.is(r.body.data.mirror, MIRROR)
  assert.is(r.body.data.speechToText.description, 'PocketSphinx: rough, English only')
  assert.equal(r.body.data.models.map((m: any) => [m.name, m.state, m.bytes]), [['base.en', 'absent', BASE.file.length], ['small', 'absent', SMALL.file.length]])
  assert.is((await h.request('GET', '/server/models', { key: h.keys.readonly })).status, 200, 'reading needs no full access')
  assert.equal(errorOf(await h.request('GET', '/server/models', { key: h.keys.other })), [403, 'FORBIDDEN', NOT_ADMIN])
  assert.is((await h.request('GET', '/server/models', { key: null })).status, 401)
})

s('POST /server/models starts a download (202, downloading), and answers 200 once the model is here', async ({ h, models }) => {
  const started = await h.request('POST', '/server/models', { body: { name: 'base.en' } })
  assert.equal([started.status, started.body.data.name, started.body.data.state], [202, 'base.en', 'downloading'])
  const listed = (await h.request('GET', '/server/models')).body.data.models
  assert.is(listed.find((m: any) => m.name === 'base.en').state, 'downloading')
  models.finish('base.en')
  const again = await h.request('POST', '/server/models', { body: { name: 'base.en' } })
  assert.equal([again.status, again.body.data.state, again.body.data.receivedBytes], [200, 'present', BASE.file.length])
})

s('POST /server/models refuses: an unknown model, a bad body, a read-only key, another account, a download that cannot be done', async ({ h, models }) => {
  assert.equal(errorOf(await h.request('POST', '/server/models', { body: { name: 'huge.en' } })), [404, 'NOT_FOUND', 'No speech model is named huge.en'])
  const missing = await h.request('POST', '/server/models', { body: {} })
  assert.equal([missing.status, missing.body.error.code, missing.body.error.details[0].path], [422, 'VALIDATION_ERROR', 'name'])
  assert.is((await h.request('POST', '/server/models', { body: { name: '../etc/passwd' } })).status, 422, 'not a model name')
  assert.is((await h.request('POST', '/server/models', { body: { name: 'base.en', extra: 1 } })).status, 422, 'unknown fields')
  const malformed = await h.request('POST', '/server/models', { rawBody: '{"name":', headers: { 'content-type': 'application/json' } })
  assert.equal([malformed.status, malformed.body.error.code], [400, 'BAD_REQUEST'])
  assert.equal(errorOf(await h.request('POST', '/server/models', { key: h.keys.readonly, body: { name: 'base.en' } })), [403, 'FORBIDDEN', READ_ONLY])
  assert.equal(errorOf(await h.request('POST', '/server/models', { key: h.keys.other, body: { name: 'base.en' } })), [403, 'FORBIDDEN', NOT_ADMIN])
  models.settings.refusePulls = 'the mirror https://models.example.com/whisper/ cannot be reached: getaddrinfo ENOTFOUND'
  const refused = await h.request('POST', '/server/models', { body: { name: 'base.en' } })
  assert.equal([refused.status, refused.body.error.details[0]], [422, { path: 'name', message: models.settings.refusePulls }])
  assert.is((await h.request('GET', '/server/models')).body.data.models[0].state, 'absent', 'nothing was started')
})

s('PUT /server/models/{name}/content adds the model from its bytes, and the temporary file is gone after', async ({ h, models }) => {
  const r = await putFile(h, 'base.en', BASE.file)
  assert.equal([r.status, r.body.data.name, r.body.data.state], [200, 'base.en', 'present'], JSON.stringify(r.body))
  assert.is(models.addedFrom.length, 1)
  assert.not.ok(existsSync(models.addedFrom[0]!), 'the temporary file was removed')
  const chunked = await putFile(h, 'small', SMALL.file, { chunked: true })
  assert.equal([chunked.status, chunked.body.data.state], [200, 'present'], 'a body without Content-Length')
  assert.equal((await h.request('GET', '/server/models')).body.data.models.map((m: any) => m.state), ['present', 'present'])
})

s('PUT /server/models/{name}/content refuses a file that is not the model, in words, and keeps nothing', async ({ h, models }) => {
  const other = Buffer.alloc(BASE.file.length, 'x')
  const refused = await putFile(h, 'base.en', other)
  assert.equal([refused.status, refused.body.error.code, refused.body.error.details[0].path], [422, 'VALIDATION_ERROR', 'content'])
  assert.match(refused.body.error.message, /SHA-256 is not base\.en's.*nothing was added/)
  assert.not.ok(existsSync(models.addedFrom[0]!), 'the temporary file of a refused file was removed too')
  const short = await putFile(h, 'base.en', BASE.file.subarray(0, 10))
  assert.equal([short.status, short.body.error.message], [422, `the file is 10 bytes, and base.en is ${BASE.file.length}; nothing was added`])
  assert.is((await h.request('GET', '/server/models')).body.data.models[0].state, 'absent')
})

s('PUT /server/models/{name}/content stops at the model\'s size, and refuses an empty file', async ({ h, models }) => {
  const larger = Buffer.concat([BASE.file, Buffer.from('and more')])
  const declared = await putFile(h, 'base.en', larger)
  assert.equal(errorOf(declared), [422, 'VALIDATION_ERROR', `the file is larger than the model base.en (${sizeInWords(BASE.file.length)}); nothing was added`])
  assert.is(models.addedFrom.length, 0, 'refused from its Content-Length, before a byte was read')
  const streamed = await putFile(h, 'base.en', larger, { chunked: true })
  assert.equal(errorOf(streamed), [422, 'VALIDATION_ERROR', `the file is larger than the model base.en (${sizeInWords(BASE.file.length)}); nothing was added`])
  assert.is(models.addedFrom.length, 0, 'stopped while streaming, never handed to the models')
  assert.equal(errorOf(await putFile(h, 'base.en', Buffer.alloc(0))), [422, 'VALIDATION_ERROR', 'the file is empty; nothing was added'])
  assert.equal(errorOf(await putFile(h, 'base.en', Buffer.alloc(0), { chunked: true })), [422, 'VALIDATION_ERROR', 'the file is empty; nothing was added'])
})

s('PUT /server/models/{name}/content refuses an unknown model, a bad name, a read-only key and another account', async ({ h, models }) => {
  assert.equal(errorOf(await putFile(h, 'huge.en', BASE.file)), [404, 'NOT_FOUND', 'No speech model is named huge.en; GET /server/models lists the known ones'])
  const badName = await putFile(h, 'base.en%20x', BASE.file)
  assert.equal([badName.status, badName.body.error.details[0].path], [422, 'name'])
  assert.equal(errorOf(await putFile(h, 'base.en', BASE.file, { key: h.keys.readonly })), [403, 'FORBIDDEN', READ_ONLY])
  assert.equal(errorOf(await putFile(h, 'base.en', BASE.file, { key: h.keys.other })), [403, 'FORBIDDEN', NOT_ADMIN])
  assert.is(models.addedFrom.length, 0)
})

s('DELETE /server/models/{name}: 204 when something was removed, 404 when nothing of it is here', async ({ h }) => {
  assert.is((await putFile(h, 'base.en', BASE.file)).status, 200)
  const removed = await h.request('DELETE', '/server/models/base.en')
  assert.equal([removed.status, removed.body], [204, ''])
  assert.is((await h.request('GET', '/server/models')).body.data.models[0].state, 'absent')
  assert.equal(errorOf(await h.request('DELETE', '/server/models/base.en')), [404, 'NOT_FOUND', 'Nothing of the speech model base.en is on this server'])
  assert.equal(errorOf(await h.request('DELETE', '/server/models/huge.en')), [404, 'NOT_FOUND', 'No speech model is named huge.en'])
  assert.is((await h.request('DELETE', '/server/models/a%2Fb')).status, 422, 'not a model name')
})

s('DELETE /server/models/{name} refuses a read-only key and another account, and removes nothing', async ({ h }) => {
  assert.is((await putFile(h, 'base.en', BASE.file)).status, 200)
  assert.equal(errorOf(await h.request('DELETE', '/server/models/base.en', { key: h.keys.readonly })), [403, 'FORBIDDEN', READ_ONLY])
  assert.equal(errorOf(await h.request('DELETE', '/server/models/base.en', { key: h.keys.other })), [403, 'FORBIDDEN', NOT_ADMIN])
  assert.is((await h.request('GET', '/server/models')).body.data.models[0].state, 'present')
})

s('a models folder that cannot be used is a 500, its reason kept for the log', async ({ h, models }) => {
  models.settings.brokenFolder = 'DATA_DIR/models cannot be read: EACCES'
  assert.equal(errorOf(await h.request('GET', '/server/models')), [500, 'INTERNAL_ERROR', 'The server failed; retrying with backoff is safe'])
  assert.is((await h.request('POST', '/server/models', { body: { name: 'base.en' } })).status, 500)
})

s.run()

const none = suite<{ h: Harness }>('speech models API without a models store')
none.before.each(async (ctx) => {
  ctx.h = await startHarness()
  await right(ctx.h.core.identity.setServerAdmin(ctx.h.accounts.first, true))
})
none.after.each(async ({ h }) => h.close())

none('every models route says, in words, that this server keeps no models (422)', async ({ h }) => {
  for (const [method, path, body] of [['GET', '/server/models'], ['POST', '/server/models', { name: 'base.en' }], ['DELETE', '/server/models/base.en']] as const) {
    const r = await h.request(method, path, body === undefined ? {} : { body })
    assert.equal([r.status, r.body.error.code], [422, 'VALIDATION_ERROR'], `${method} ${path}`)
    assert.match(r.body.error.message, /keeps no speech models: it runs without a data folder \(DATA_DIR\)/)
  }
  const put = await putFile(h, 'base.en', BASE.file)
  assert.equal([put.status, put.body.error.details[0].path], [422, 'content'])
  assert.equal(errorOf(await h.request('GET', '/server/models', { key: h.keys.other })), [403, 'FORBIDDEN', NOT_ADMIN], 'rights first')
})

none.run()
