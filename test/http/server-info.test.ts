import * as TE from 'fp-ts/lib/TaskEither.js'
import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createNoTranscriber } from '../../adapters/speech/transcribe-none/index.js'
import type { Transcriber } from '../../src/core/ports/transcriber.js'
import { startHarness } from '../support/http.js'
import { failingTranscriber } from '../support/transcribers.js'

const serverOf = async (transcriber: Transcriber) => {
  const h = await startHarness({ ports: { transcriber } })
  try {
    const r = await h.request('GET', '/server')
    assert.is(r.status, 200)
    assert.is((await h.request('GET', '/server', { key: null })).status, 401, 'a key is needed')
    return r.body.data
  } finally {
    await h.close()
  }
}

test('GET /server names the speech-to-text engine and its model', async () => {
  assert.equal(await serverOf({ ...failingTranscriber(), name: 'whisper', model: 'base.en' }), {
    speechToText: { engine: 'whisper', available: true, model: 'base.en', setupHint: null, accuracy: null, description: null, canManageModels: false },
    notes: { analyzer: 'builtin', model: null, template: 'general' },
    mail: { configured: false },
  })
  assert.equal((await serverOf(failingTranscriber())).speechToText.model, null, 'an engine without a model')
})

test('with no engine, GET /server says audio cannot be transcribed and what the operator does about it', async () => {
  const { speechToText } = await serverOf(createNoTranscriber())
  assert.equal([speechToText.engine, speechToText.available, speechToText.model], ['none', false, null])
  assert.match(speechToText.setupHint, /pocketsphinx-en-us/)
})

test('GET /server says whether the server sends mail', async () => {
  const h = await startHarness({ ports: { mailer: { description: 'SMTP at mail.example.com:587', send: () => TE.right(undefined) } } })
  try {
    assert.equal((await h.request('GET', '/server')).body.data.mail, { configured: true })
  } finally {
    await h.close()
  }
})

test.run()
