import { test } from 'uvu'
import * as assert from 'uvu/assert'
import { createNoTranscriber, NO_TRANSCRIBER_MESSAGE } from '../../../../adapters/speech/transcribe-none/index.js'
import { left } from '../../../support/run.js'

test('every call fails with how to configure a transcriber, naming the variables', async () => {
  const transcriber = createNoTranscriber()
  assert.is(transcriber.name, 'none')
  const f = await left(transcriber.transcribe({ path: '/does/not/matter.wav', defaultSpeaker: 'Room' }))
  assert.is(f._tag, 'TranscriptionFailure')
  for (const words of ['NOTETAKER_TRANSCRIBER=pocketsphinx', 'NOTETAKER_TRANSCRIBER=openai', 'NOTETAKER_TRANSCRIBER_URL', 'NOTETAKER_TRANSCRIBER_MODEL', 'NOTETAKER_TRANSCRIBER_KEY'])
    assert.ok(f.message.includes(words), `mentions ${words}`)
})

test('it says it is not available, with the same how-to as its hint, so audio uploads are refused up front', () => {
  const transcriber = createNoTranscriber()
  assert.is(transcriber.available, false)
  assert.is(transcriber.setupHint, NO_TRANSCRIBER_MESSAGE)
  assert.match(NO_TRANSCRIBER_MESSAGE, 'pocketsphinx-en-us')
  assert.match(NO_TRANSCRIBER_MESSAGE, 'notetaker models add ggml-base.en.bin', 'a server without internet is told how to bring a model file')
})

test('it never touches the file: a second call fails the same way', async () => {
  const transcriber = createNoTranscriber()
  const a = await left(transcriber.transcribe({ path: 'a', defaultSpeaker: 'x' }))
  const b = await left(transcriber.transcribe({ path: 'b', defaultSpeaker: 'y' }))
  assert.equal(a, b)
})

test.run()
