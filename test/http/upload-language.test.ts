import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { LANGUAGE_REQUEST_PATTERN } from '../../src/core/domain/recordings/language.js'
import { closing, type Harness, startHarness } from '../support/http.js'
import { englishOnlyTranscriber, steppedTranscriber } from '../support/transcribers.js'
import { putContent, silentWav, VTT } from './share-world.js'

const s = suite('uploads: the language asked for, and the one detected, on the upload and the recording')

const used = async (h: Harness) => (await h.request('GET', '/me/allowance')).body.data.used as number
const languages = async (h: Harness, upload: { id: string; runId: string }) => [
  (await h.request('GET', `/uploads/${upload.id}`)).body.data.language,
  (await h.request('GET', `/recordings/${upload.runId}`)).body.data.language,
  (await h.request('GET', '/uploads')).body.data.rows.find((r: { id: string }) => r.id === upload.id).language,
]

s('a named language is kept on the upload and its recording; none is null', async () => {
  const h = await startHarness()
  await closing(h, async () => {
    for (const [asked, shown] of [['de', 'de'], ['pt-BR', 'pt-BR'], ['yue', 'yue'], ['auto', 'auto'], [undefined, null]] as const) {
      const r = await h.request('POST', '/uploads', { body: { filename: 'call.wav', byteSize: 1000, ...(asked === undefined ? {} : { language: asked }) } })
      assert.is(r.status, 201, JSON.stringify(r.body))
      assert.is(r.body.data.language, shown, String(asked))
      assert.equal(await languages(h, r.body.data), [shown, shown, shown], String(asked))
    }
  })
})

s('auto: the engine is asked to detect, and the language it detects is on the upload and the recording once transcribed', async () => {
  const stepped = steppedTranscriber()
  const h = await startHarness({ ports: { transcriber: stepped.transcriber } })
  await closing(h, async () => {
    const wav = silentWav(2)
    const u = (await h.request('POST', '/uploads', { body: { filename: 'call.wav', byteSize: wav.length, language: 'auto' } })).body.data
    assert.is((await putContent(h, u.id, wav, h.keys.full)).status, 200)
    const drained = h.worker.drain()
    const call = await stepped.nextCall()
    assert.is(call.audio.language, 'auto', 'the engine was asked to detect')
    assert.equal(await languages(h, u), ['auto', 'auto', 'auto'], 'while transcribing: what was asked')
    call.finish({ utterances: [{ start_ms: 0, end_ms: 1500, speaker: 'Speaker 1', text: 'Wir liefern am Freitag.' }], durationMs: 2000, language: 'de' })
    await drained
    assert.is((await h.request('GET', `/uploads/${u.id}`)).body.data.stage, 'ready')
    assert.equal(await languages(h, u), ['de', 'de', 'de'])
  })
})

s('a code is passed to the engine as asked; no language passes none, and what the engine reports is shown', async () => {
  const stepped = steppedTranscriber()
  const h = await startHarness({ ports: { transcriber: stepped.transcriber } })
  await closing(h, async () => {
    const wav = silentWav(1)
    const named = (await h.request('POST', '/uploads', { body: { filename: 'a.wav', byteSize: wav.length, language: 'fr' } })).body.data
    const unnamed = (await h.request('POST', '/uploads', { body: { filename: 'b.wav', byteSize: wav.length } })).body.data
    for (const u of [named, unnamed]) {
      assert.is((await putContent(h, u.id, wav, h.keys.full)).status, 200)
      const drained = h.worker.drain()
      const call = await stepped.nextCall()
      assert.is(call.audio.language, u === named ? 'fr' : undefined)
      // The first engine does not say what it used; the second says English.
      call.finish({ utterances: [{ start_ms: 0, end_ms: 900, speaker: 'Speaker 1', text: 'Hello.' }], durationMs: 1000, ...(u === named ? {} : { language: 'en' }) })
      await drained
    }
    assert.equal(await languages(h, named), ['fr', 'fr', 'fr'], 'not reported: the one asked for')
    assert.equal(await languages(h, unnamed), ['en', 'en', 'en'], 'none asked: the one reported')
  })
})

s('a transcript keeps the language it was given (never detected); auto on a transcript is unknown, null', async () => {
  const h = await startHarness()
  await closing(h, async () => {
    for (const [asked, shown] of [['fr', 'fr'], ['auto', null]] as const) {
      const u = (await h.request('POST', '/uploads', { body: { filename: 'notes.vtt', byteSize: VTT.length, language: asked } })).body.data
      assert.is(u.language, shown)
      assert.is((await putContent(h, u.id, VTT, h.keys.full)).status, 200)
      await h.worker.drain()
      assert.is((await h.request('GET', `/uploads/${u.id}`)).body.data.stage, 'ready')
      assert.equal(await languages(h, u), [shown, shown, shown], asked)
    }
  })
})

