/**
 * A recording says which engine made its transcript (GET /recordings/{runId} `transcribedBy`): the
 * engine the transcription really ran on, through the live engine that switches without a restart
 * (PocketSphinx, then Whisper once a model is in place), so the earlier recording stays "rough".
 * An uploaded transcript file has none; a bot's transcript of the meeting's captions says `captions`.
 */
import * as TE from 'fp-ts/lib/TaskEither.js'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createSpeechEngine } from '../../src/app/composition/speech-engine.js'
import type { EngineChoice, OpenedEngine } from '../../src/app/composition/transcriber-choice.js'
import type { Transcriber, Transcription } from '../../src/core/ports/transcriber.js'
import { closing, type Harness, startHarness } from '../support/http.js'
import { putContent, silentWav, VTT } from './share-world.js'

const s = suite('a recording names the engine that made its transcript')

const SAID: Transcription = { utterances: [{ start_ms: 0, end_ms: 1800, speaker: 'Speaker 1', text: 'We agreed to move the launch to Friday.' }], durationMs: 2000, language: 'en' }

const engine = (name: string, model: string | undefined, accuracy: 'rough' | 'accurate'): OpenedEngine => ({
  transcriber: { name, ...(model === undefined ? {} : { model }), available: true, transcribe: () => TE.right(SAID) },
  accuracy,
  description: name,
  files: [],
  speakersByVoice: null,
  close: async () => {},
})

/** The live engine over two stand-ins: PocketSphinx until `whisperIn()`, then Whisper base.en. */
const liveEngine = () => {
  let whisper = false
  const choice = (): EngineChoice => ({
    setting: 'auto', chosen: whisper ? 'whisper' : 'pocketsphinx', found: { whisperModel: whisper ? '/models/ggml-base.en.bin' : null, pocketsphinx: true },
    speakers: null, unusableSpeakers: [], key: whisper ? 'whisper' : 'pocketsphinx',
  })
  const live = createSpeechEngine({ choose: choice, open: (c) => (c.chosen === 'whisper' ? engine('whisper', 'base.en', 'accurate') : engine('pocketsphinx', undefined, 'rough')) })
  return { transcriber: live, whisperIn: async () => ((whisper = true), live.refresh('base.en was downloaded')) }
}

const uploaded = async (h: Harness, filename: string, bytes: Buffer) => {
  const u = (await h.request('POST', '/uploads', { body: { filename, byteSize: bytes.length } })).body.data
  assert.is((await putContent(h, u.id, bytes, h.keys.full)).status, 200)
  await h.worker.drain()
  return u as { id: string; runId: string }
}
const detail = async (h: Harness, runId: string) => (await h.request('GET', `/recordings/${runId}`)).body.data

s('audio transcribed by PocketSphinx says so; the next one, after Whisper is in place without a restart, says Whisper; the first stays rough', async () => {
  const live = liveEngine()
  const h = await startHarness({ ports: { transcriber: live.transcriber } })
  await closing(h, async () => {
    const before = await uploaded(h, 'first.wav', silentWav(2))
    const first = await detail(h, before.runId)
    assert.equal([first.state, first.transcribedBy], ['ready', { engine: 'pocketsphinx', model: null, accuracy: 'rough' }])
    assert.is(await live.whisperIn(), true)
    const after = await uploaded(h, 'second.wav', silentWav(2))
    assert.equal((await detail(h, after.runId)).transcribedBy, { engine: 'whisper', model: 'base.en', accuracy: 'accurate' })
    assert.equal((await detail(h, before.runId)).transcribedBy, { engine: 'pocketsphinx', model: null, accuracy: 'rough' }, 'the first keeps its engine')
  })
})

s('an engine that does not name itself (an embedding application\'s) is named by the transcriber port', async () => {
  const own: Transcriber = { name: 'in-house', model: 'v2', accuracy: 'accurate', available: true, transcribe: () => TE.right(SAID) }
  const h = await startHarness({ ports: { transcriber: own } })
  await closing(h, async () => {
    const u = await uploaded(h, 'call.wav', silentWav(2))
    assert.equal((await detail(h, u.runId)).transcribedBy, { engine: 'in-house', model: 'v2', accuracy: 'accurate' })
  })
})

s('null until transcribed, and for a transcript file (no engine ran), even with an engine in place', async () => {
  const h = await startHarness({ ports: { transcriber: liveEngine().transcriber } })
  await closing(h, async () => {
    const pending = (await h.request('POST', '/uploads', { body: { filename: 'later.wav', byteSize: 10 } })).body.data
    assert.is((await detail(h, pending.runId)).transcribedBy, null, 'not transcribed yet')
    const file = await uploaded(h, 'planning.vtt', VTT)
    const read = await detail(h, file.runId)
    assert.equal([read.state, read.speakerSeparation, read.transcribedBy], ['ready', 'transcript', null])
  })
})

s('a bot\'s transcript of the meeting\'s captions says `captions`, with no model or accuracy', async () => {
  const h = await startHarness({ ports: { transcriber: liveEngine().transcriber } })
  await closing(h, async () => {
    const bot = (await h.request('POST', '/bots', { body: { joinUrl: 'https://meet.google.com/abc-defg-hij', title: 'Launch planning' } })).body.data
    await h.worker.drain()
    const done = await detail(h, bot.runId)
    assert.equal([done.state, done.speakerSeparation, done.transcribedBy], ['ready', 'transcript', { engine: 'captions', model: null, accuracy: null }])
  })
})

s('a failed transcription leaves it null', async () => {
  const h = await startHarness()
  await closing(h, async () => {
    const u = await uploaded(h, 'call.wav', silentWav(2))
    const failed = await detail(h, u.runId)
    assert.equal([failed.state, failed.failedStage, failed.transcribedBy], ['failed', 'transcribing', null])
  })
})

s('the OpenAPI description documents transcribedBy on the recording detail', async () => {
  const h = await startHarness()
  await closing(h, async () => {
    const data = h.openapi.paths['/recordings/{runId}'].get.responses['200'].content['application/json'].schema.properties.data
    assert.ok(data.required.includes('transcribedBy'))
    assert.match(data.properties.transcribedBy.description, /uploaded transcript file/)
    const shape = data.properties.transcribedBy.anyOf?.find((x: { type?: string }) => x.type === 'object') ?? data.properties.transcribedBy.oneOf?.find((x: { type?: string }) => x.type === 'object')
    assert.ok(shape, JSON.stringify(data.properties.transcribedBy).slice(0, 400))
    assert.equal(Object.keys(shape.properties).sort(), ['accuracy', 'engine', 'model'])
  })
})

s.run()
