import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createOpenAiTranscriber } from '../../../../adapters/speech/transcribe-openai/index.js'
import { left, right } from '../../../support/run.js'
import { makeTone } from '../audio/make-audio.js'
import { json, StandInServer, text } from './stand-in-server.js'

interface Ctx {
  dir: string
  audio: string
  server: StandInServer
  baseUrl: string
}
const openai = suite<Ctx>('openai transcriber', {} as Ctx)

openai.before(async (ctx) => {
  ctx.dir = await mkdtemp(join(tmpdir(), 'openai-transcriber-test-'))
  ctx.audio = join(ctx.dir, 'meeting.ogg')
  await makeTone(ctx.audio, 2, ['-ar', '48000', '-ac', '2'])
  ctx.server = new StandInServer()
  ctx.baseUrl = await ctx.server.start()
})
openai.after(async (ctx) => {
  await ctx.server.stop()
  await rm(ctx.dir, { recursive: true, force: true })
})
openai.before.each((ctx) => {
  ctx.server.received.length = 0
})

const SEGMENTS = {
  text: 'Hello there. General update.',
  language: 'english',
  duration: 2.0,
  segments: [
    { id: 1, start: 1.25, end: 9.0, text: ' General update.', tokens: [1, 2] },
    { id: 0, start: 0.0, end: 1.2, text: ' Hello there.', tokens: [3] },
    { id: 2, start: 1.9, end: 1.95, text: '   ' },
  ],
}

