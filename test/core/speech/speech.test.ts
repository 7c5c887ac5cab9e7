import type * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { memoryAccountStore, memoryOrganizationStore } from '../../../adapters/stores/memory/accounts.js'
import { fixedClock } from '../../../adapters/system/clock.js'
import { randomIds } from '../../../adapters/system/ids.js'
import { DEFAULT_PLANS } from '../../../src/core/domain/identity/account.js'
import type { Actor } from '../../../src/core/domain/identity/api-key.js'
import type { AppError } from '../../../src/core/errors.js'
import { createAccount } from '../../../src/core/identity/index.js'
import type { Transcriber } from '../../../src/core/ports/transcriber.js'
import { speechUseCases } from '../../../src/core/speech/index.js'
import { left, right } from '../../support/run.js'
import { speechModelsDouble } from '../../support/speech-models.js'
import { failingTranscriber } from '../../support/transcribers.js'

const actorOf = (accountId: string, access: Actor['access'] = 'full'): Actor => ({ accountId, keyId: 'k', access, organizationWide: false, organizationId: null })

const setup = async (o: { models?: boolean } = {}) => {
  const accounts = memoryAccountStore()
  const deps = { accounts, organizations: memoryOrganizationStore(), clock: fixedClock('2026-03-01T00:00:00.000Z'), ids: randomIds, plans: DEFAULT_PLANS }
  const admin = await right(createAccount(deps)({ name: 'Ada', email: 'ada@example.com', planKey: 'free', organizationName: null, serverAdmin: true }))
  const other = await right(createAccount(deps)({ name: 'Bob', email: 'bob@example.com', planKey: 'free', organizationName: null }))
  const models = speechModelsDouble([{ name: 'base.en', file: Buffer.from('base.en') }])
  // The engine the server transcribes with now: a test swaps it, as a model change does.
  const engine: { now: Transcriber } = { now: { ...failingTranscriber(), name: 'pocketsphinx', accuracy: 'rough', description: 'PocketSphinx: rough, English only' } }
  const transcriber = new Proxy({} as Transcriber, { get: (_, k) => engine.now[k as keyof Transcriber] })
  const speech = speechUseCases({ accounts, transcriber, ...(o.models === false ? {} : { speechModels: models.port }), modelsMirror: 'https://mirror.example/' })
  return { speech, models, engine, admin: actorOf(admin.id), readonlyAdmin: actorOf(admin.id, 'readonly'), other: actorOf(other.id) }
}

const s = suite('speech: the engine and the server models')

s('speechToText says the engine now, how accurate it is, and whether the caller may manage models', async () => {
  const { speech, engine, admin, readonlyAdmin, other } = await setup()
  assert.equal(await right(speech.speechToText(admin)), {
    engine: 'pocketsphinx', available: true, model: null, setupHint: null, accuracy: 'rough', description: 'PocketSphinx: rough, English only', canManageModels: true,
  })
  assert.is((await right(speech.speechToText(readonlyAdmin))).canManageModels, false)
  assert.is((await right(speech.speechToText(other))).canManageModels, false)
  engine.now = { ...failingTranscriber(), name: 'whisper', model: 'base.en', accuracy: 'accurate', description: 'Whisper base.en: accurate, English' }
  const now = await right(speech.speechToText(other))
  assert.equal([now.engine, now.model, now.accuracy], ['whisper', 'base.en', 'accurate'], 'read at each call: it follows a model change')
  engine.now = { ...failingTranscriber(), name: 'none', available: false, setupHint: 'install pocketsphinx' }
  assert.equal(await right(speech.speechToText(other)), { engine: 'none', available: false, model: null, setupHint: 'install pocketsphinx', accuracy: null, description: null, canManageModels: false })
})

s('reading needs an administrator; changing needs one with full access; the read-only refusal comes first', async () => {
  const { speech, readonlyAdmin, other } = await setup()
  assert.is((await right(speech.listModels(readonlyAdmin))).models.length, 1)
  assert.equal(await left(speech.listModels(other)), { _tag: 'Forbidden', message: "Only this server's administrators manage its speech models" })
  const writes: ReadonlyArray<TE.TaskEither<AppError, unknown>> = [speech.pullModel(readonlyAdmin, 'base.en'), speech.removeModel(readonlyAdmin, 'base.en'), speech.modelFileLimit(readonlyAdmin, 'base.en'), speech.addModel(readonlyAdmin, 'base.en', '/nowhere')]
  for (const task of writes) {
    assert.equal(await left(task), { _tag: 'Forbidden', message: 'This key is read-only and cannot make changes' })
  }
  assert.equal(await left(speech.pullModel(other, 'base.en')), { _tag: 'Forbidden', message: "Only this server's administrators manage its speech models" })
})

s('the port\'s failures: unknown is NotFound, refused is a Validation on the field, unavailable a StoreFailure', async () => {
  const { speech, models, admin } = await setup()
  assert.equal(await left(speech.pullModel(admin, 'huge')), { _tag: 'NotFound', message: 'No speech model is named huge' })
  assert.equal(await left(speech.modelFileLimit(admin, 'huge')), { _tag: 'NotFound', message: 'No speech model is named huge; GET /server/models lists the known ones' })
  assert.is(await right(speech.modelFileLimit(admin, 'base.en')), 'base.en'.length)
  models.settings.refusePulls = 'no mirror'
  assert.equal(await left(speech.pullModel(admin, 'base.en')), { _tag: 'Validation', message: 'no mirror', details: [{ path: 'name', message: 'no mirror' }] })
  models.settings.brokenFolder = 'EACCES'
  const broken = await left(speech.listModels(admin))
  assert.equal([broken._tag, broken._tag === 'StoreFailure' && (broken.cause as Error).message], ['StoreFailure', 'EACCES'])
})

s('without a models store, each use case says so after the rights', async () => {
  const { speech, admin, other } = await setup({ models: false })
  const e = await left(speech.listModels(admin))
  assert.is(e._tag, 'Validation')
  assert.match(e._tag === 'Validation' ? e.message : '', /keeps no speech models/)
  assert.is((await left(speech.pullModel(other, 'base.en')))._tag, 'Forbidden')
})

s.run()
