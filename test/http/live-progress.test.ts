import { pino } from 'pino'
import { suite } from 'uvu'
import * as assert from 'uvu/assert'
import { createSimulatedBotRunner } from '../../adapters/bots/simulated/runner.js'
import { fixedClock } from '../../adapters/system/clock.js'
import { createNoTranscriber } from '../../adapters/speech/transcribe-none/index.js'
import type { BotRunner } from '../../src/core/ports/bot-runner.js'
import { waitFor } from '../support/cli.js'
import { closing, type Harness, startHarness } from '../support/http.js'
import { steppedTranscriber } from '../support/transcribers.js'
import { putContent, silentWav } from './share-world.js'

const s = suite('live progress: recording seconds, processing progress, audio without a transcriber')

const used = async (h: Harness) => (await h.request('GET', '/me/allowance')).body.data.used as number

s('with no speech-to-text engine, POST /uploads of audio is 422 on filename saying how to add one; nothing is created or counted', async () => {
  const h = await startHarness({ ports: { transcriber: createNoTranscriber() } })
  await closing(h, async () => {
    const before = await used(h)
    for (const filename of ['call.wav', 'Standup.MP3', 'meeting.webm']) {
      const r = await h.request('POST', '/uploads', { body: { filename, byteSize: 1000 } })
      assert.equal([r.status, r.body.error.code], [422, 'VALIDATION_ERROR'], filename)
      assert.equal(r.body.error.details.map((d: { path: string }) => d.path), ['filename'], filename)
      const message: string = r.body.error.message
      for (const words of ['NOTETAKER_TRANSCRIBER=pocketsphinx', 'pocketsphinx-en-us', 'NOTETAKER_TRANSCRIBER=openai', 'NOTETAKER_TRANSCRIBER_URL', 'vtt, srt, txt, json'])
        assert.ok(message.includes(words), `the message says ${words}: ${message}`)
      assert.is(r.body.error.details[0].message, message)
    }
    assert.is(await used(h), before, 'the allowance is untouched')
    assert.is((await h.request('GET', '/uploads')).body.data.total, 0, 'no upload was created')
    assert.is((await h.request('GET', '/recordings')).body.data.total, 0, 'no recording was created')
    const transcript = await h.request('POST', '/uploads', { body: { filename: 'notes.vtt' } })
    assert.equal([transcript.status, transcript.body.data.kind], [201, 'transcript'], 'a transcript file needs no engine')
    assert.is(await used(h), before + 1)
  })
})

s('with a speech-to-text engine, the same audio upload is accepted and counted', async () => {
  const h = await startHarness()
  await closing(h, async () => {
    const before = await used(h)
    const r = await h.request('POST', '/uploads', { body: { filename: 'call.wav', byteSize: 1000 } })
    assert.equal([r.status, r.body.data.kind, r.body.data.stage, r.body.data.progress], [201, 'audio', 'pending', null])
    assert.is(await used(h), before + 1)
  })
})

s('while processing, the upload and the recording carry the stage and fraction; null before and after', async () => {
  const stepped = steppedTranscriber()
  const h = await startHarness({ ports: { transcriber: stepped.transcriber } })
  await closing(h, async () => {
    const wav = silentWav(2)
    const u = (await h.request('POST', '/uploads', { body: { filename: 'call.wav', byteSize: wav.length } })).body.data
    assert.is(u.progress, null, 'waiting for its file: not processing')
    const stored = await (await putContent(h, u.id, wav, h.keys.full)).json()
    assert.equal([stored.data.stage, stored.data.progress], ['stored', { stage: 'transcribing', fraction: 0 }], 'stored: about to transcribe')

    const drained = h.worker.drain()
    const call = await stepped.nextCall()
    const seen = async () => {
      const [upload, detail, list, bots] = await Promise.all([
        h.request('GET', `/uploads/${u.id}`),
        h.request('GET', `/recordings/${u.runId}`),
        h.request('GET', '/recordings'),
        h.request('GET', '/bots'),
      ])
      const rows = (await h.request('GET', '/uploads')).body.data.rows
      return [upload.body.data.progress, detail.body.data.progress, list.body.data.rows[0].progress, bots.body.data.rows[0].progress, rows[0].progress]
    }
    assert.is((await h.request('GET', `/recordings/${u.runId}`)).body.data.state, 'transcribing')
    assert.equal(await seen(), Array(5).fill({ stage: 'transcribing', fraction: 0 }), 'nothing reported yet')

    call.progress(0.5)
    const half = { stage: 'transcribing', fraction: 0.5 }
    // The write lands asynchronously; wait for it (bounded), then every view agrees.
    await waitFor('the reported progress', () => h.request('GET', `/uploads/${u.id}`).then((r) => r.body.data.progress), (p) => p?.fraction === 0.5, 10)
    assert.equal(await seen(), Array(5).fill(half))
    assert.is((await h.request('GET', `/recordings/${u.runId}`)).body.data.state, 'transcribing', 'still transcribing meanwhile')

    call.finish({ utterances: [{ start_ms: 0, end_ms: 1500, speaker: 'Speaker 1', text: 'We agreed to ship on Friday.' }], durationMs: 2000 })
    await drained
    const done = (await h.request('GET', `/uploads/${u.id}`)).body.data
    assert.equal([done.stage, done.progress], ['ready', null])
    const detail = (await h.request('GET', `/recordings/${u.runId}`)).body.data
    assert.equal([detail.state, detail.progress, detail.recordingSeconds], ['ready', null, 2])
  })
})