openai('segments become utterances in ms, in order, clamped to the audio, by the default speaker', async (ctx) => {
  ctx.server.reply = (res) => json(res, 200, SEGMENTS)
  const transcriber = createOpenAiTranscriber({ baseUrl: ctx.baseUrl, apiKey: 'sk-test', model: 'whisper-1', language: 'en' })
  const result = await right(transcriber.transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.ok(Math.abs(result.durationMs - 2000) <= 20, `duration ${result.durationMs}`)
  assert.equal(result.utterances, [
    { start_ms: 0, end_ms: 1200, speaker: 'Room', text: 'Hello there.' },
    { start_ms: 1250, end_ms: result.durationMs, speaker: 'Room', text: 'General update.' },
  ])
  assert.is(transcriber.name, 'openai')
})

openai('the request is the multipart POST OpenAI documents, with a 16 kHz mono WAV', async (ctx) => {
  ctx.server.reply = (res) => json(res, 200, SEGMENTS)
  await right(createOpenAiTranscriber({ baseUrl: ctx.baseUrl, apiKey: 'sk-test', model: 'whisper-1', language: 'en' }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.is(ctx.server.received.length, 1)
  const req = ctx.server.received[0]!
  assert.is(req.method, 'POST')
  assert.is(req.path, '/v1/audio/transcriptions')
  assert.is(req.headers.authorization, 'Bearer sk-test')
  assert.match(req.headers['content-type'] ?? '', /^multipart\/form-data; boundary=/)
  assert.is(req.form.get('model'), 'whisper-1')
  assert.is(req.form.get('response_format'), 'verbose_json')
  assert.equal(req.form.getAll('timestamp_granularities[]'), ['segment'])
  assert.is(req.form.get('language'), 'en')
  const file = req.form.get('file')
  assert.ok(file instanceof File, 'file is sent as a file part')
  assert.is(file.name, 'audio.wav')
  const wav = Buffer.from(await file.arrayBuffer())
  assert.is(wav.toString('ascii', 0, 4), 'RIFF')
  assert.is(wav.toString('ascii', 8, 12), 'WAVE')
  assert.is(wav.readUInt16LE(22), 1, 'mono')
  assert.is(wav.readUInt32LE(24), 16000, '16 kHz')
})

openai('a base URL ending in /v1/ is not doubled; no key means no Authorization header', async (ctx) => {
  ctx.server.reply = (res) => json(res, 200, SEGMENTS)
  await right(createOpenAiTranscriber({ baseUrl: `${ctx.baseUrl}/v1/`, model: 'base.en' }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  const req = ctx.server.received[0]!
  assert.is(req.path, '/v1/audio/transcriptions')
  assert.is(req.headers.authorization, undefined)
  assert.is(req.form.get('language'), null)
})

openai('an upload\'s language code goes in the language field over the configured one; auto sends none; the answer\'s language comes back as a code', async (ctx) => {
  ctx.server.reply = (res) => json(res, 200, SEGMENTS)
  const transcriber = createOpenAiTranscriber({ baseUrl: ctx.baseUrl, model: 'whisper-1', language: 'en' })
  assert.is(transcriber.languages, 'any')
  const asked = await right(transcriber.transcribe({ path: ctx.audio, defaultSpeaker: 'Room', language: 'de' }))
  assert.is(ctx.server.received[0]!.form.get('language'), 'de')
  assert.is(asked.language, 'en', 'OpenAI names the language (english): read as its code')
  ctx.server.reply = (res) => json(res, 200, { ...SEGMENTS, language: 'pt' })
  const detected = await right(transcriber.transcribe({ path: ctx.audio, defaultSpeaker: 'Room', language: 'auto' }))
  assert.is(ctx.server.received[1]!.form.get('language'), null, 'auto: the server detects')
  assert.is(detected.language, 'pt')
  ctx.server.reply = (res) => json(res, 200, { text: 'Hallo.' })
  const unsaid = await right(transcriber.transcribe({ path: ctx.audio, defaultSpeaker: 'Room', language: 'de' }))
  assert.is(unsaid.language, 'de', 'a server that does not say: the language it was told')
  ctx.server.reply = (res) => json(res, 200, { text: 'Hallo.', language: 'klingon' })
  const unknown = await right(createOpenAiTranscriber({ baseUrl: ctx.baseUrl, model: 'm' }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.is(unknown.language, undefined, 'neither a code nor a known name, and nothing asked: no language')
})

openai('text without segments becomes one utterance over the whole audio', async (ctx) => {
  ctx.server.reply = (res) => json(res, 200, { text: '  Just the words. ' })
  const result = await right(createOpenAiTranscriber({ baseUrl: ctx.baseUrl, model: 'm' }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.equal(result.utterances, [{ start_ms: 0, end_ms: result.durationMs, speaker: 'Room', text: 'Just the words.' }])
})

openai('401 says the key was refused, quoting the server', async (ctx) => {
  ctx.server.reply = (res) => json(res, 401, { error: { message: 'Incorrect API key provided: sk-test.', type: 'invalid_request_error' } })
  const f = await left(createOpenAiTranscriber({ baseUrl: ctx.baseUrl, apiKey: 'sk-test', model: 'm' }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.is(f._tag, 'TranscriptionFailure')
  assert.is(f.message, 'the transcription service refused the request (HTTP 401); check the API key (NOTETAKER_TRANSCRIBER_KEY): Incorrect API key provided: sk-test.')
})

openai('500 reports the status and the start of the body', async (ctx) => {
  ctx.server.reply = (res) => text(res, 500, 'CUDA out of memory\n')
  const f = await left(createOpenAiTranscriber({ baseUrl: ctx.baseUrl, model: 'm' }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.is(f.message, 'the transcription service failed (HTTP 500): CUDA out of memory')
})

openai('an answer that is not JSON, or not the expected shape, is reported', async (ctx) => {
  ctx.server.reply = (res) => text(res, 200, '<html>proxy login</html>')
  const notJson = await left(createOpenAiTranscriber({ baseUrl: ctx.baseUrl, model: 'm' }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.is(notJson.message, 'the transcription service answered with something that is not JSON: <html>proxy login</html>')
  ctx.server.reply = (res) => json(res, 200, { text: 'x', segments: [{ start: 'zero', end: 1, text: 'x' }] })
  const badShape = await left(createOpenAiTranscriber({ baseUrl: ctx.baseUrl, model: 'm' }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.is(badShape.message, 'the transcription service\'s answer is not usable: segments[0].start is not as expected (got "zero")')
})

openai('a server that never answers is abandoned at the time limit', async (ctx) => {
  ctx.server.reply = () => {} // hold the request open
  const f = await left(createOpenAiTranscriber({ baseUrl: ctx.baseUrl, model: 'm', timeoutMs: 300 }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.is(f.message, `the transcription service at ${ctx.baseUrl}/v1/audio/transcriptions did not answer within 300 ms`)
})

openai('an unreachable server is named', async (ctx) => {
  const closed = new StandInServer()
  const url = await closed.start()
  await closed.stop()
  const f = await left(createOpenAiTranscriber({ baseUrl: url, model: 'm' }).transcribe({ path: ctx.audio, defaultSpeaker: 'Room' }))
  assert.is(f.message, `could not reach the transcription service at ${url}/v1/audio/transcriptions: ECONNREFUSED`)
})

openai('a file that is not audio fails before anything is sent', async (ctx) => {
  const notAudio = join(ctx.dir, 'notes.mp3')
  await writeFile(notAudio, 'minutes of the meeting\n')
  const f = await left(createOpenAiTranscriber({ baseUrl: ctx.baseUrl, model: 'm' }).transcribe({ path: notAudio, defaultSpeaker: 'Room' }))
  assert.is(f.message, 'the file is not audio Notetaker can read (it is text)')
  assert.is(ctx.server.received.length, 0)
})

openai.run()