s('a language of another shape is 422 on language; nothing is created or counted', async () => {
  const h = await startHarness()
  await closing(h, async () => {
    const before = await used(h)
    for (const language of ['EN', 'english', 'e', 'en_US', 'pt-br', 'en-GBR', 'deu-', '', ' de', 'AUTO', 'detect', 5, null]) {
      for (const filename of ['call.wav', 'notes.vtt']) {
        const r = await h.request('POST', '/uploads', { body: { filename, language } })
        assert.equal([r.status, r.body.error?.code], [422, 'VALIDATION_ERROR'], `${JSON.stringify(language)} ${filename}`)
        assert.equal(r.body.error.details.map((d: { path: string }) => d.path), ['language'], `${JSON.stringify(language)} ${filename}`)
        if (typeof language === 'string') assert.match(r.body.error.message, /ISO 639/)
      }
    }
    assert.is(await used(h), before, 'the allowance is untouched')
    assert.is((await h.request('GET', '/uploads')).body.data.total, 0, 'no upload was created')
  })
})

s('audio in a language the engine does not know is 422 on language, saying so and how to get Whisper; English, a region of it and auto are taken', async () => {
  const h = await startHarness({ ports: { transcriber: englishOnlyTranscriber() } })
  await closing(h, async () => {
    const before = await used(h)
    for (const language of ['de', 'pt-BR', 'yue']) {
      const r = await h.request('POST', '/uploads', { body: { filename: 'call.wav', byteSize: 1000, language } })
      assert.equal([r.status, r.body.error.code], [422, 'VALIDATION_ERROR'], language)
      assert.equal(r.body.error.details.map((d: { path: string }) => d.path), ['language'], language)
      const message: string = r.body.error.message
      for (const words of ['english-only', 'only English (en)', `(${language})`, 'nothing was created or counted', 'notetaker models pull base'])
        assert.ok(message.includes(words), `the message says ${words}: ${message}`)
    }
    assert.match((await h.request('POST', '/uploads', { body: { filename: 'call.wav', language: 'de' } })).body.error.message, /German \(de\)/)
    assert.is(await used(h), before, 'nothing counted')
    assert.is((await h.request('GET', '/uploads')).body.data.total, 0, 'nothing created')
    for (const language of ['en', 'en-GB', 'auto']) {
      const r = await h.request('POST', '/uploads', { body: { filename: 'call.wav', byteSize: 1000, language } })
      assert.equal([r.status, r.body.data.language], [201, language])
    }
    const transcript = await h.request('POST', '/uploads', { body: { filename: 'notes.vtt', language: 'de' } })
    assert.equal([transcript.status, transcript.body.data.language], [201, 'de'], 'a transcript needs no engine, so any language')
  })
})

s('another account cannot see the upload or its language', async () => {
  const h = await startHarness()
  await closing(h, async () => {
    const u = (await h.request('POST', '/uploads', { body: { filename: 'call.wav', language: 'de' } })).body.data
    assert.is((await h.request('GET', `/uploads/${u.id}`, { key: h.keys.other })).status, 404)
    assert.is((await h.request('GET', `/recordings/${u.runId}`, { key: h.keys.other })).status, 404)
  })
})

s('the OpenAPI description documents language on POST /uploads, the upload and the recording', async () => {
  const h = await startHarness()
  await closing(h, async () => {
    const body = h.openapi.paths['/uploads'].post.requestBody.content['application/json'].schema
    const asked = body.properties.language
    assert.is(asked.pattern, LANGUAGE_REQUEST_PATTERN)
    assert.match(asked.description, /auto/)
    assert.match(asked.description, /pt-BR/)
    assert.not.ok((body.required ?? []).includes('language'), 'optional')
    const data = (path: string) => h.openapi.paths[path].get.responses['200'].content['application/json'].schema.properties.data
    for (const [name, object] of Object.entries<any>({ Upload: data('/uploads/{uploadId}'), UploadRow: data('/uploads').properties.rows.items, RecordingDetail: data('/recordings/{runId}') })) {
      assert.ok(object.required.includes('language'), name)
      assert.match(object.properties.language.description, /detected/, name)
    }
    assert.match(h.openapi.paths['/uploads'].post.responses['422'].description, /language/)
  })
})

s.run()