s('the OpenAPI description documents progress on recordings and uploads', async () => {
  const h = await startHarness()
  await closing(h, async () => {
    const data = (path: string) => h.openapi.paths[path].get.responses['200'].content['application/json'].schema.properties.data
    const objects: Record<string, any> = {
      RecordingRow: data('/recordings').properties.rows.items,
      BotRow: data('/bots').properties.rows.items,
      RecordingDetail: data('/recordings/{runId}'),
      Upload: data('/uploads/{uploadId}'),
      UploadRow: data('/uploads').properties.rows.items,
    }
    for (const [name, object] of Object.entries(objects)) {
      const progress = object.properties.progress
      assert.ok(object.required.includes('progress'), name)
      assert.match(progress.description, /processing/, name)
      const shape = progress.anyOf[0]
      assert.equal(shape.properties.stage.enum, ['transcribing', 'analysing'], name)
      assert.equal([shape.properties.fraction.minimum, shape.properties.fraction.maximum], [0, 1], name)
      assert.match(shape.properties.fraction.description, /every 2 seconds/, name)
    }
    assert.match(objects['RecordingRow'].properties.recordingSeconds.description, /growing/)
    assert.match(objects['RecordingDetail'].properties.recordingSeconds.description, /growing/)
    assert.match(h.openapi.paths['/uploads'].post.responses['422'].description, /speech-to-text/)
  })
})

/** The simulated bot, held in the meeting after the first line it hears, until `release`. */
const heldInMeeting = (inner: BotRunner) => {
  let heard!: () => void
  let release!: () => void
  const hasHeard = new Promise<void>((r) => (heard = r))
  const gate = new Promise<void>((r) => (release = r))
  const runner: BotRunner = {
    name: 'held',
    start: (job, onEvent) =>
      inner.start(job, async (event) => {
        await onEvent(event)
        if (event.type === 'caption') {
          heard()
          await gate
        }
      }),
  }
  return { runner, hasHeard, release }
}

s('while a bot records, recordingSeconds is the time since it was admitted, growing with the clock, in every view', async () => {
  // The harness's own bot: the shipped script as fast as possible, on a clock of its own that stands at the harness's start.
  const simulated = createSimulatedBotRunner({ clock: fixedClock('2026-06-01T12:00:00.000Z'), logger: pino({ level: 'silent' }), speed: Number.POSITIVE_INFINITY, audio: false })
  const held = heldInMeeting(simulated)
  const h = await startHarness({ ports: { botRunner: held.runner } })
  await closing(h, async () => {
    const bot = (await h.request('POST', '/bots', { body: { joinUrl: 'https://meet.google.com/abc-defg-hij' } })).body.data
    assert.is(bot.recordingSeconds, null)
    const drained = h.worker.drain()
    await held.hasHeard
    const detail = (await h.request('GET', `/recordings/${bot.runId}`)).body.data
    assert.equal([detail.state, detail.progress], ['recording', null])
    h.clock.set(new Date(Date.parse(detail.joinedAt) + 75_000))
    const views = async () => [
      (await h.request('GET', `/recordings/${bot.runId}`)).body.data.recordingSeconds,
      (await h.request('GET', '/recordings')).body.data.rows[0].recordingSeconds,
      (await h.request('GET', '/bots')).body.data.rows[0].recordingSeconds,
    ]
    assert.equal(await views(), [75, 75, 75])
    h.clock.advance(30_500)
    assert.equal(await views(), [105, 105, 105], 'whole seconds, growing')
    const asked = (await h.request('POST', `/bots/${bot.runId}/leave`)).body.data
    assert.equal([asked.state, asked.recordingSeconds], ['recording', 105], 'the leave answer too')
    held.release()
    await drained
    const done = (await h.request('GET', `/recordings/${bot.runId}`)).body.data
    assert.is(done.state, 'ready')
    // Released, the script plays on as fast as it can: it may end the meeting before the bot notices the leave request.
    assert.ok(['The bot was asked to leave.', 'The meeting ended.'].includes(done.detail), done.detail)
    const final = done.recordingSeconds
    assert.is(final, Math.round((Date.parse(done.endedAt) - Date.parse(done.joinedAt)) / 1000), 'the figure stored when the bot left')
    h.clock.advance(60_000)
    assert.is((await h.request('GET', `/recordings/${bot.runId}`)).body.data.recordingSeconds, final, 'and it grows no more')
  })
})

s.run()
